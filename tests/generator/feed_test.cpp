// pipeline::Feed: what one thread adds, the takers get in order, each item once, and they
// stop when it is closed.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "pipeline/feed.h"

namespace {

using wfgen::pipeline::Feed;

TEST(Feed, TakersGetEveryItemOnceInOrderWhileItIsFilled) {
  Feed<int> feed;
  constexpr int kItems = 5000;
  std::vector<std::vector<size_t>> taken(3);  // per taker: the indices it got, in order
  std::atomic<int> wrong{0};
  std::vector<std::thread> takers;
  for (auto& mine : taken)
    takers.emplace_back([&feed, &mine, &wrong] {
      size_t i = 0;
      while (int* item = feed.take(i)) {
        if (*item != static_cast<int>(i)) ++wrong;  // the item added at that position
        mine.push_back(i);
      }
    });
  std::vector<int> batch;
  for (int i = 0; i < kItems; ++i) {
    batch.push_back(i);
    if (batch.size() == 7 || i + 1 == kItems) feed.add(batch);
    EXPECT_TRUE(batch.empty() || batch.size() < 7);
  }
  feed.close();
  for (auto& t : takers) t.join();
  EXPECT_EQ(wrong, 0);
  std::vector<int> seen(kItems, 0);
  for (const auto& mine : taken) {
    for (size_t k = 1; k < mine.size(); ++k) EXPECT_LT(mine[k - 1], mine[k]);  // in order
    for (size_t i : mine) ++seen[i];
  }
  for (int i = 0; i < kItems; ++i) EXPECT_EQ(seen[i], 1) << i;
  ASSERT_EQ(feed.items().size(), static_cast<size_t>(kItems));
  EXPECT_EQ(feed.items().back(), kItems - 1);
}

TEST(Feed, ATakerWaitsForItemsAndStopsWhenClosed) {
  Feed<int> feed;
  std::vector<int> got;
  std::thread taker([&] {
    size_t i = 0;
    while (int* item = feed.take(i)) got.push_back(*item);
  });
  std::vector<int> batch = {10, 20};
  feed.add(batch);
  batch = {30};
  feed.add(batch);
  feed.close();
  taker.join();
  EXPECT_EQ(got, (std::vector<int>{10, 20, 30}));
  size_t i = 0;
  EXPECT_EQ(feed.take(i), nullptr);  // closed and empty: no waiting
}

}  // namespace
