// Starting a thread on another CPU than the one starting it. Linux places a new thread
// where its parent runs more often than not, and leaves one of them waiting until the load
// balancer moves it: measured on the 2-vCPU machines CI runs on, a quarter to half of the
// threads a run started stalled it 1-4 ms (a scheduler tick), with the other CPU idle.
// The parent pins the new thread to the other CPUs; the thread, once started there, may
// run anywhere again.
#pragma once

#include <atomic>
#include <thread>

namespace wfgen::system {

// The parent's side, right after starting `t`: pins it to the CPUs this thread may use
// but the one it is on (none: a single CPU, or an unknown one; it is left where it is).
// Then sets `placed`.
void place_apart(std::thread& t, std::atomic<bool>& placed);

// The new thread's side, first thing: waits for its parent's place_apart, then lets
// itself run on every CPU the process may use.
void settle(const std::atomic<bool>& placed);

}  // namespace wfgen::system
