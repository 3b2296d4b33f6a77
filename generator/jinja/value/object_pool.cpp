#include "jinja/value/object_pool.h"

#include <cstdint>
#include <new>

namespace wfgen::jinja::object_pool {

#if defined(__SANITIZE_ADDRESS__)

void* allocate(size_t size) {
  return ::operator new(size);
}
void deallocate(void* p, size_t size) noexcept {
  ::operator delete(p, size);
}

#else

namespace {

constexpr size_t kGranule = 16;
constexpr size_t kLargest = 512;  // larger objects go straight to operator new
constexpr size_t kClasses = kLargest / kGranule;

struct FreeBlock {
  FreeBlock* next;
};

// Blocks a list keeps: past it, a freed block goes back to operator new's allocator. A
// thread that frees what others made (the run's structures, freed in the background)
// would otherwise keep them all, for good: threads are kept (system/kept_threads.h).
constexpr size_t kHeldBytes = size_t{256} << 10;

// One set of free lists per thread: renders are single-threaded, and an object freed on
// another thread simply joins that thread's list. The lists give their blocks back when
// the thread ends.
struct FreeLists {
  FreeBlock* heads[kClasses] = {};
  uint32_t held[kClasses] = {};
  ~FreeLists() {
    for (size_t c = 0; c < kClasses; ++c) {
      while (FreeBlock* b = heads[c]) {
        heads[c] = b->next;
        ::operator delete(b, (c + 1) * kGranule);
      }
    }
  }
};

thread_local FreeLists lists;

size_t size_class(size_t size) {
  return (size + kGranule - 1) / kGranule - 1;
}

}  // namespace

void* allocate(size_t size) {
  if (size > kLargest || size == 0) return ::operator new(size);
  size_t c = size_class(size);
  if (FreeBlock* b = lists.heads[c]) {
    // The next block is fetched now: a list is in the order blocks were freed, and the
    // next allocation would otherwise wait on memory to learn the one after it.
    FreeBlock* next = b->next;
    __builtin_prefetch(next, 1);
    lists.heads[c] = next;
    --lists.held[c];
    return b;
  }
  return ::operator new((c + 1) * kGranule);
}

void deallocate(void* p, size_t size) noexcept {
  if (size > kLargest || size == 0) return ::operator delete(p, size);
  size_t c = size_class(size);
  const size_t block = (c + 1) * kGranule;
  if (lists.held[c] >= kHeldBytes / block) return ::operator delete(p, block);
  auto* b = static_cast<FreeBlock*>(p);
  b->next = lists.heads[c];
  lists.heads[c] = b;
  ++lists.held[c];
}

#endif

}  // namespace wfgen::jinja::object_pool
