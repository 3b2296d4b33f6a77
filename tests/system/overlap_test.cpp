// system::overlap: both steps run, at once, and the error is the one `early(); late();`
// would meet first.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>

#include "system/overlap.h"

using wfgen::system::overlap;

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

}  // namespace

TEST(Overlap, RunsEarlyOnAnotherThreadWhileLateRunsHere) {
  const std::thread::id here = std::this_thread::get_id();
  std::thread::id early_on, late_on;
  std::atomic<bool> early_started{false}, late_saw_early{false};
  overlap(
      [&] {
        early_on = std::this_thread::get_id();
        early_started = true;
      },
      [&] {
        late_on = std::this_thread::get_id();
        // Late waits for early to start: with the two one after the other, it never would.
        for (int i = 0; i < 5000 && !early_started; ++i)
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        late_saw_early = early_started.load();
      });
  EXPECT_EQ(late_on, here);
  EXPECT_NE(early_on, here);
  EXPECT_TRUE(late_saw_early);
}

TEST(Overlap, EarlysErrorWinsWhenBothThrow) {
  // Late throws at once, early only after a while: `early(); late();` meets early's.
  EXPECT_EQ(thrown_by([] {
              overlap(
                  [] {
                    std::this_thread::sleep_for(std::chrono::milliseconds(20));
                    throw std::runtime_error("early");
                  },
                  [] { throw std::runtime_error("late"); });
            }),
            "early");
}

TEST(Overlap, EachStepsErrorWhenOnlyItThrows) {
  bool late_ran = false;
  EXPECT_EQ(thrown_by([&] {
              overlap([] { throw std::runtime_error("early"); }, [&] { late_ran = true; });
            }),
            "early");
  EXPECT_TRUE(late_ran);  // run at once, its work thrown away
  bool early_ran = false;
  EXPECT_EQ(thrown_by([&] {
              overlap(
                  [&] {
                    std::this_thread::sleep_for(std::chrono::milliseconds(20));
                    early_ran = true;
                  },
                  [] { throw std::runtime_error("late"); });
            }),
            "late");
  EXPECT_TRUE(early_ran);  // waited for before late's error goes up
  EXPECT_EQ(thrown_by([] { overlap([] {}, [] {}); }), "");
}
