// system::Once: std::once_flag's contract (the first caller runs the function; the others
// wait for it to finish and then see what it made; a function that throws leaves the next
// caller to try again) without a system call. glibc's pthread_once, behind std::call_once,
// makes a futex call each time it has run a function, whether anyone waits or not: the
// linter's two per file (parse, expression index) were 20,000 system calls a check of
// 10,000 small workflows.
#pragma once

#include <atomic>
#include <mutex>

namespace wfgen::system {

class Once {
 public:
  template <class F>
  void call(F&& f) {
    if (done_.load(std::memory_order_acquire)) return;
    std::lock_guard<std::mutex> lock(mutex_);  // uncontended: no system call
    if (done_.load(std::memory_order_relaxed)) return;
    f();
    done_.store(true, std::memory_order_release);
  }

 private:
  std::atomic<bool> done_{false};
  std::mutex mutex_;
};

}  // namespace wfgen::system
