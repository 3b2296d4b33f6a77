// Freeing on a thread of its own: done on another thread, and done once the
// BackgroundRelease goes (or is waited for), never later.
#include "system/background_release.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

namespace {

using wfgen::system::BackgroundRelease;

struct Recorder {
  Recorder(std::atomic<int>& f, std::thread::id& on) : freed(f), freed_on(on) {}
  Recorder(const Recorder&) = delete;
  std::atomic<int>& freed;
  std::thread::id& freed_on;
  ~Recorder() {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // a slow destructor
    freed_on = std::this_thread::get_id();
    ++freed;
  }
};

TEST(BackgroundRelease, FreesOnAnotherThreadAndIsDoneWhenItGoes) {
  std::atomic<int> freed{0};
  std::thread::id on_a, on_b;
  {
    BackgroundRelease release;
    release.release(std::make_unique<Recorder>(freed, on_a));
    release.release(std::make_unique<Recorder>(freed, on_b));
  }
  EXPECT_EQ(freed.load(), 2);
  EXPECT_NE(on_a, std::this_thread::get_id());
  EXPECT_NE(on_b, std::this_thread::get_id());
}

TEST(BackgroundRelease, WaitFreesEverythingGivenSoFar) {
  std::atomic<int> freed{0};
  std::thread::id on;
  BackgroundRelease release;
  release.release(std::make_unique<Recorder>(freed, on));
  release.wait();
  EXPECT_EQ(freed.load(), 1);
  release.wait();  // nothing left: returns at once
  release.release(std::unique_ptr<Recorder>());  // nothing to free is fine
  release.wait();
  EXPECT_EQ(freed.load(), 1);
}

}  // namespace
