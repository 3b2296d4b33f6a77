// What a benchmark program may add to bench_main.cpp's main.
#pragma once

#include <benchmark/benchmark.h>

// Names the build in the program's header (a profile-guided build measures faster than a
// plain one); bench_main.cpp's main calls it, as must a program with a main of its own.
inline void add_build_context() { benchmark::AddCustomContext("wfgen build", WFGEN_BUILD_KIND); }

// Describes the host in the program's header (host_probe.cpp: each core's speed now, and a
// cache line's round trip between two cores), so that a figure is read with its host; as
// add_build_context, called by bench_main.cpp's main and by a program with its own.
void add_host_context();

// Defined by a benchmark that prints a reference measured in the same run (Python's
// Jinja2, say), in alternating rounds with its own figure: called once the benchmarks have
// run; its result is the exit status.
[[gnu::weak]] int report_after_benchmarks();
