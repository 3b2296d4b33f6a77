// pipeline::Feed: what one thread adds, the takers get in order, each item once, and they
// stop when it is closed; a taker that made items takes its own first.
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

TEST(Feed, AMakerTakesItsOwnItemsFirstThenTheOthersInOrder) {
  Feed<int> feed;
  std::vector<int> batch = {0, 1};
  feed.add(batch, 0);
  batch = {2, 3};
  feed.add(batch, 1);
  batch = {4};
  feed.add(batch, 0);
  batch = {5};
  feed.add(batch);  // nobody's
  feed.close();
  auto take = [&](size_t taker) {
    size_t i = 99;
    int* item = feed.take(i, taker);
    EXPECT_TRUE(!item || *item == static_cast<int>(i));
    return item ? *item : -1;
  };
  EXPECT_EQ(take(1), 2);  // its own, though 0 and 1 come before
  EXPECT_EQ(take(0), 0);
  EXPECT_EQ(take(Feed<int>::kNobody), 1);  // in order: the first nobody took
  EXPECT_EQ(take(0), 4);                   // its own still, past 2 and 3
  EXPECT_EQ(take(1), 3);
  EXPECT_EQ(take(1), 5);   // none of its own left: the first of all
  EXPECT_EQ(take(0), -1);  // every item taken, and closed
  EXPECT_EQ(take(2), -1);  // a maker that made nothing
}

// Two makers add while both take (own first): every item is taken once, and each taker
// gets its own items in the order they were added.
TEST(Feed, MakersTakingTheirOwnFirstGetEveryItemOnce) {
  Feed<int> feed;
  constexpr int kItems = 4000;
  std::vector<std::vector<int>> got(2);
  std::vector<std::thread> makers;
  for (size_t me = 0; me < 2; ++me)
    makers.emplace_back([&feed, &got, me] {
      std::vector<int> batch;
      for (int i = static_cast<int>(me); i < kItems; i += 2) {
        batch.push_back(i);
        if (batch.size() < 5) continue;
        feed.add(batch, me);
        // Take one while both still add: an own item is there, so this never waits.
        size_t at = 0;
        if (int* item = feed.take(at, me)) got[me].push_back(*item);
      }
      feed.add(batch, me);
    });
  for (auto& t : makers) t.join();
  feed.close();
  for (size_t me = 0; me < 2; ++me) {
    size_t at = 0;
    while (int* item = feed.take(at, me)) got[me].push_back(*item);
  }
  std::vector<int> seen(kItems, 0);
  for (size_t me = 0; me < 2; ++me) {
    int last_own = -1;
    for (int item : got[me]) {
      ++seen[item];
      if (static_cast<size_t>(item % 2) != me) continue;
      EXPECT_LT(last_own, item);
      last_own = item;
    }
  }
  for (int i = 0; i < kItems; ++i) EXPECT_EQ(seen[i], 1) << i;
}

}  // namespace
