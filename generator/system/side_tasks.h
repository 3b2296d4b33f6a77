// Work that runs beside a parallel loop, on the loop's own threads: a loop given side tasks
// (system/parallel_for.h) has each of its threads run what is queued before it takes its
// share of the loop. A run's side work (freeing what rendering built, listing the output
// dir) so takes turns on the threads the loop already has, one per core, instead of
// threads of its own: on 2 cores a third runnable thread preempted the lint's threads,
// some while they held a lock the other waited on (measured: idle gaps of up to a
// millisecond while a check's matrices were freed beside its lint).
//
// A task may name the thread that is to run it: one that frees what that thread made.
// Its memory is in that core's cache, and the blocks it frees go back to that thread's
// own lists, for its next allocations; on another core each would be a cache miss (on
// hosts whose two cores share no cache, a line took ~200 ns to come over: measured, a
// second thread cost a check a third more CPU there, much of it in freeing and
// allocating).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace wfgen::system {

class SideTasks {
 public:
  SideTasks() = default;
  SideTasks(const SideTasks&) = delete;
  SideTasks& operator=(const SideTasks&) = delete;
  // Runs what no loop took (nothing outlives the tasks' owner); their errors are dropped,
  // as it goes only once finish() was called or while an error unwinds.
  ~SideTasks();

  // Queues `task` (the order they are queued in is the order they are taken in), for
  // thread `runner` when one is named.
  void add(std::function<void()> task, std::thread::id runner = {});

  // Runs queued tasks on this thread until none is left for it: those for no thread in
  // particular and those for this one, and with `any`, those for other threads too; with
  // several threads calling it, each task runs once. A task's error is kept for finish().
  void run_all(bool any = false) noexcept;

  // Runs what is left (whatever thread it was for), then rethrows the error of the first task queued that threw, as
  // running them one after the other would have met it first. Called once no loop that
  // was given the tasks runs any more.
  void finish();

 private:
  struct Queued {
    size_t index;            // in the order queued
    std::thread::id runner;  // none: any thread
    std::function<void()> run;
  };
  std::mutex mutex_;
  std::deque<Queued> queued_;
  size_t added_ = 0;                 // tasks queued so far: the next one's index
  size_t failed_at_ = SIZE_MAX;      // the index of the first task that threw
  std::exception_ptr failed_;
};

}  // namespace wfgen::system
