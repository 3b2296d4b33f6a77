// Starting a worker thread: its heap prepared first (system/heap.h), and a system that has
// no thread left to give is no error (the caller's threads do the work).
#pragma once

#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "system/heap.h"

namespace wfgen::system {

// Adds a thread running `work` to `pool`; false when none could be started.
template <class Work>
bool start_worker(std::vector<std::thread>& pool, Work work) {
  try {
    pool.emplace_back([work = std::move(work)]() mutable {
      prepare_thread_heap();
      work();
    });
    return true;
  } catch (const std::system_error&) {
    return false;
  }
}

}  // namespace wfgen::system
