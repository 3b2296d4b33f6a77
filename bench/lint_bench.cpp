// Lint of every output this project generates, in-process (target <= 5 ms): the texts are
// rendered once, then each iteration parses and lints all of them, as generate does, on
// one thread and on one per core (arg `threads`, 0 = one per core).
//
//   build/bench/lint_bench
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>

#include "pipeline/lint_outputs.h"
#include "pipeline/manifest.h"
#include "pipeline/pipeline.h"
#include "pipeline/render.h"

namespace {

namespace fs = std::filesystem;
const fs::path kRoot = WFGEN_SOURCE_DIR;

void BM_LintGeneratedOutputs(benchmark::State& state) {
  auto project = wfgen::pipeline::open_project(kRoot);
  auto manifest = wfgen::pipeline::load_manifest(*project, kRoot.string());
  auto outputs = wfgen::pipeline::render_project(project, manifest);
  size_t bytes = 0;
  for (const auto& o : outputs) bytes += o.content.size();
  for (auto _ : state) {
    auto result = wfgen::pipeline::lint_outputs(kRoot, project, manifest, outputs,
                                                static_cast<unsigned>(state.range(0)));
    if (result.failed()) state.SkipWithError("the generated outputs have lint errors");
    benchmark::DoNotOptimize(result);
  }
  state.counters["files"] = static_cast<double>(outputs.size());
  state.counters["target_ms"] = 5;
  state.SetBytesProcessed(static_cast<int64_t>(bytes * state.iterations()));
}
BENCHMARK(BM_LintGeneratedOutputs)
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(0)
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);

}  // namespace

// main: bench_main.cpp
