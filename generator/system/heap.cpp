#include "system/heap.h"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "system/small_blocks.h"

namespace wfgen::system {

namespace {

constexpr uintptr_t kHugePage = uintptr_t{2} << 20;

// Whether the kernel backs a range with 2 MB pages when asked (transparent huge pages in
// `always` or `madvise` mode).
bool read_huge_pages_on_request() {
  std::FILE* f = std::fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
  if (!f) return false;
  char mode[128] = {};
  size_t n = std::fread(mode, 1, sizeof mode - 1, f);
  std::fclose(f);
  mode[n] = '\0';
  return std::strstr(mode, "[always]") || std::strstr(mode, "[madvise]");
}

// (Unused under AddressSanitizer, which keeps the heap to itself.)
[[maybe_unused]] bool huge_pages_on_request() {
  static const bool on = read_huge_pages_on_request();
  return on;
}

uintptr_t round_up(uintptr_t p, uintptr_t to) { return (p + to - 1) & ~(to - 1); }
uintptr_t round_down(uintptr_t p, uintptr_t to) { return p & ~(to - 1); }

// Asks for 2 MB pages on the whole 2 MB pages inside [begin, end).
[[maybe_unused]] void use_huge_pages(uintptr_t begin, uintptr_t end) {
  const uintptr_t from = round_up(begin, kHugePage), to = round_down(end, kHugePage);
  if (to > from) madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE);
}

}  // namespace

void ready_range(void* begin, size_t bytes, size_t populate) {
#if defined(MADV_POPULATE_WRITE) && !defined(__SANITIZE_ADDRESS__)
  const auto from_addr = reinterpret_cast<uintptr_t>(begin);
  if (huge_pages_on_request()) {
    // The range's 2 MB pages fault in one at a time as the run reaches them.
    use_huge_pages(from_addr, from_addr + bytes);
  } else {
    // Without them, the first `populate` bytes are faulted in with one call. A kernel
    // without MADV_POPULATE_WRITE (before 5.14) refuses it: pages then fault in one by
    // one, as they would have anyway.
    const auto page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
    const uintptr_t from = round_up(from_addr, page);
    const uintptr_t to = round_down(from_addr + std::min(populate, bytes), page);
    if (to > from) madvise(reinterpret_cast<void*>(from), to - from, MADV_POPULATE_WRITE);
  }
#else
  (void)begin, (void)bytes, (void)populate;
#endif
}

void prepare_heap(const HeapPlan& plan) {
#if defined(MADV_POPULATE_WRITE) && !defined(__SANITIZE_ADDRESS__)
  // Large buffers (the outputs, files read) stay on the heap instead of getting mappings
  // of their own, and freed memory stays with the process instead of going back to the
  // kernel (to be faulted in again).
  mallopt(M_MMAP_THRESHOLD, static_cast<int>(plan.reserve + (1 << 20)));
  mallopt(M_TRIM_THRESHOLD, static_cast<int>(plan.reserve * 2));
  // Past the reserve, the heap grows by `grow` at a time, not by what one request lacks
  // (a `brk` call each: 700 of them in a check of 10,000 small workflows).
  mallopt(M_TOP_PAD, static_cast<int>(plan.grow));
  // (Worker threads keep arenas of their own: sharing this one, they wait on its lock
  // longer than its faults cost them, measured with 2 threads.)
  void* block = std::malloc(plan.reserve);
  if (!block) return;  // a capped address space: the heap grows as it needs
  ready_range(block, plan.reserve, plan.populate);
  std::free(block);  // back to the heap's free top, where the run's allocations come from
  // Blocks up to 1 KB come from a range of their own (system/small_blocks.h).
  prepare_small_blocks(plan.populate);
#else
  (void)plan;
#endif
}

void prepare_thread_heap(size_t bytes) {
#if !defined(__SANITIZE_ADDRESS__)
  // Below prepare_heap's mmap threshold, the block comes from this thread's arena (with
  // glibc's default threshold it would be a mapping of its own, asked for in vain). Its
  // pages are not touched (populating a worker's heap costs more than it saves), but the
  // arena is made writable this far in one call: grown as needed, it takes an `mprotect`
  // per step (3,000 of them in a check of 10,000 small workflows), and freed it stays
  // (prepare_heap's trim threshold).
  void* block = std::malloc(bytes);
  if (!block) return;
  const auto begin = reinterpret_cast<uintptr_t>(block);
  if (huge_pages_on_request()) use_huge_pages(begin, begin + bytes);
  std::free(block);
#else
  (void)bytes;
#endif
}

}  // namespace wfgen::system
