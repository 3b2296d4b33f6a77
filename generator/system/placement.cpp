#include "system/placement.h"

#include <pthread.h>
#include <sched.h>

#include <immintrin.h>

namespace wfgen::system {

namespace {

// The CPUs the process may run on, as the first thread to ask saw them (before any
// thread was pinned).
const cpu_set_t* process_cpus() {
  static const cpu_set_t* cpus = [] {
    static cpu_set_t set;
    CPU_ZERO(&set);
    return sched_getaffinity(0, sizeof set, &set) == 0 ? &set : nullptr;
  }();
  return cpus;
}

}  // namespace

void place_apart(std::thread& t, std::atomic<bool>& placed) {
  const cpu_set_t* all = process_cpus();
  const int here = sched_getcpu();
  if (all && here >= 0 && here < CPU_SETSIZE && CPU_COUNT(all) > 1) {
    cpu_set_t others = *all;
    CPU_CLR(here, &others);
    if (CPU_COUNT(&others) > 0) pthread_setaffinity_np(t.native_handle(), sizeof others, &others);
  }
  placed.store(true, std::memory_order_release);
}

void settle(const std::atomic<bool>& placed) {
  while (!placed.load(std::memory_order_acquire)) _mm_pause();  // the parent is a call away
  if (const cpu_set_t* all = process_cpus()) sched_setaffinity(0, sizeof *all, all);
}

}  // namespace wfgen::system
