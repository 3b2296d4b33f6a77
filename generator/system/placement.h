// Running a thread on another CPU than the one that starts or wakes it. Linux places a new
// (or woken) thread where its parent runs more often than not, and leaves one of them
// waiting until the load balancer moves it: on the 2-vCPU machines CI runs on, a quarter
// to half of the threads a run started stalled it 1-4 ms (a scheduler tick), with the
// other CPU idle. The parent pins the thread to the other CPUs before it runs; the thread,
// once running there, lets itself run anywhere.
#pragma once

#include <pthread.h>

namespace wfgen::system {

// The CPUs but the caller's: what a thread it starts or wakes is pinned to. False when
// there are none (a single CPU, or the caller's is unknown): the thread is left as it is.
bool other_cpus(cpu_set_t& others);

// Pins `thread` (asleep, or not started: pthread_attr_setaffinity_np) to `others`.
void pin(pthread_t thread, const cpu_set_t& others);

// Lets the calling thread run on every CPU the process may use.
void run_anywhere();

}  // namespace wfgen::system
