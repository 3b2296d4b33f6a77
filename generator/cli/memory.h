// Prepares the process's memory for one run of the CLI (the benchmarks prepare theirs the
// same way, so that they measure what a run costs).
#pragma once

#include <cstddef>

namespace wfgen::cli {

// On the virtual machines CI runs on, touching a fresh 4 KB page costs ~12 us when the
// fault is taken page by page (~5 us when pages are populated in one batch), and a check
// of a large project touches thousands: as much as the work itself. A 2 MB page takes one
// fault of ~150 us.
struct HeapPlan {
  // Heap kept for the run, as one range backed by 2 MB pages where the kernel offers them
  // on request (transparent huge pages); larger blocks get mappings of their own.
  size_t reserve = size_t{24} << 20;
  // Without 2 MB pages: how much of the reserve is faulted in up front, in one call.
  size_t populate = size_t{1} << 20;
};

void prepare_heap(const HeapPlan& plan = {});

}  // namespace wfgen::cli
