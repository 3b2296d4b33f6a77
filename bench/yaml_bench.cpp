// YAML reading speed on the real reference workflows (../shared/reference/**/*.yml and
// PyTorch's conformance outputs, ~1.2 MB): our parser building the node tree (lint mode and
// strict mode), a whole data::Document (tree + JSON), and, measured in the same run,
// PyYAML's C loader (libyaml, in a Python subprocess).
//
//   build/bench/yaml_bench [--benchmark_filter=...]   (a filter skips the summary)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "bench_main.h"
#include "data/load.h"
#include "lint/workflow.h"
#include "system/heap.h"
#include "yaml/tree.h"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct File {
  std::string path;
  std::string text;
};

std::vector<File> load_corpus() {
  fs::path shared(WFGEN_SHARED_DIR);
  std::vector<File> files;
  for (fs::path dir : {shared / "reference", shared / "conformance" / "pytorch" / "expected"}) {
    if (!fs::is_directory(dir)) {
      std::cerr << "yaml_bench: " << dir << " is missing (../shared is required)\n";
      std::exit(1);
    }
    std::vector<fs::path> paths;
    for (const auto& e : fs::recursive_directory_iterator(dir))
      if (e.path().extension() == ".yml") paths.push_back(e.path());
    std::sort(paths.begin(), paths.end());
    for (const fs::path& p : paths) {
      std::ifstream in(p, std::ios::binary);
      std::ostringstream ss;
      ss << in.rdbuf();
      files.push_back({p.string(), ss.str()});
    }
  }
  return files;
}

const std::vector<File>& corpus() {
  static const std::vector<File> files = load_corpus();
  return files;
}

size_t corpus_bytes() {
  size_t n = 0;
  for (const File& f : corpus()) n += f.text.size();
  return n;
}

// One pass over the corpus; returns something so the work is not optimized away. Strict
// parses stop at a file's first error (one conformance output has duplicate keys).
size_t tree_pass(const wfgen::yaml::ParseOptions& o) {
  size_t nodes = 0;
  for (const File& f : corpus()) {
    try {
      nodes += wfgen::yaml::parse(f.text, o, f.path).node_count();
    } catch (const wfgen::data::DataError&) {
      ++nodes;
    }
  }
  return nodes;
}

size_t document_pass() {
  size_t n = 0;
  for (const File& f : corpus()) {
    try {
      n += wfgen::data::parse_yaml(f.text, f.path).root().size();
    } catch (const wfgen::data::DataError&) {
      ++n;
    }
  }
  return n;
}

void BM_TreeLintMode(benchmark::State& state) {
  wfgen::yaml::ParseOptions o = wfgen::lint::lint_parse_options();
  for (auto _ : state) benchmark::DoNotOptimize(tree_pass(o));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * corpus_bytes()));
}
BENCHMARK(BM_TreeLintMode)->Unit(benchmark::kMillisecond);

void BM_TreeStrictMode(benchmark::State& state) {
  wfgen::yaml::ParseOptions o;
  for (auto _ : state) benchmark::DoNotOptimize(tree_pass(o));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * corpus_bytes()));
}
BENCHMARK(BM_TreeStrictMode)->Unit(benchmark::kMillisecond);

void BM_Document(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(document_pass());
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * corpus_bytes()));
}
BENCHMARK(BM_Document)->Unit(benchmark::kMillisecond);

// Best MB/s of `pass` over rounds of at least 200 ms.
template <class F>
double best_mb_per_s(F pass) {
  double best = 0;
  for (int round = 0; round < 3; ++round) {
    auto start = Clock::now();
    int n = 0;
    while (Clock::now() - start < std::chrono::milliseconds(200)) {
      benchmark::DoNotOptimize(pass());
      ++n;
    }
    double secs = std::chrono::duration<double>(Clock::now() - start).count();
    best = std::max(best, static_cast<double>(corpus_bytes()) * n / secs / 1e6);
  }
  return best;
}

// PyYAML with libyaml's C loader on the same files (text already in memory), in a child
// Python: best MB/s of 3 rounds, or 0 when Python or libyaml is missing.
double pyyaml_c_mb_per_s() {
  fs::path list = fs::temp_directory_path() / "wfgen_yaml_bench_files.txt";
  {
    std::ofstream out(list);
    for (const File& f : corpus()) out << f.path << '\n';
  }
  std::string python = std::getenv("WFGEN_PYTHON") ? std::getenv("WFGEN_PYTHON") : "python3";
  std::string script =
      "import sys, time, yaml\n"
      "texts = [open(p.strip(), encoding='utf-8').read() for p in open(sys.argv[1]) if p.strip()]\n"
      "size = sum(len(t.encode()) for t in texts)\n"
      "best = 0\n"
      "for _ in range(3):\n"
      "    n, start = 0, time.perf_counter()\n"
      "    while time.perf_counter() - start < 0.3:\n"
      "        for t in texts: yaml.load(t, Loader=yaml.CSafeLoader)\n"
      "        n += 1\n"
      "    best = max(best, size * n / (time.perf_counter() - start) / 1e6)\n"
      "print(best)\n";
  fs::path script_file = fs::temp_directory_path() / "wfgen_yaml_bench.py";
  std::ofstream(script_file) << script;
  std::string cmd = python + " '" + script_file.string() + "' '" + list.string() + "' 2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return 0;
  char line[128] = {0};
  double mb = std::fgets(line, sizeof line, p) ? std::atof(line) : 0;
  pclose(p);
  fs::remove(list);
  fs::remove(script_file);
  return mb;
}

}  // namespace

int main(int argc, char** argv) {
  wfgen::system::prepare_heap();  // as the CLI runs (bench_main.cpp)
  // With --benchmark_filter only the selected benchmarks run (for profiling one of them).
  bool filtered = false;
  for (int i = 1; i < argc; ++i) filtered |= std::string_view(argv[i]).starts_with("--benchmark_filter");
  benchmark::Initialize(&argc, argv);
  add_build_context();
  add_host_context();
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (filtered) return 0;

  double mb = static_cast<double>(corpus_bytes()) / 1e6;
  auto line = [&](const char* what, double mbps) {
    std::printf("  %-34s %8.1f MB/s  %8.2f ms per corpus\n", what, mbps, mbps > 0 ? mb / mbps * 1e3 : 0);
  };
  std::printf("\nYAML corpus: %zu files, %.2f MB (shared/reference + PyTorch conformance outputs)\n",
              corpus().size(), mb);
  wfgen::yaml::ParseOptions lint = wfgen::lint::lint_parse_options();
  line("wfgen tree, lint mode (collect)", best_mb_per_s([&] { return tree_pass(lint); }));
  line("wfgen tree, strict mode", best_mb_per_s([] { return tree_pass(wfgen::yaml::ParseOptions{}); }));
  line("wfgen Document (tree + JSON)", best_mb_per_s(document_pass));
  double py = pyyaml_c_mb_per_s();
  if (py > 0)
    line("PyYAML CSafeLoader (libyaml)", py);
  else
    std::printf("  %-34s not available\n", "PyYAML CSafeLoader");
  std::printf("  target: tree >= 200 MB/s (lint of 1.2 MB in <= 5 ms)\n");
  return 0;
}
