// `wfgen generate` and `wfgen check` in-process: on this project (target <= 10 ms each)
// and on synthetic projects of 1,000 to 10,000 outputs (target <= 20 us per output), to
// show the cost growing linearly and what rendering on more threads gives. Each figure is
// printed beside its target (counters `target_ms`, `us_per_output` and `target_us`).
// Then the reference, measured in the same run, in alternating rounds: PyTorch's own way
// to its 12 binary workflows (888 KB), Python's Jinja2 compiling and rendering PyTorch's
// templates from their contexts, against this project's check and wfgen's engine on the
// same 12. docs/performance.md has the figures, the profile and how to read them.
//
//   build/bench/generate_bench
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench_main.h"
#include "data/json_convert.h"
#include "files/read.h"
#include "jinja/runtime/environment.h"
#include "jinja/runtime/output.h"
#include "pipeline/pipeline.h"
#include "python_rounds.h"

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

// The CPU time of all the process's threads so far: beside the wall time it shows how
// busy the cores were (on 2 cores, close to twice the wall time: only less work helps).
double process_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// This repository's own wfgen.yml (check is read-only; generate finds nothing to write).
// Arg: render threads.
void BM_ProjectCheck(benchmark::State& state) {
  double cpu0 = process_cpu_ms();
  for (auto _ : state) run_or_fail(state, kRoot, Mode::Check, static_cast<unsigned>(state.range(0)));
  state.counters["all_threads_cpu_ms"] = (process_cpu_ms() - cpu0) / state.iterations();
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

// PyTorch's 12 upstream binary workflows (shared/conformance/pytorch: templates, the
// contexts its Python generator computes, 888 KB of output).
const fs::path kPyTorch = fs::path(WFGEN_SHARED_DIR) / "conformance" / "pytorch";

struct BinaryCase {
  std::string template_name;
  wfgen::jinja::Value context;
};

std::vector<BinaryCase> pytorch_binary_cases() {
  auto read = [](const fs::path& p) {
    return wfgen::files::read_file(p.string(), p.string(), wfgen::files::kDefaultMaxInputSize);
  };
  std::vector<BinaryCase> cases;
  auto spec = nlohmann::ordered_json::parse(read(kPyTorch / "cases.json"));
  for (const auto& c : spec.at("cases"))
    if (c.at("origin") == "upstream")
      cases.push_back({c.at("template").get<std::string>(),
                       wfgen::data::to_value(nlohmann::ordered_json::parse(
                           read(kPyTorch / c.at("context").get<std::string>())))});
  return cases;
}

// One round of wfgen's engine doing what the Python generator's Jinja2 does: a fresh
// environment (every template parsed again), the 12 workflows rendered. Milliseconds; the
// bytes made in `bytes`.
double wfgen_binary_round_ms(const std::vector<BinaryCase>& cases, size_t& bytes) {
  auto start = std::chrono::steady_clock::now();
  wfgen::jinja::EnvironmentOptions options;
  options.variable_start = "!{{";
  options.strict_undefined = true;
  wfgen::jinja::Environment env(options, std::make_shared<wfgen::jinja::FileSystemLoader>(
                                             std::vector<std::string>{(kPyTorch / "templates").string()}));
  wfgen::jinja::Output out;
  bytes = 0;
  for (const BinaryCase& c : cases) {
    out.clear();
    env.render(*env.get_template(c.template_name), c.context, out);
    bytes += out.size();
  }
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// The same in Python's Jinja2: a fresh Environment per round (PyTorch's generator compiles
// its templates each time it runs), the 12 rendered; prints milliseconds a round.
PythonRounds jinja2_binary_rounds() {
  return PythonRounds(
      "import jinja2, json, time, sys\n"
      "d = sys.argv[1]\n"
      "cases = [c for c in json.load(open(d + '/cases.json'))['cases'] if c['origin'] == 'upstream']\n"
      "ctxs = [json.load(open(d + '/' + c['context'])) for c in cases]\n"
      "for _ in sys.stdin:\n"
      "    start = time.perf_counter()\n"
      "    env = jinja2.Environment(loader=jinja2.FileSystemLoader(d + '/templates'),\n"
      "        variable_start_string='!{{', undefined=jinja2.StrictUndefined)\n"
      "    for c, x in zip(cases, ctxs): env.get_template(c['template']).render(x)\n"
      "    print((time.perf_counter() - start) * 1e3, flush=True)\n",
      {kPyTorch.string()});
}

// One check of this project on one thread per core, in milliseconds (its output count in
// `outputs`); throws when it fails.
double check_ms(size_t& outputs) {
  auto start = std::chrono::steady_clock::now();
  auto r = wfgen::pipeline::run_project(kRoot, Mode::Check);
  if (r.exit_code != 0) throw std::runtime_error("this project's check failed:\n" + r.out + r.err);
  outputs = r.outputs;
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}


}  // namespace

// Rounds alternate between wfgen and Python, so that a busy neighbour slows both alike. A
// missing ../shared or a failing check ends it with the error.
int report_after_benchmarks() try {
  constexpr int kRounds = 15;
  std::vector<BinaryCase> cases = pytorch_binary_cases();
  PythonRounds jinja2 = jinja2_binary_rounds();
  std::vector<double> project, engine, python;
  size_t bytes = 0, outputs = 0;
  for (int i = 0; i < kRounds; ++i) {
    project.push_back(check_ms(outputs));
    engine.push_back(wfgen_binary_round_ms(cases, bytes));
    if (double ms = jinja2.round(); ms > 0) python.push_back(ms);
  }
  std::printf("\n%d alternating rounds, milliseconds (median / best):\n", kRounds);
  std::printf("  this project's check, one thread per core (%zu outputs, lint included): "
              "%6.2f / %6.2f  (target <= 10)\n",
              outputs, median_of(project), best_of(project));
  std::printf("  PyTorch's %zu binary workflows (%zu bytes) from their templates and contexts,\n",
              cases.size(), bytes);
  std::printf("  a fresh environment each round (templates parsed), no matrix, no lint:\n");
  std::printf("    wfgen's engine, one thread : %6.2f / %6.2f\n", median_of(engine), best_of(engine));
  if (python.empty()) {
    std::printf("    Python's Jinja2            : not measured (python3 with jinja2 not found)\n");
  } else {
    std::printf("    Python's Jinja2            : %6.2f / %6.2f  (%.0fx wfgen's engine, "
                "%.0fx this project's whole check)\n",
                median_of(python), best_of(python), median_of(python) / median_of(engine),
                median_of(python) / median_of(project));
  }
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "generate_bench: %s\n", e.what());
  return 1;
}
