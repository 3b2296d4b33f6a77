// Frees what it is given on another thread, so that a caller with more to do does not
// wait on the destructor of a large structure (a run's expanded matrices and parsed
// templates take milliseconds to free, a tree node at a time). Whatever it was given is
// gone once the BackgroundRelease itself goes: nothing outlives the run.
#pragma once

#include <exception>
#include <memory>
#include <utility>
#include <vector>

#include "system/kept_threads.h"

namespace wfgen::system {

class BackgroundRelease {
 public:
  BackgroundRelease() = default;
  BackgroundRelease(const BackgroundRelease&) = delete;
  BackgroundRelease& operator=(const BackgroundRelease&) = delete;
  ~BackgroundRelease() { wait(); }

  // Frees `owned` on a kept thread (system/kept_threads.h); here, at once, when no thread
  // can be had. `owned` must be shared with no other thread.
  template <class T>
  void release(std::unique_ptr<T> owned) {
    if (!owned) return;
    tasks_.reserve(tasks_.size() + 1);  // may throw: `owned` is then freed as it unwinds
    T* raw = owned.release();
    try {
      tasks_.push_back(run_on_kept_thread([raw] { delete raw; }));
    } catch (const std::exception&) {  // no thread to be had (system_error, bad_alloc)
      delete raw;                        // freed here
    }
  }

  // Waits until everything given is freed (a handle joins as it goes).
  void wait() { tasks_.clear(); }

 private:
  std::vector<TaskHandle> tasks_;
};

}  // namespace wfgen::system
