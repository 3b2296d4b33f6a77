#include "system/side_tasks.h"

#include <cstdint>
#include <utility>

namespace wfgen::system {

SideTasks::~SideTasks() { run_all(true); }

void SideTasks::add(std::function<void()> task, std::thread::id runner) {
  std::lock_guard<std::mutex> lock(mutex_);
  queued_.push_back({added_++, runner, std::move(task)});
}

void SideTasks::run_all(bool any) noexcept {
  const std::thread::id me = std::this_thread::get_id();
  for (;;) {
    std::function<void()> task;
    size_t index;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = queued_.begin();
      while (it != queued_.end() && !any && it->runner != std::thread::id{} && it->runner != me)
        ++it;
      if (it == queued_.end()) return;
      task = std::move(it->run);
      index = it->index;
      queued_.erase(it);
    }
    try {
      task();
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (index < failed_at_) {
        failed_at_ = index;
        failed_ = std::current_exception();
      }
    }
  }
}

void SideTasks::finish() {
  run_all(true);
  std::exception_ptr failed;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    failed = std::exchange(failed_, nullptr);
    failed_at_ = SIZE_MAX;
  }
  if (failed) std::rethrow_exception(failed);
}

}  // namespace wfgen::system
