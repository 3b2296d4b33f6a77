// system::parallel_for: every index once, and the error a sequential loop would meet first.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "system/parallel_for.h"

using wfgen::system::parallel_for;

TEST(ParallelFor, RunsEveryIndexOnce) {
  for (unsigned threads : {1u, 2u, 4u, 16u}) {
    std::vector<std::atomic<int>> runs(1000);
    parallel_for(runs.size(), threads, [&](size_t i) { ++runs[i]; });
    for (size_t i = 0; i < runs.size(); ++i) ASSERT_EQ(runs[i].load(), 1) << i << " " << threads;
  }
}

TEST(ParallelFor, OnOneThreadRunsInOrderHere) {
  std::vector<size_t> seen;
  const std::thread::id here = std::this_thread::get_id();
  bool elsewhere = false;
  parallel_for(5, 1, [&](size_t i) {
    seen.push_back(i);
    elsewhere = elsewhere || std::this_thread::get_id() != here;
  });
  EXPECT_EQ(seen, (std::vector<size_t>{0, 1, 2, 3, 4}));
  EXPECT_FALSE(elsewhere);
  parallel_for(0, 4, [&](size_t) { seen.clear(); });  // nothing to run
  EXPECT_EQ(seen.size(), 5u);
}

TEST(ParallelFor, ThrowsTheErrorOfTheLowestIndex) {
  // Index 600 throws at once, index 100 only after a while: the sequential loop meets 100
  // first, and so must the parallel one, however the threads interleave.
  for (unsigned threads : {1u, 2u, 4u}) {
    std::vector<std::atomic<int>> runs(1000);
    std::string thrown;
    try {
      parallel_for(runs.size(), threads, [&](size_t i) {
        ++runs[i];
        if (i == 100) {
          std::this_thread::sleep_for(std::chrono::milliseconds(20));
          throw std::runtime_error("index 100");
        }
        if (i == 600) throw std::runtime_error("index 600");
      });
    } catch (const std::runtime_error& e) {
      thrown = e.what();
    }
    EXPECT_EQ(thrown, "index 100") << threads;
    for (size_t i = 0; i <= 100; ++i) ASSERT_EQ(runs[i].load(), 1) << i << " " << threads;
    size_t after = 0;  // once an index has thrown, no thread takes another
    for (size_t i = 101; i < runs.size(); ++i) after += runs[i].load();
    if (threads == 1) {
      EXPECT_EQ(after, 0u);
    }
  }
}
