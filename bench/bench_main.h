// What a benchmark program may add to bench_main.cpp's main.
#pragma once

// Defined by a benchmark that prints a reference measured in the same run (Python's
// Jinja2, say), in alternating rounds with its own figure: called once the benchmarks have
// run; its result is the exit status.
[[gnu::weak]] int report_after_benchmarks();
