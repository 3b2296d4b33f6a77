// The main of every benchmark: the process's heap is prepared as the CLI prepares its own
// (system/heap.h), so that a figure is what a run of wfgen costs; glibc's defaults would
// have each iteration fault in pages the CLI keeps.
#include <benchmark/benchmark.h>

#include "system/heap.h"

int main(int argc, char** argv) {
  wfgen::system::prepare_heap();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
