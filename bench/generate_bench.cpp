// `wfgen generate` and `wfgen check` in-process: on this project (target <= 10 ms each)
// and on synthetic projects of 1,000 to 10,000 outputs (target <= 20 us per output), to
// show the cost growing linearly and what rendering on more threads gives. Each figure is
// printed beside its target (counters `target_ms`, `us_per_output` and `target_us`).
// docs/performance.md has the figures, the profile and how to read them.
//
//   build/bench/generate_bench
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "pipeline/pipeline.h"

namespace {

namespace fs = std::filesystem;
using wfgen::pipeline::Mode;

const fs::path kRoot = WFGEN_SOURCE_DIR;

// `threads`: 0 renders on one thread per core.
void run_or_fail(benchmark::State& state, const fs::path& root, Mode mode, unsigned threads = 0) {
  wfgen::pipeline::RunOptions options;
  options.threads = threads;
  auto r = wfgen::pipeline::run_project(root, mode, options);
  if (r.exit_code != 0) state.SkipWithError((r.err + r.out).c_str());
}

// This repository's own wfgen.yml (check is read-only; generate finds nothing to write).
// Arg: render threads.
void BM_ProjectCheck(benchmark::State& state) {
  for (auto _ : state) run_or_fail(state, kRoot, Mode::Check, static_cast<unsigned>(state.range(0)));
  state.counters["target_ms"] = 10;
}
BENCHMARK(BM_ProjectCheck)->ArgName("threads")->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

void BM_ProjectGenerate(benchmark::State& state) {
  for (auto _ : state)
    run_or_fail(state, kRoot, Mode::Generate, static_cast<unsigned>(state.range(0)));
  state.counters["target_ms"] = 10;
}
BENCHMARK(BM_ProjectGenerate)->ArgName("threads")->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

// A synthetic project: one family, a 2-axis matrix of `n` rows, one workflow per row. Its
// workflows are lint-clean, as a project's are in CI: a finding would have every output
// rendered again with the source trace, and the run would measure the report.
fs::path synthetic_project(int64_t n) {
  fs::path root = fs::temp_directory_path() / ("wfgen-bench-" + std::to_string(n));
  fs::remove_all(root);
  fs::create_directories(root / "templates");
  fs::create_directories(root / "matrices");
  std::ofstream(root / "wfgen.yml") << R"(engine:
  variable_start: "!{{"
  trim_blocks: true
  lstrip_blocks: true
  keep_trailing_newline: true
  strict_undefined: true
template_dirs: [templates]
output_dir: generated
header: Synthetic benchmark project.
families:
  - name: synthetic
    template: job.yml.j2
    matrix: matrices/jobs.yml
    output: "job-!{{ shard }}-!{{ python }}.yml"
)";
  std::ofstream(root / "templates" / "job.yml.j2") << R"(name: job !{{ shard }} (py!{{ python }})
on:
  push:
    branches: [main]
permissions:
  contents: read
jobs:
  test:
    runs-on: ${{ matrix.runner }}
    strategy:
      matrix:
        runner: [linux.2xlarge, linux.4xlarge]
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683  # v4.2.2
      - name: Test shard !{{ shard }}
        run: python!{{ python }} -m pytest --shard !{{ shard }}
)";
  std::ofstream m(root / "matrices" / "jobs.yml");
  m << "fields:\n  shard: int\n  python: string\naxes:\n  python: [\"3.10\", \"3.11\", \"3.12\", "
       "\"3.13\"]\n  shard: [";
  for (int64_t i = 1; i <= n / 4; ++i) m << (i > 1 ? ", " : "") << i;
  m << "]\n";
  m.close();
  auto r = wfgen::pipeline::run_project(root, Mode::Generate);
  if (r.exit_code != 0)
    std::fprintf(stderr, "synthetic project: %s%s\n", r.out.c_str(), r.err.c_str());
  return root;
}

// Microseconds per output of a run over `outputs`, beside the target.
void per_output(benchmark::State& state, int64_t outputs) {
  state.SetItemsProcessed(state.iterations() * outputs);
  state.counters["us_per_output"] = benchmark::Counter(
      static_cast<double>(outputs) * 1e-6,
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["target_us"] = 20;
}

// Args: outputs, render threads (0: one per core); 10,000 on one thread too.
void synthetic_sizes(benchmark::internal::Benchmark* b) {
  b->ArgNames({"outputs", "threads"});
  for (int64_t n : {1000, 2500, 5000}) b->Args({n, 0});
  b->Args({10000, 1})->Args({10000, 0})->Unit(benchmark::kMillisecond);
}

void BM_SyntheticCheck(benchmark::State& state) {
  fs::path root = synthetic_project(state.range(0));
  for (auto _ : state) run_or_fail(state, root, Mode::Check, static_cast<unsigned>(state.range(1)));
  per_output(state, state.range(0));
  fs::remove_all(root);
}
BENCHMARK(BM_SyntheticCheck)
    ->Apply(synthetic_sizes);

void BM_SyntheticGenerate(benchmark::State& state) {
  fs::path root = synthetic_project(state.range(0));
  for (auto _ : state)
    run_or_fail(state, root, Mode::Generate, static_cast<unsigned>(state.range(1)));
  per_output(state, state.range(0));
  fs::remove_all(root);
}
BENCHMARK(BM_SyntheticGenerate)
    ->Apply(synthetic_sizes);

}  // namespace

// main: bench_main.cpp
