// place_apart / settle: a new thread starts pinned away from its parent's CPU, then may
// run on every CPU the process may use.
#include "system/placement.h"

#include <gtest/gtest.h>
#include <pthread.h>
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

TEST(Placement, ANewThreadStartsAwayFromItsParentThenRunsAnywhere) {
  const cpu_set_t process = own_cpus();
  std::atomic<bool> placed{false};
  std::atomic<bool> go{false};
  cpu_set_t before_settle, after_settle;
  std::thread t([&] {
    while (!placed.load()) std::this_thread::yield();
    before_settle = own_cpus();
    while (!go.load()) std::this_thread::yield();
    settle(placed);
    after_settle = own_cpus();
  });
  place_apart(t, placed);
  go = true;
  t.join();
  // Every CPU of the process but one (the parent's then); one CPU: left where it is.
  cpu_set_t outside;
  CPU_XOR(&outside, &before_settle, &process);
  EXPECT_EQ(CPU_COUNT(&before_settle), CPU_COUNT(&process) > 1 ? CPU_COUNT(&process) - 1 : 1);
  EXPECT_EQ(CPU_COUNT(&outside), CPU_COUNT(&process) > 1 ? 1 : 0);
  cpu_set_t extra;
  CPU_AND(&extra, &outside, &before_settle);
  EXPECT_EQ(CPU_COUNT(&extra), 0);  // only CPUs of the process
  EXPECT_TRUE(CPU_EQUAL(&after_settle, &process));
  cpu_set_t mine = own_cpus();
  EXPECT_TRUE(CPU_EQUAL(&mine, &process));  // the parent is not moved
}

}  // namespace
}  // namespace wfgen::system
