// The main of every benchmark: the process's heap is prepared as the CLI prepares its own
// (system/heap.h), so that a figure is what a run of wfgen costs; glibc's defaults would
// have each iteration fault in pages the CLI keeps. A benchmark that prints a reference
// measured in the same run defines report_after_benchmarks() (bench_main.h).
#include "bench_main.h"

#include <benchmark/benchmark.h>

#include <cstring>

#include "system/heap.h"

int main(int argc, char** argv) {
  bool listing = false;  // the names only: nothing is measured
  for (int i = 1; i < argc; ++i)
    if (std::strncmp(argv[i], "--benchmark_list_tests", 22) == 0) listing = true;
  wfgen::system::prepare_heap();
  benchmark::Initialize(&argc, argv);
  add_build_context();
  if (!listing) add_host_context();
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return listing || !report_after_benchmarks ? 0 : report_after_benchmarks();
}
