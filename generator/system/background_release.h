// Frees what it is given on a thread of its own, so that a caller with more to do does not
// wait on the destructor of a large structure (a run's expanded matrices and parsed
// templates take milliseconds to free, a tree node at a time). Whatever it was given is
// gone, its thread joined, once the BackgroundRelease itself goes: nothing outlives the run.
#pragma once

#include <memory>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace wfgen::system {

class BackgroundRelease {
 public:
  BackgroundRelease() = default;
  BackgroundRelease(const BackgroundRelease&) = delete;
  BackgroundRelease& operator=(const BackgroundRelease&) = delete;
  ~BackgroundRelease() { wait(); }

  // Frees `owned` on a new thread; here, at once, when no thread can be started. `owned`
  // must be shared with no other thread.
  template <class T>
  void release(std::unique_ptr<T> owned) {
    if (!owned) return;
    threads_.reserve(threads_.size() + 1);  // may throw: `owned` is then freed as it unwinds
    T* raw = owned.release();
    try {
      threads_.emplace_back([raw] { delete raw; });
    } catch (const std::system_error&) {
      delete raw;  // no thread to be had: freed here
    }
  }

  // Waits until everything given is freed.
  void wait() {
    for (std::thread& t : threads_)
      if (t.joinable()) t.join();
    threads_.clear();
  }

 private:
  std::vector<std::thread> threads_;
};

}  // namespace wfgen::system
