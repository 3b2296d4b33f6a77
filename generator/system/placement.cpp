#include "system/placement.h"

#include <sched.h>

namespace wfgen::system {

namespace {

// The CPUs the process may run on, as the first thread to ask saw them (a parent, before
// any thread it starts is pinned).
const cpu_set_t* process_cpus() {
  static const cpu_set_t* cpus = [] {
    static cpu_set_t set;
    CPU_ZERO(&set);
    return sched_getaffinity(0, sizeof set, &set) == 0 ? &set : nullptr;
  }();
  return cpus;
}

}  // namespace

bool other_cpus(cpu_set_t& others) {
  const cpu_set_t* all = process_cpus();
  const int here = sched_getcpu();
  if (!all || here < 0 || here >= CPU_SETSIZE) return false;
  others = *all;
  CPU_CLR(here, &others);
  return CPU_COUNT(&others) > 0;
}

void pin(pthread_t thread, const cpu_set_t& others) {
  pthread_setaffinity_np(thread, sizeof others, &others);
}

void run_anywhere() {
  if (const cpu_set_t* all = process_cpus()) sched_setaffinity(0, sizeof *all, all);
}

}  // namespace wfgen::system
