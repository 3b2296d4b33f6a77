#include "system/side_tasks.h"

#include <cstdint>
#include <utility>

namespace wfgen::system {

SideTasks::~SideTasks() { run_all(); }

void SideTasks::add(std::function<void()> task) {
  std::lock_guard<std::mutex> lock(mutex_);
  queued_.push_back(std::move(task));
}

void SideTasks::run_all() noexcept {
  for (;;) {
    std::function<void()> task;
    size_t index;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (queued_.empty()) return;
      task = std::move(queued_.front());
      queued_.pop_front();
      index = taken_++;
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
  run_all();
  std::exception_ptr failed;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    failed = std::exchange(failed_, nullptr);
    failed_at_ = SIZE_MAX;
  }
  if (failed) std::rethrow_exception(failed);
}

}  // namespace wfgen::system
