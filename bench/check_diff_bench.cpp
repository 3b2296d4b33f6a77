// `wfgen check` when everything drifted: 3,000 committed ~67 KB workflows, each with 10
// lines the sources now make differently (issue 14: this took 90 s and printed 8.7 MB
// when the line diff cost grew with the product of the files' lengths). Prints the time,
// the file count and size, and how much the report prints (bounded per file and per run).
// Then the diff alone on one such pair, and on a pair with nothing in common (the
// search's cost bound).
//
//   build/bench/check_diff_bench
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "pipeline/diff.h"
#include "pipeline/pipeline.h"

namespace {

namespace fs = std::filesystem;
using wfgen::pipeline::Mode;

constexpr int kSteps = 1000;  // lines of steps per file: ~67 KB, more than the 50 KB

// A template of ~50 KB per output; `drift` changes every 100th step.
std::string job_template(bool drift) {
  return std::string("name: job !{{ i }}\non: push\njobs:\n  test:\n    runs-on: linux.2xlarge\n"
                     "    steps:\n{% for k in range(") +
         std::to_string(kSteps) +
         ") %}\n      - run: python -m pytest --shard !{{ k }} --job !{{ i }} -x --timeout 60\n" +
         (drift ? "{% if k % 100 == 7 %}\n        env: {CHANGED: '!{{ k }}'}\n{% endif %}\n" : "") +
         "{% endfor %}\n";
}

// A project of `n` outputs, generated, then its template changed: every output drifted.
fs::path drifted_project(int64_t n) {
  fs::path root = fs::temp_directory_path() / ("wfgen-bench-drift-" + std::to_string(n));
  fs::remove_all(root);
  fs::create_directories(root / "templates");
  fs::create_directories(root / "matrices");
  std::ofstream(root / "wfgen.yml") << "engine: {variable_start: '!{{', trim_blocks: true, "
                                       "lstrip_blocks: true, keep_trailing_newline: true}\n"
                                       "template_dirs: [templates]\noutput_dir: generated\n"
                                       "header: Drift benchmark.\nfamilies:\n"
                                       "  - {name: jobs, template: job.yml.j2, matrix: "
                                       "matrices/jobs.yml, output: \"job-!{{ i }}.yml\"}\n";
  std::ofstream m(root / "matrices" / "jobs.yml");
  m << "fields: {i: int}\naxes:\n  i: [";
  for (int64_t i = 1; i <= n; ++i) m << (i > 1 ? ", " : "") << i;
  m << "]\n";
  m.close();
  std::ofstream(root / "templates" / "job.yml.j2") << job_template(false);
  auto r = wfgen::pipeline::run_project(root, Mode::Generate);
  if (r.exit_code != 0) std::fprintf(stderr, "drift project: %s%s\n", r.out.c_str(), r.err.c_str());
  std::ofstream(root / "templates" / "job.yml.j2") << job_template(true);
  return root;
}

void BM_CheckAllDrifted(benchmark::State& state) {
  const fs::path root = drifted_project(state.range(0));
  uintmax_t bytes = 0;
  for (const auto& e : fs::recursive_directory_iterator(root / "generated"))
    if (e.is_regular_file()) bytes += e.file_size();
  size_t printed = 0, drifted = 0;
  for (auto _ : state) {
    auto r = wfgen::pipeline::run_project(root, Mode::Check);
    if (r.exit_code != 1) state.SkipWithError(("expected drift: " + r.err).c_str());
    printed = r.out.size();
    drifted = 0;
    for (const auto& f : r.files) drifted += f.state == wfgen::pipeline::FileState::Drifted;
  }
  state.counters["files"] = static_cast<double>(drifted);
  state.counters["KB_per_file"] = static_cast<double>(bytes) / 1024.0 / static_cast<double>(state.range(0));
  state.counters["printed_KB"] = static_cast<double>(printed) / 1024.0;
  fs::remove_all(root);
}
BENCHMARK(BM_CheckAllDrifted)->Arg(3000)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();

std::string steps(int64_t job, bool drift) {
  std::string s = "name: job\n";
  for (int k = 0; k < kSteps; ++k) {
    s += "      - run: python -m pytest --shard " + std::to_string(k) + " --job " +
         std::to_string(job) + " -x --timeout 60\n";
    if (drift && k % 100 == 7) s += "        env: {CHANGED: '" + std::to_string(k) + "'}\n";
  }
  return s;
}

// One drifted pair: the diff of a ~50 KB file with 10 changes.
void BM_DiffSmallEdits(benchmark::State& state) {
  const std::string a = steps(1, false), b = steps(1, true);
  for (auto _ : state) benchmark::DoNotOptimize(wfgen::pipeline::unified_diff(a, b, "a", "b"));
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(a.size() + b.size()));
}
BENCHMARK(BM_DiffSmallEdits)->Unit(benchmark::kMicrosecond);

// Two ~50 KB files with no line in common: the search stops at its cost bound.
void BM_DiffNothingInCommon(benchmark::State& state) {
  const std::string a = steps(1, false), b = steps(2, false);
  for (auto _ : state) benchmark::DoNotOptimize(wfgen::pipeline::unified_diff(a, b, "a", "b"));
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(a.size() + b.size()));
}
BENCHMARK(BM_DiffNothingInCommon)->Unit(benchmark::kMicrosecond);

}  // namespace

// main: bench_main.cpp
