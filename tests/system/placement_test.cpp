// Placement: a thread pinned to the CPUs but its starter's, then free to run on every CPU
// of the process.
#include "system/placement.h"

#include <gtest/gtest.h>
#include <sched.h>

#include <atomic>
#include <thread>

namespace wfgen::system {
namespace {

cpu_set_t own_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  EXPECT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
  return set;
}

TEST(Placement, AThreadPinnedApartThenRunsAnywhere) {
  const cpu_set_t process = own_cpus();
  cpu_set_t others;
  if (!other_cpus(others)) {
    EXPECT_EQ(CPU_COUNT(&process), 1);  // no other CPU: nothing to pin to
    return;
  }
  // Every CPU of the process but one (the caller's when asked).
  cpu_set_t outside;
  CPU_XOR(&outside, &others, &process);
  EXPECT_EQ(CPU_COUNT(&others), CPU_COUNT(&process) - 1);
  EXPECT_EQ(CPU_COUNT(&outside), 1);
  cpu_set_t extra;
  CPU_AND(&extra, &outside, &others);
  EXPECT_EQ(CPU_COUNT(&extra), 0);  // only CPUs of the process

  std::atomic<int> step{0};
  cpu_set_t pinned, free;
  std::thread t([&] {
    while (step.load() < 1) std::this_thread::yield();
    pinned = own_cpus();
    run_anywhere();
    free = own_cpus();
  });
  pin(t.native_handle(), others);
  step = 1;
  t.join();
  EXPECT_TRUE(CPU_EQUAL(&pinned, &others));
  EXPECT_TRUE(CPU_EQUAL(&free, &process));
  cpu_set_t mine = own_cpus();
  EXPECT_TRUE(CPU_EQUAL(&mine, &process));  // the caller is not moved
}

}  // namespace
}  // namespace wfgen::system
