// system::Once keeps std::call_once's contract: one run, every caller sees its effects,
// a function that throws leaves the next caller to run it.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

#include "system/once.h"

using wfgen::system::Once;

TEST(Once, RunsTheFunctionOnceAcrossThreads) {
  for (int round = 0; round < 50; ++round) {
    Once once;
    std::atomic<int> runs{0};
    int made = 0;  // written by the one run, read by every caller after call() returns
    std::atomic<int> seen{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&] {
        once.call([&] {
          ++runs;
          made = 42;
        });
        if (made == 42) ++seen;
      });
    for (auto& t : threads) t.join();
    EXPECT_EQ(runs.load(), 1);
    EXPECT_EQ(seen.load(), 4);
  }
}

TEST(Once, AFunctionThatThrowsIsRunAgainByTheNextCaller) {
  Once once;
  int calls = 0;
  EXPECT_THROW(once.call([&] {
    ++calls;
    throw std::runtime_error("out of memory");
  }),
               std::runtime_error);
  once.call([&] { ++calls; });
  once.call([&] { ++calls; });
  EXPECT_EQ(calls, 2);
}
