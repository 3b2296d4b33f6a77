// Kept threads: a task runs on another thread, join() returns once it has run (what it
// captured gone), and the thread then waits for the next task instead of ending.
#include "system/kept_threads.h"

#include <gtest/gtest.h>
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

namespace wfgen::system {
namespace {

TEST(KeptThreads, ATaskRunsOnAnotherThreadThatIsKeptForTheNext) {
  std::thread::id first, second;
  auto held = std::make_shared<int>(1);
  TaskHandle a = run_on_kept_thread([&first, held] { first = std::this_thread::get_id(); });
  ASSERT_TRUE(a.joinable());
  a.join();
  EXPECT_FALSE(a.joinable());
  EXPECT_NE(first, std::this_thread::get_id());
  EXPECT_EQ(held.use_count(), 1);  // the task's captures went before join returned
  TaskHandle b = run_on_kept_thread([&second] { second = std::this_thread::get_id(); });
  b.join();
  EXPECT_EQ(second, first);  // the same thread, kept
}

TEST(KeptThreads, TasksGivenTogetherRunTogether) {
  // Each waits until all have started: they cannot share a thread.
  constexpr int kTasks = 3;
  std::atomic<int> started{0};
  std::vector<TaskHandle> tasks;
  for (int i = 0; i < kTasks; ++i)
    tasks.push_back(run_on_kept_thread([&] {
      ++started;
      while (started.load() < kTasks) std::this_thread::yield();
    }));
  for (TaskHandle& t : tasks) t.join();
  EXPECT_EQ(started.load(), kTasks);
}

TEST(KeptThreads, AHandleThatGoesJoinsFirst) {
  std::atomic<bool> ran{false};
  {
    TaskHandle t = run_on_kept_thread([&ran] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      ran = true;
    });
  }
  EXPECT_TRUE(ran.load());
  TaskHandle a = run_on_kept_thread([&ran] { ran = false; });
  a = run_on_kept_thread([] {});  // the task it held has run first
  EXPECT_FALSE(ran.load());
  a.join();
  a.join();  // nothing more
  EXPECT_FALSE(a.joinable());
}

}  // namespace
}  // namespace wfgen::system
