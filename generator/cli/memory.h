// Prepares the process's memory for one run of the CLI.
#pragma once

#include <cstddef>

namespace wfgen::cli {

// Keeps allocations of up to `bytes` on the heap and faults its first `bytes` in with one
// call. On the virtual machines CI runs on, touching a fresh page costs ~15 us when the
// fault is taken page by page and ~5 us when the pages are populated in one batch; a
// render touches a few hundred pages (its output, the parsed templates, the data).
void prepare_heap(size_t bytes);

}  // namespace wfgen::cli
