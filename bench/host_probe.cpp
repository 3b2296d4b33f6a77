// The host in each benchmark's header: how fast each core runs one fixed loop, and how long
// a cache line takes to go from one core to another and back. The cloud machines these
// figures come from have had cores of unequal speed (one core half as fast as the other for
// minutes) and cores that share no cache (a line's round trip as slow as memory), and
// either moves a two-thread figure more than most changes to wfgen do
// (docs/performance.md): read a figure with its host.
#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "bench_main.h"

namespace {

using Clock = std::chrono::steady_clock;

bool pin_to(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return pthread_setaffinity_np(pthread_self(), sizeof set, &set) == 0;
}

// The cpus this process may run on, in order.
std::vector<int> allowed_cpus() {
  cpu_set_t set;
  std::vector<int> cpus;
  if (sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) cpus.push_back(c);
  return cpus;
}

// Milliseconds of one fixed chain of dependent integer steps (no memory): the core's speed
// as the host gives it now. The best of three.
double loop_ms() {
  double best = 1e9;
  for (int round = 0; round < 3; ++round) {
    auto t0 = Clock::now();
    uint64_t x = 88172645463325252ull;
    for (int i = 0; i < 20'000'000; ++i) x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    auto t1 = Clock::now();
    benchmark::DoNotOptimize(x);
    best = std::min(best, std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  return best;
}

// Nanoseconds for a cache line written on cpu `a` to be read and answered from cpu `b`.
double round_trip_ns(int a, int b) {
  constexpr int kTrips = 50'000;
  alignas(64) std::atomic<int> turn{0};
  bool other_pinned = false;  // written by `other` before join, read after
  std::thread other([&] {
    other_pinned = pin_to(b);
    for (int i = 0; i < kTrips; ++i) {
      while (turn.load(std::memory_order_acquire) != 2 * i + 1) {}
      turn.store(2 * i + 2, std::memory_order_release);
    }
  });
  const bool pinned = pin_to(a);
  auto t0 = Clock::now();
  for (int i = 0; i < kTrips; ++i) {
    turn.store(2 * i + 1, std::memory_order_release);
    while (turn.load(std::memory_order_acquire) != 2 * i + 2) {}
  }
  auto t1 = Clock::now();
  other.join();
  return pinned && other_pinned ? std::chrono::duration<double, std::nano>(t1 - t0).count() / kTrips : -1;
}

}  // namespace

void add_host_context() {
  const std::vector<int> cpus = allowed_cpus();
  cpu_set_t before;
  if (cpus.empty() || pthread_getaffinity_np(pthread_self(), sizeof before, &before) != 0) {
    benchmark::AddCustomContext("host", "not probed (no cpu affinity)");
    return;
  }
  std::string speeds;
  char buf[64];
  for (int c : cpus) {
    if (!pin_to(c)) continue;
    std::snprintf(buf, sizeof buf, "%scpu%d %.1f ms", speeds.empty() ? "" : ", ", c, loop_ms());
    speeds += buf;
  }
  benchmark::AddCustomContext("host: a fixed loop on each core", speeds);
  if (cpus.size() >= 2) {
    double ns = round_trip_ns(cpus[0], cpus[1]);
    std::snprintf(buf, sizeof buf, "%.0f ns (cpu%d and cpu%d)", ns, cpus[0], cpus[1]);
    benchmark::AddCustomContext("host: a cache line between two cores and back",
                                ns < 0 ? "not probed (could not pin)" : buf);
  }
  pthread_setaffinity_np(pthread_self(), sizeof before, &before);
}
