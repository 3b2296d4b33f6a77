// system::SideTasks: tasks that take turns on a parallel loop's threads, each run once,
// before the thread's share of the loop (a task for a thread on that thread, when it comes);
// finish() meets the error that running them in order would; nothing queued outlives the
// SideTasks.
#include "system/side_tasks.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "system/parallel_for.h"

using wfgen::system::parallel_for;
using wfgen::system::SideTasks;

namespace {

// What a call threw ("" when nothing).
template <class F>
std::string thrown_by(const F& f) {
  try {
    f();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(SideTasks, RunOnceEachOnTheLoopsThreadsBeforeTheirShare) {
  SideTasks side;
  std::atomic<int> task_runs{0};
  std::mutex mutex;
  std::set<std::thread::id> task_threads, loop_threads;
  // The first task holds its thread until the loop has started elsewhere: the second task
  // and the loop's items then run on the other thread, which took the second task first.
  std::atomic<bool> loop_started{false};
  side.add([&] {
    ++task_runs;
    for (int i = 0; i < 5000 && !loop_started; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::lock_guard<std::mutex> lock(mutex);
    task_threads.insert(std::this_thread::get_id());
  });
  std::atomic<int> second_done{0};
  side.add([&] {
    ++task_runs;
    second_done = 1;
    std::lock_guard<std::mutex> lock(mutex);
    task_threads.insert(std::this_thread::get_id());
  });
  std::vector<std::atomic<int>> runs(200);
  std::atomic<bool> item_before_second{false};
  parallel_for(runs.size(), 2, [&](size_t i) {
    loop_started = true;
    if (!second_done) item_before_second = true;
    ++runs[i];
    std::lock_guard<std::mutex> lock(mutex);
    loop_threads.insert(std::this_thread::get_id());
  }, &side);
  EXPECT_EQ(task_runs.load(), 2);
  for (size_t i = 0; i < runs.size(); ++i) ASSERT_EQ(runs[i].load(), 1) << i;
  EXPECT_FALSE(item_before_second);  // the second task ran before any item was taken
  EXPECT_EQ(task_threads.size(), 2u);  // one task on each of the loop's threads
  for (const std::thread::id& id : loop_threads) EXPECT_EQ(task_threads.count(id), 1u);
  side.finish();  // nothing left, nothing failed
  EXPECT_EQ(task_runs.load(), 2);
}

TEST(SideTasks, FinishThrowsTheErrorOfTheFirstTaskQueuedThatThrew) {
  // The first task throws only after a while, the second at once: one after the other,
  // the first's is met first, and so must it be with the two on two threads.
  SideTasks side;
  side.add([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    throw std::runtime_error("first");
  });
  side.add([] { throw std::runtime_error("second"); });
  bool ran = false;
  parallel_for(8, 2, [&](size_t) { ran = true; }, &side);  // a task's error stops no loop
  EXPECT_TRUE(ran);
  EXPECT_EQ(thrown_by([&] { side.finish(); }), "first");
  EXPECT_EQ(thrown_by([&] { side.finish(); }), "");  // thrown once
}

TEST(SideTasks, FinishRunsWhatNoLoopTookAndTheDestructorTheRest) {
  std::vector<int> order;
  {
    SideTasks side;
    side.add([&] { order.push_back(1); });
    side.add([&] { order.push_back(2); });
    side.finish();  // here, in the order queued
    EXPECT_EQ(order, (std::vector<int>{1, 2}));
    side.add([&] { order.push_back(3); });
  }
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3}));  // run as the SideTasks went
}

TEST(SideTasks, ATaskForAThreadRunsOnThatThread) {
  // A task for this thread, queued first: another thread leaves it and takes the next.
  SideTasks side;
  const std::thread::id here = std::this_thread::get_id();
  std::vector<std::string> ran;
  std::thread::id first_on, second_on;
  side.add([&] {
    first_on = std::this_thread::get_id();
    ran.push_back("first");
  }, here);
  side.add([&] {
    second_on = std::this_thread::get_id();
    ran.push_back("second");
  });
  std::thread other([&] { side.run_all(); });
  const std::thread::id other_id = other.get_id();
  other.join();
  EXPECT_EQ(ran, (std::vector<std::string>{"second"}));
  EXPECT_EQ(second_on, other_id);
  side.run_all();
  EXPECT_EQ(ran, (std::vector<std::string>{"second", "first"}));
  EXPECT_EQ(first_on, here);
}

TEST(SideTasks, ATaskForAThreadThatNeverComesRunsBeforeTheLoopEnds) {
  // A live thread that takes no part in the loop: its task is run by a loop thread once
  // that thread's share is done, not left for finish() after the loop.
  std::mutex mutex;
  std::condition_variable done;
  bool over = false;
  std::thread bystander([&] {
    std::unique_lock<std::mutex> lock(mutex);
    done.wait(lock, [&] { return over; });
  });
  SideTasks side;
  std::atomic<bool> ran{false};
  std::thread::id ran_on;
  side.add([&] {
    ran_on = std::this_thread::get_id();
    ran = true;
  }, bystander.get_id());
  std::atomic<int> items{0};
  parallel_for(16, 2, [&](size_t) { ++items; }, &side);
  const bool ran_in_loop = ran;
  {
    std::lock_guard<std::mutex> lock(mutex);
    over = true;
  }
  done.notify_all();
  bystander.join();
  EXPECT_EQ(items.load(), 16);
  EXPECT_TRUE(ran_in_loop);
  EXPECT_NE(ran_on, bystander.get_id());
  side.finish();  // nothing left
}

TEST(SideTasks, FinishRunsTasksForAnyThread) {
  SideTasks side;
  std::vector<int> order;
  std::thread other([] {});
  const std::thread::id elsewhere = other.get_id();
  other.join();
  side.add([&] { order.push_back(1); }, elsewhere);
  side.add([&] { order.push_back(2); });
  side.run_all();  // only the second is for this thread
  EXPECT_EQ(order, (std::vector<int>{2}));
  side.finish();
  EXPECT_EQ(order, (std::vector<int>{2, 1}));
}

TEST(SideTasks, ALoopOnOneThreadRunsThemHereFirst) {
  SideTasks side;
  std::vector<std::string> seen;
  const std::thread::id here = std::this_thread::get_id();
  std::thread::id task_on;
  side.add([&] {
    seen.push_back("task");
    task_on = std::this_thread::get_id();
  });
  parallel_for(2, 1, [&](size_t i) { seen.push_back(std::to_string(i)); }, &side);
  EXPECT_EQ(seen, (std::vector<std::string>{"task", "0", "1"}));
  EXPECT_EQ(task_on, here);
}

}  // namespace
