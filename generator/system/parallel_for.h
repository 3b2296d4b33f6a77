// A loop over [0, n) on several threads that ends as the sequential loop would: should
// `work` throw, the exception rethrown is the one of the lowest index that threw. Side
// tasks given to it (system/side_tasks.h) run on its threads before their share of it.
#pragma once

#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "system/side_tasks.h"
#include "system/worker.h"

namespace wfgen::system {

// Runs `work(i)` for every i in [0, n) on up to `threads` threads (this one included), each
// taking the next index. Once an index throws no thread takes another; every lower index
// was taken before it and still runs to its end, so the lowest that threw is the one a
// sequential loop meets first, and that is the exception thrown here, once all have stopped.
// With `side`, each thread first runs side tasks until none is left for it (their errors
// are side's to keep), so that a task and the loop never want more threads than
// `threads`; a thread whose share is done runs those left for threads that never came.
template <class Work>
void parallel_for(size_t n, unsigned threads, const Work& work, SideTasks* side = nullptr) {
  std::atomic<size_t> next{0};
  std::mutex failed_mutex;
  size_t failed_at = n;
  std::exception_ptr failed;
  auto loop = [&] {
    if (side) side->run_all();
    for (size_t i = next++; i < n; i = next++) {
      try {
        work(i);
      } catch (...) {
        next = n;
        std::lock_guard<std::mutex> lock(failed_mutex);
        if (i < failed_at) {
          failed_at = i;
          failed = std::current_exception();
        }
        break;
      }
    }
    if (side) side->run_all(true);
  };
  std::vector<TaskHandle> pool;
  for (unsigned t = 1; t < threads && t < n; ++t)
    if (!start_worker(pool, loop)) break;  // the ones started (and this one) do it all
  loop();
  for (auto& t : pool) t.join();
  if (failed) std::rethrow_exception(failed);
}

}  // namespace wfgen::system
