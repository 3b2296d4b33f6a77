#include "cli/memory.h"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>

namespace wfgen::cli {

void prepare_heap(size_t bytes) {
#if defined(MADV_POPULATE_WRITE) && !defined(__SANITIZE_ADDRESS__)
  // Large buffers (the output) stay on the heap instead of getting mappings of their own,
  // and freed memory stays with the process instead of going back to the kernel.
  mallopt(M_MMAP_THRESHOLD, static_cast<int>(bytes * 4));
  mallopt(M_TRIM_THRESHOLD, static_cast<int>(bytes * 8));
  void* block = std::malloc(bytes);
  if (!block) return;
  const auto page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  const auto start = (reinterpret_cast<uintptr_t>(block) + page - 1) & ~(page - 1);
  const auto end = (reinterpret_cast<uintptr_t>(block) + bytes) & ~(page - 1);
  // A kernel without MADV_POPULATE_WRITE (before 5.14) refuses it: pages then fault in
  // one by one, as they would have anyway.
  if (end > start) madvise(reinterpret_cast<void*>(start), end - start, MADV_POPULATE_WRITE);
  std::free(block);  // back to the heap's free top, populated
#else
  (void)bytes;
#endif
}

}  // namespace wfgen::cli
