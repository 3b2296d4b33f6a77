// The process's heap, prepared for a run: on the virtual machines CI runs on, touching a
// fresh 4 KB page costs ~12 us when the fault is taken page by page (~5 us when pages are
// populated in one batch), and a check of a large project touches thousands: as much as
// the work itself. A 2 MB page (transparent huge pages) takes one fault of ~150 us.
#pragma once

#include <cstddef>

namespace wfgen::system {

struct HeapPlan {
  // Heap kept for the run, as one range backed by 2 MB pages where the kernel offers them
  // on request; larger blocks get mappings of their own.
  size_t reserve = size_t{24} << 20;
  // Without 2 MB pages: how much of the reserve is faulted in up front, in one call.
  size_t populate = size_t{1} << 20;
  // Past the reserve, the heap's growth at a time (its pages fault in only when used).
  size_t grow = size_t{4} << 20;
};

// Makes [begin, begin + bytes) ready for a run: backed by 2 MB pages where the kernel
// gives them on request, else its first `populate` bytes faulted in with one call.
void ready_range(void* begin, size_t bytes, size_t populate);

// For the CLI's main (and the benchmarks', so that they measure what a run costs), before
// anything is allocated in earnest.
void prepare_heap(const HeapPlan& plan = {});

// For a worker thread, first thing: glibc gives each thread an arena of its own, which
// would otherwise be made writable and fault in page by page; `bytes` of it are made
// writable at once, and backed by 2 MB pages where the kernel offers them.
void prepare_thread_heap(size_t bytes = size_t{16} << 20);

}  // namespace wfgen::system
