#include "system/kept_threads.h"

#include <pthread.h>

#include <cerrno>
#include <exception>
#include <memory>
#include <system_error>
#include <utility>
#include <vector>

#include "system/heap.h"
#include "system/placement.h"
#include "system/small_blocks.h"

namespace wfgen::system {

void TaskHandle::join() {
  if (!state_) return;
  std::unique_lock<std::mutex> lock(state_->mutex);
  state_->ended.wait(lock, [&] { return state_->done; });
  lock.unlock();
  state_.reset();
}

namespace {

// One kept thread and its next task, given under its lock.
struct Seat {
  std::mutex mutex;
  std::condition_variable wake;
  std::function<void()> task;
  std::shared_ptr<TaskHandle::State> state;
  pthread_t thread{};  // set by the thread itself, before it first waits
};

class Keeper {
 public:
  TaskHandle run(std::function<void()> task) {
    auto state = std::make_shared<TaskHandle::State>();
    cpu_set_t others;
    const bool apart = other_cpus(others);
    if (Seat* seat = take_idle()) {
      if (apart) pin(seat->thread, others);  // it wakes there
      {
        std::lock_guard<std::mutex> lock(seat->mutex);
        seat->task = std::move(task);
        seat->state = state;
      }
      seat->wake.notify_one();
      return TaskHandle(std::move(state));
    }
    auto seat = std::make_unique<Seat>();
    seat->task = std::move(task);
    seat->state = state;
    start(*seat, apart ? &others : nullptr);
    seat.release();  // kept for the process's life, as its thread
    return TaskHandle(std::move(state));
  }

 private:
  Seat* take_idle() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (idle_.empty()) return nullptr;
    Seat* seat = idle_.back();
    idle_.pop_back();
    return seat;
  }

  void start(Seat& seat, const cpu_set_t* cpus) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      idle_.reserve(seats_ + 1);  // a thread going idle never allocates
    }
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    if (cpus) pthread_attr_setaffinity_np(&attr, sizeof *cpus, cpus);  // started there
    pthread_t thread;
    const int err = pthread_create(&thread, &attr, &Keeper::thread_main, &seat);
    pthread_attr_destroy(&attr);
    if (err != 0) throw std::system_error(err, std::generic_category(), "pthread_create");
    pthread_detach(thread);
    std::lock_guard<std::mutex> lock(mutex_);
    ++seats_;
  }

  static void* thread_main(void* arg);

  void serve(Seat& seat) {
    for (;;) {
      std::function<void()> task;
      std::shared_ptr<TaskHandle::State> state;
      {
        std::unique_lock<std::mutex> lock(seat.mutex);
        seat.wake.wait(lock, [&] { return static_cast<bool>(seat.task); });
        task = std::move(seat.task);
        seat.task = nullptr;
        state = std::move(seat.state);
      }
      run_anywhere();  // started or woken pinned away from its caller's CPU
      try {
        task();
      } catch (...) {
        std::terminate();
      }
      task = nullptr;  // what it holds goes before the caller hears it has run
      hand_over_free_blocks();  // what it freed is for the threads that allocate next
      // Waiting for work again before the caller hears, so that the task the caller
      // gives next finds this thread instead of starting another.
      {
        std::lock_guard<std::mutex> lock(mutex_);
        idle_.push_back(&seat);
      }
      {
        std::lock_guard<std::mutex> lock(state->mutex);
        state->done = true;
      }
      state->ended.notify_all();
    }
  }

  std::mutex mutex_;
  std::vector<Seat*> idle_;
  size_t seats_ = 0;
};

// Never destroyed: kept threads wait on it until the process ends.
Keeper& keeper() {
  static Keeper* k = new Keeper;
  return *k;
}

void* Keeper::thread_main(void* arg) {
  Seat& seat = *static_cast<Seat*>(arg);
  {
    std::lock_guard<std::mutex> lock(seat.mutex);
    seat.thread = pthread_self();
  }
  prepare_thread_heap();
  keeper().serve(seat);
  return nullptr;
}

}  // namespace

TaskHandle run_on_kept_thread(std::function<void()> task) {
  return keeper().run(std::move(task));
}

}  // namespace wfgen::system
