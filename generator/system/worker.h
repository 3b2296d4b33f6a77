// Starting a worker thread: on another CPU (system/placement.h), its heap prepared first
// (system/heap.h), and a system that has no thread left to give is no error (the caller's
// threads do the work).
#pragma once

#include <atomic>
#include <memory>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "system/heap.h"
#include "system/placement.h"

namespace wfgen::system {

// Adds a thread running `work` to `pool`; false when none could be started.
template <class Work>
bool start_worker(std::vector<std::thread>& pool, Work work) {
  try {
    auto placed = std::make_shared<std::atomic<bool>>(false);
    pool.emplace_back([work = std::move(work), placed]() mutable {
      settle(*placed);
      prepare_thread_heap();
      work();
    });
    place_apart(pool.back(), *placed);
    return true;
  } catch (const std::system_error&) {
    return false;
  }
}

}  // namespace wfgen::system
