// What a benchmark program may add to bench_main.cpp's main.
#pragma once

#include <benchmark/benchmark.h>

// Names the build in the program's header (a profile-guided build measures faster than a
// plain one); bench_main.cpp's main calls it, as must a program with a main of its own.
inline void add_build_context() { benchmark::AddCustomContext("wfgen build", WFGEN_BUILD_KIND); }

// Defined by a benchmark that prints a reference measured in the same run (Python's
// Jinja2, say), in alternating rounds with its own figure: called once the benchmarks have
// run; its result is the exit status.
[[gnu::weak]] int report_after_benchmarks();
