// The process's operator new and delete. A run makes ~300,000 allocations, almost all of
// them under 1 KB (strings, JSON and template values, YAML nodes), and glibc's malloc
// spent ~200 instructions on each allocation and its free: a fifth of a check. Blocks up
// to 1 KB now come from free lists each thread keeps per size (16-byte steps), refilled
// from 64 KB spans of one reserved address range; larger blocks, and every block once
// the range is used up or could not be reserved, come from malloc. A thread that frees
// more than 64 KB of a size hands the list over to the threads that allocate (a renderer
// frees what the planner made), and a thread that ends, or a kept thread whose task ends,
// gives its lists back. Memory is never returned to the system: wfgen is a command that
// ends, and the benchmarks repeat the same run (which takes no new memory after its
// first few).
// Sanitizer builds keep the sanitizers' own operator new (they check every block).
#pragma once

#include <cstddef>

// 1 when this build's operator new is small_blocks', 0 under a sanitizer (which brings its
// own, to check every block).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define WFGEN_SMALL_BLOCKS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define WFGEN_SMALL_BLOCKS 0
#endif
#endif
#ifndef WFGEN_SMALL_BLOCKS
#define WFGEN_SMALL_BLOCKS 1
#endif

namespace wfgen::system {

struct SmallBlockStats {
  bool active = false;        // this build's operator new is ours (no sanitizer)
  bool reserved = false;      // the range is reserved (at the first allocation)
  size_t spans_taken = 0;     // spans handed to threads so far
  size_t region_bytes = 0;    // the range's size
};

SmallBlockStats small_block_stats();

// Whether `p` came from the range (a block of up to 1 KB).
bool is_small_block(const void* p);

// Hands the calling thread's freed blocks over to the other threads. A kept thread does so
// when its task ends: idle, it would hold what it freed (up to 64 KB of each size) while
// the threads that allocate took new spans, run after run.
void hand_over_free_blocks();

// The range made ready, once (prepare_heap calls it): backed by 2 MB pages where the kernel
// gives them on request, else its first `bytes`, the run's first spans, faulted in with
// one call; as prepare_heap does for malloc's heap.
void prepare_small_blocks(size_t bytes);

}  // namespace wfgen::system
