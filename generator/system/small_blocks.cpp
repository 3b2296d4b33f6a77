#include "system/small_blocks.h"

#include <sys/mman.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>

#include "system/heap.h"

namespace wfgen::system {

namespace {

constexpr size_t kRegionBytes = size_t{4} << 30;  // address space only: pages are backed as used

}  // namespace

#if WFGEN_SMALL_BLOCKS
namespace {

constexpr size_t kGranule = 16;  // every block is aligned to it (__STDCPP_DEFAULT_NEW_ALIGNMENT__)
constexpr size_t kLargest = 1024;
constexpr size_t kClasses = kLargest / kGranule + 1;  // class k: blocks of k * 16 bytes (k >= 1)
constexpr size_t kSpanBytes = size_t{64} << 10;
constexpr size_t kSpans = kRegionBytes / kSpanBytes;
// Unused ends of spans kept per class when threads end; past that they are dropped (only
// address space: their pages were never touched).
constexpr size_t kKeptRanges = 32;
// Blocks of a class a thread keeps freed before handing them over to the shared lists:
// a thread that frees what another made (the planner's rows, freed by a renderer) would
// otherwise hold them while the maker takes new spans. So no shared list is longer.
constexpr size_t kHeldBytes = size_t{64} << 10;
constexpr auto kHeldLimit = [] {
  std::array<int32_t, kClasses> limit{};
  for (size_t k = 1; k < kClasses; ++k) limit[k] = static_cast<int32_t>(kHeldBytes / (k * kGranule));
  return limit;
}();

static_assert(kGranule % alignof(std::max_align_t) == 0);
static_assert(kSpanBytes % kLargest == 0);

// A free block: the next one of its list; then, the first block of a shared list, the next
// shared list, or a block of a thread's list, the one after `next` (a hint: see allocate).
struct Block {
  Block* next;
  Block* next_list;  // or the one after next
};

struct Range {
  char* next = nullptr;
  char* end = nullptr;
};

// What every thread shares: the range, the class of each span, and the lists and span ends
// threads handed over. Constant-initialized, so usable by allocations made before main and by static
// constructors; never destroyed (blocks are freed by static destructors too).
struct Region {
  std::atomic<char*> base{nullptr};
  std::atomic<size_t> spans_taken{0};
  uint8_t span_class[kSpans] = {};
  std::mutex lock;  // guards what follows
  bool refused = false;
  Block* lists[kClasses] = {};
  Range ranges[kClasses][kKeptRanges] = {};
  size_t range_count[kClasses] = {};
};
constinit Region g_region;

// A thread's lists and its current span per class. Trivial, so that reaching it costs
// no guard on each allocation; what a thread gives back when it ends is Farewell's job.
// What the thread freed and what it took from the shared lists are two lists: counting
// only its own frees, it hands over what it holds past the limit. (One list counted from
// each take grew by the limit at every take and hand-over: a thread that took back a long
// list kept it and freed more into it, while the others took new spans, run after run.)
struct Cache {
  Block* free[kClasses];  // what this thread freed, the last first
  // The block after the first of `free` (a hint, null when unknown): kept here, a free
  // writes it into the block it frees without reading the list's first block.
  Block* second[kClasses];
  Block* taken[kClasses];  // the rest of a shared list this thread took
  Range bump[kClasses];
  int32_t held[kClasses];  // blocks in `free`
  bool ended;       // given back: this thread's later frees go to the shared lists
  bool farewell;    // Farewell is registered
};
thread_local constinit Cache t_cache = {};

void give_back(Cache& c);

struct Farewell {
  ~Farewell() { give_back(t_cache); }
};
thread_local Farewell t_farewell;

char* reserve_region() {
  void* p = mmap(nullptr, kRegionBytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? nullptr : static_cast<char*>(p);
}

// The range's base, reserving it on first use; null when the system refused it.
char* region_base() {
  char* base = g_region.base.load(std::memory_order_acquire);
  if (base) return base;
  std::lock_guard<std::mutex> hold(g_region.lock);
  base = g_region.base.load(std::memory_order_relaxed);
  if (base || g_region.refused) return base;
  base = reserve_region();
  if (!base) {
    g_region.refused = true;
    return nullptr;
  }
  // (Its pages are made ready once, by prepare_small_blocks, as prepare_heap does the heap's.)
  g_region.base.store(base, std::memory_order_release);
  return base;
}

// A block of class `k` when the thread's list and span are empty: a shared list (handed
// over by a thread that freed more than it kept, or given back by one that ended), a span
// end an ended thread left, else a new span. Null: the range is used up or refused. (Not
// inlined, as no slow path here is: the fast paths then save no registers.)
[[gnu::noinline]] void* refill(Cache& c, size_t k) {
  if (c.ended) return nullptr;
  if (!c.farewell) {
    c.farewell = true;
    Farewell* volatile constructed = &t_farewell;  // its destructor runs when the thread ends
    (void)constructed;
  }
  char* base = region_base();
  if (!base) return nullptr;
  {
    std::lock_guard<std::mutex> hold(g_region.lock);
    if (Block* list = g_region.lists[k]) {
      g_region.lists[k] = list->next_list;
      c.taken[k] = list->next;
      return list;
    }
    if (size_t& n = g_region.range_count[k]; n > 0) c.bump[k] = g_region.ranges[k][--n];
  }
  const size_t size = k * kGranule;
  if (c.bump[k].next == c.bump[k].end) {
    const size_t span = g_region.spans_taken.fetch_add(1, std::memory_order_relaxed);
    if (span >= kSpans) return nullptr;
    g_region.span_class[span] = static_cast<uint8_t>(k);
    char* begin = base + span * kSpanBytes;
    c.bump[k] = {begin, begin + kSpanBytes / size * size};
  }
  void* p = c.bump[k].next;
  c.bump[k].next += size;
  return p;
}

// Puts `list` on the shared lists of class `k`; the lock is held.
void share(Block* list, size_t k) {
  list->next_list = g_region.lists[k];
  g_region.lists[k] = list;
}

// Hands the thread's list of class `k` over to the shared lists.
[[gnu::noinline]] void hand_over(Cache& c, size_t k) {
  std::lock_guard<std::mutex> hold(g_region.lock);
  share(c.free[k], k);
  c.free[k] = c.second[k] = nullptr;
  c.held[k] = 0;
}

// Hands both lists of class `k` over, what the thread freed last (on top: the next taken,
// and the warmer); the lock is held.
void share_both(Cache& c, size_t k) {
  if (c.taken[k]) share(c.taken[k], k);
  if (c.free[k]) share(c.free[k], k);
  c.free[k] = c.second[k] = c.taken[k] = nullptr;
  c.held[k] = 0;
}

void give_back(Cache& c) {
  std::lock_guard<std::mutex> hold(g_region.lock);
  for (size_t k = 1; k < kClasses; ++k) {
    share_both(c, k);
    if (c.bump[k].next != c.bump[k].end && g_region.range_count[k] < kKeptRanges)
      g_region.ranges[k][g_region.range_count[k]++] = c.bump[k];
    c.bump[k] = {};
  }
  c.ended = true;
}

// Hands every list over (a kept thread whose task ended).
void hand_over_all(Cache& c) {
  std::lock_guard<std::mutex> hold(g_region.lock);
  for (size_t k = 1; k < kClasses; ++k) share_both(c, k);
}

// A block freed by a thread whose lists were given back (static destructors, thread-local
// destructors that run after Farewell's): a list of its own on the shared lists.
[[gnu::noinline]] void give_back_one(Block* b, size_t k) {
  std::lock_guard<std::mutex> hold(g_region.lock);
  b->next = nullptr;
  share(b, k);
}

[[gnu::noinline]] void* allocate_large(size_t n) {
  for (;;) {
    if (void* p = std::malloc(n ? n : 1)) return p;
    std::new_handler handler = std::get_new_handler();
    if (!handler) throw std::bad_alloc();
    handler();
  }
}

inline void* allocate(size_t n) {
  if (n <= kLargest) {
    const size_t k = n ? (n + kGranule - 1) / kGranule : 1;
    Cache& c = t_cache;
    if (Block* b = c.free[k]) {
      // A list is in the order its blocks were freed, seldom theirs in memory: the block two
      // allocations ahead is fetched now, so that the allocation that takes it does not
      // wait on memory to learn the one after it (a check of this project spent a tenth of
      // its time there, one cache miss after another; 8 % fetching the next block, 5-6 %
      // fetching two ahead: perf samples).
      Block* next = b->next;
      Block* after = b->next_list;  // next's next, when b was freed; a hint, never followed
      __builtin_prefetch(next, 1);
      __builtin_prefetch(after, 1);
      c.free[k] = next;
      c.second[k] = after;
      --c.held[k];
      return b;
    }
    if (Block* b = c.taken[k]) {  // as above, with the hints written as its blocks were freed
      __builtin_prefetch(b->next, 1);
      __builtin_prefetch(b->next_list, 1);
      c.taken[k] = b->next;
      return b;
    }
    if (c.bump[k].next != c.bump[k].end) {
      void* p = c.bump[k].next;
      c.bump[k].next += k * kGranule;
      return p;
    }
    if (void* p = refill(c, k)) return p;
  }
  return allocate_large(n);
}

inline size_t span_of(const void* p, const char* base) {
  return static_cast<size_t>(static_cast<const char*>(p) - base) / kSpanBytes;
}

inline bool in_region(const void* p, const char* base) {
  return base && p >= base && static_cast<const char*>(p) < base + kRegionBytes;
}

inline void release(void* p) {
  const char* base = g_region.base.load(std::memory_order_acquire);
  if (!in_region(p, base)) {
    std::free(p);
    return;
  }
  const size_t k = g_region.span_class[span_of(p, base)];
  auto* b = static_cast<Block*>(p);
  Cache& c = t_cache;
  if (c.ended) {
    give_back_one(b, k);
    return;
  }
  b->next = c.free[k];
  b->next_list = c.second[k];
  c.second[k] = c.free[k];
  c.free[k] = b;
  if (++c.held[k] > kHeldLimit[k]) hand_over(c, k);
}

void* allocate_nothrow(size_t n) noexcept {
  try {
    return allocate(n);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}

}  // namespace

SmallBlockStats small_block_stats() {
  SmallBlockStats s;
  s.active = true;
  s.reserved = g_region.base.load(std::memory_order_acquire) != nullptr;
  s.spans_taken = std::min(g_region.spans_taken.load(std::memory_order_relaxed), kSpans);
  s.region_bytes = kRegionBytes;
  return s;
}

bool is_small_block(const void* p) {
  return in_region(p, g_region.base.load(std::memory_order_acquire));
}

void hand_over_free_blocks() {
  Cache& c = t_cache;
  if (!c.ended) hand_over_all(c);
}

void prepare_small_blocks(size_t bytes) {
  if (char* base = region_base()) ready_range(base, kRegionBytes, bytes);
}

#else  // a sanitizer's operator new

SmallBlockStats small_block_stats() {
  SmallBlockStats s;
  s.region_bytes = kRegionBytes;
  return s;
}
bool is_small_block(const void*) { return false; }
void prepare_small_blocks(size_t) {}
void hand_over_free_blocks() {}

#endif

}  // namespace wfgen::system

#if WFGEN_SMALL_BLOCKS
// The replaceable allocation functions ([new.delete.single], [new.delete.array]); the
// aligned ones stay the library's (their blocks are malloc's, freed by their own delete).
void* operator new(std::size_t n) { return wfgen::system::allocate(n); }
void* operator new[](std::size_t n) { return wfgen::system::allocate(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  return wfgen::system::allocate_nothrow(n);
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  return wfgen::system::allocate_nothrow(n);
}
void operator delete(void* p) noexcept { wfgen::system::release(p); }
void operator delete[](void* p) noexcept { wfgen::system::release(p); }
void operator delete(void* p, std::size_t) noexcept { wfgen::system::release(p); }
void operator delete[](void* p, std::size_t) noexcept { wfgen::system::release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { wfgen::system::release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { wfgen::system::release(p); }
#endif
