// Starting a worker: a task on a kept thread (system/kept_threads.h), and a system that
// has no thread left to give is no error (the caller's threads do the work).
#pragma once

#include <system_error>
#include <utility>
#include <vector>

#include "system/kept_threads.h"

namespace wfgen::system {

// Adds a worker running `work` to `pool` (join each before `work`'s captures go); false
// when none could be started.
template <class Work>
bool start_worker(std::vector<TaskHandle>& pool, Work work) {
  try {
    pool.push_back(run_on_kept_thread(std::move(work)));
    return true;
  } catch (const std::system_error&) {
    return false;
  }
}

}  // namespace wfgen::system
