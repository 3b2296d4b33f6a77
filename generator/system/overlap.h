// Two independent steps run at once, with the outcome of running them one after the other.
#pragma once

#include <exception>
#include <vector>

#include "system/worker.h"

namespace wfgen::system {

// Runs `early` on a kept thread while `late` runs on this one, and ends as `early();
// late();` would: should both throw, the exception rethrown is early's (late's work is then
// thrown away). Without a thread to be had, the two run here, in that order. The two
// must share nothing that is written.
template <class Early, class Late>
void overlap(const Early& early, const Late& late) {
  std::exception_ptr early_failed;
  std::vector<TaskHandle> pool;
  const bool beside = start_worker(pool, [&] {
    try {
      early();
    } catch (...) {
      early_failed = std::current_exception();
    }
  });
  if (!beside) {
    early();
    late();
    return;
  }
  try {
    late();
  } catch (...) {
    pool.front().join();
    if (early_failed) std::rethrow_exception(early_failed);
    throw;
  }
  pool.front().join();
  if (early_failed) std::rethrow_exception(early_failed);
}

}  // namespace wfgen::system
