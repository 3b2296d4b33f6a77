// Threads kept for the process's life: a thread that has done its task waits for the next
// one instead of ending. A run starts a worker for each of its phases (planning and
// rendering, linting with its side tasks, comparing), and a process may run many (the
// benchmarks, a library user): starting a thread and joining it cost a run 0.3-0.5 ms each on the
// machines CI runs on, and a new thread's caches (its free lists) start cold. A thread is
// started, and woken, on another CPU than the caller's (system/placement.h).
//
// A child process made by fork() has none of the kept threads: it must not give them
// tasks (wfgen never forks).
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>

namespace wfgen::system {

// What a task's caller holds: join() returns once the task has run, and what it captured
// is gone. A handle that goes unjoined joins first: a task may use what its caller holds.
class TaskHandle {
 public:
  struct State {  // shared with the thread running the task
    std::mutex mutex;
    std::condition_variable ended;
    bool done = false;
  };
  explicit TaskHandle(std::shared_ptr<State> state) : state_(std::move(state)) {}
  TaskHandle(TaskHandle&&) noexcept = default;
  TaskHandle& operator=(TaskHandle&& other) noexcept {
    join();
    state_ = std::move(other.state_);
    return *this;
  }
  ~TaskHandle() { join(); }
  bool joinable() const { return state_ != nullptr; }
  void join();  // nothing when not joinable

 private:
  std::shared_ptr<State> state_;
};

// Runs `task` on a kept thread that waits for work, else on a new one (its heap prepared:
// system/heap.h). Throws std::system_error when no thread can be started. A task must not
// throw (an exception that escapes it ends the process, as one escaping a std::thread
// does).
TaskHandle run_on_kept_thread(std::function<void()> task);

}  // namespace wfgen::system
