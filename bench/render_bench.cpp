// Rendering speed on PyTorch's largest real template (linux manywheel, ~207 KB out):
// wfgen in-process vs Python's Jinja2 rendering the same compiled template, measured in
// the same run, plus the wall time of one `wfgen render` process. Then one large output
// (~18 MB: the template included in a loop), one `wfgen render` process against Python's
// Jinja2 from the command line, with each one's peak memory.
//
//   build/bench/render_bench [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "data/json_convert.h"
#include "jinja/runtime/environment.h"
#include "jinja/runtime/output.h"
#include "jinja/syntax/template.h"
#include "bench_main.h"
#include "python_rounds.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

const fs::path kDir = fs::path(WFGEN_SHARED_DIR) / "conformance" / "pytorch";
const char* kTemplate = "linux_binary_build_workflow.yml.j2";
const char* kContext = "contexts/generated-linux-binary-manywheel-nightly.yml.json";

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

wfgen::jinja::EnvironmentOptions pytorch_options() {
  wfgen::jinja::EnvironmentOptions o;
  o.variable_start = "!{{";
  o.strict_undefined = true;
  return o;
}

struct Fixture {
  wfgen::jinja::Environment env{pytorch_options(),
                                std::make_shared<wfgen::jinja::FileSystemLoader>(
                                    std::vector<std::string>{(kDir / "templates").string()})};
  std::shared_ptr<const wfgen::jinja::Template> tmpl = env.get_template(kTemplate);
  wfgen::jinja::Value context = wfgen::data::to_value(ordered_json::parse(read(kDir / kContext)));
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

void BM_RenderManywheel(benchmark::State& state) {
  Fixture& f = fixture();
  wfgen::jinja::Output out;
  for (auto _ : state) {
    out.clear();
    f.env.render(*f.tmpl, f.context, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * out.size()));
}
BENCHMARK(BM_RenderManywheel)->Unit(benchmark::kMicrosecond);

// One round of wfgen: renders for a fixed wall-clock budget, returns MB/s.
double wfgen_round_mb_per_s() {
  Fixture& f = fixture();
  wfgen::jinja::Output out;
  auto start = Clock::now();
  int n = 0;
  while (Clock::now() - start < std::chrono::milliseconds(150)) {
    out.clear();
    f.env.render(*f.tmpl, f.context, out);
    ++n;
  }
  double secs = std::chrono::duration<double>(Clock::now() - start).count();
  return static_cast<double>(out.size()) * n / secs / 1e6;
}

// Python's Jinja2 on the same template and context, in a child process that compiles
// the template once and then renders one round (same budget) each time it is asked: MB/s.
PythonRounds jinja2_rounds() {
  return PythonRounds(
      "import jinja2, json, time, sys\n"
      "d = sys.argv[1]\n"
      "env = jinja2.Environment(loader=jinja2.FileSystemLoader(d + '/templates'),\n"
      "    variable_start_string='!{{', undefined=jinja2.StrictUndefined)\n"
      "t = env.get_template(sys.argv[2])\n"
      "ctx = json.load(open(d + '/' + sys.argv[3]))\n"
      "for _ in sys.stdin:\n"
      "    n, start = 0, time.perf_counter()\n"
      "    while time.perf_counter() - start < 0.15:\n"
      "        out = t.render(ctx); n += 1\n"
      "    print(len(out.encode()) * n / (time.perf_counter() - start) / 1e6, flush=True)\n",
      {kDir.string(), kTemplate, kContext});
}

struct ProcessRun {
  double wall_ms = -1;  // -1: it could not run, or failed
  double peak_mb = 0;   // its peak resident memory
};

// Runs `args` to completion with stdout to /dev/null; the median wall time of `runs`
// runs, and the largest peak memory among them.
ProcessRun run_process(std::vector<std::string> args, int runs) {
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  std::vector<double> times;
  ProcessRun result;
  for (int i = 0; i < runs; ++i) {
    auto start = Clock::now();
    pid_t pid;
    if (posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ) != 0) return {};
    int status = 0;
    struct rusage usage {};
    wait4(pid, &status, 0, &usage);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return {};
    times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    result.peak_mb = std::max(result.peak_mb, static_cast<double>(usage.ru_maxrss) / 1024);
  }
  posix_spawn_file_actions_destroy(&actions);
  std::sort(times.begin(), times.end());
  result.wall_ms = times[times.size() / 2];
  return result;
}

double spawn_wall_ms(std::vector<std::string> args, int runs) {
  return run_process(std::move(args), runs).wall_ms;
}

// One `wfgen render` process for the case, and the floor any process costs here.
double process_wall_ms() {
  return spawn_wall_ms({WFGEN_BINARY, "render", (kDir / "templates" / kTemplate).string(), "-d",
                        (kDir / kContext).string(), "-I", (kDir / "templates").string(),
                        "--variable-start", "!{{", "--strict-undefined"},
                       31);
}
double empty_process_wall_ms() {
  return spawn_wall_ms({"/bin/true"}, 31);
}

// The large output: a template that includes PyTorch's manywheel template `copies` times
// (written to a temporary directory), rendered by one process of each engine.
struct LargeOutput {
  fs::path dir = fs::temp_directory_path() / ("wfgen-render-bench-" + std::to_string(getpid()));
  size_t copies = 0;
  size_t bytes = 0;

  explicit LargeOutput(size_t target_bytes) {
    Fixture& f = fixture();
    size_t one = f.env.render(*f.tmpl, f.context).size();
    copies = (target_bytes + one - 1) / one;
    bytes = copies * one;
    fs::create_directories(dir);
    std::ofstream(dir / "large.yml.j2")
        << "{% for _ in range(" << copies << ") %}{% include '" << kTemplate << "' %}{% endfor %}";
  }
  ~LargeOutput() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }

  ProcessRun wfgen(bool to_file) const {
    std::vector<std::string> args = {WFGEN_BINARY, "render", (dir / "large.yml.j2").string(),
                                     "-d", (kDir / kContext).string(), "-I",
                                     (kDir / "templates").string(), "--variable-start", "!{{",
                                     "--strict-undefined"};
    if (to_file) args.insert(args.end(), {"-o", (dir / "out.yml").string()});
    return run_process(args, 5);
  }
  ProcessRun jinja2() const {
    std::string python = std::getenv("WFGEN_PYTHON") ? std::getenv("WFGEN_PYTHON") : "python3";
    std::string script =
        "import jinja2, json, sys\n"
        "t, d, tpl = sys.argv[1:4]\n"
        "env = jinja2.Environment(loader=jinja2.FileSystemLoader([t, d]),\n"
        "    variable_start_string='!{{', undefined=jinja2.StrictUndefined)\n"
        "sys.stdout.write(env.get_template('large.yml.j2').render(json.load(open(tpl))))\n";
    return run_process({python, "-c", script, (kDir / "templates").string(), dir.string(),
                        (kDir / kContext).string()},
                       3);
  }
};

void report_large_output() {
  LargeOutput large(size_t{18} << 20);
  ProcessRun to_stdout = large.wfgen(false);
  ProcessRun to_file = large.wfgen(true);
  ProcessRun python = large.jinja2();
  std::printf("\none large output (%s included %zu times -> %.1f MB), one process each:\n",
              kTemplate, large.copies, static_cast<double>(large.bytes) / 1e6);
  std::printf("  wfgen render > stdout : %8.1f ms wall, peak memory %6.1f MB (median of 5)\n",
              to_stdout.wall_ms, to_stdout.peak_mb);
  std::printf("  wfgen render -o FILE  : %8.1f ms wall, peak memory %6.1f MB (median of 5)\n",
              to_file.wall_ms, to_file.peak_mb);
  if (python.wall_ms > 0 && to_stdout.wall_ms > 0) {
    std::printf("  Jinja2 (python3 -c)   : %8.1f ms wall, peak memory %6.1f MB (median of 3)\n",
                python.wall_ms, python.peak_mb);
    std::printf("  ratio                 : %8.1fx faster to stdout  (target >= 10x)\n",
                python.wall_ms / to_stdout.wall_ms);
  } else {
    std::printf("  Jinja2 (Python)       : not measured (python3 with jinja2 not found)\n");
  }
}

}  // namespace

int report_after_benchmarks() {
  // Rounds alternate between the two engines, so a busy neighbour slows both alike;
  // the ratio is the median of the per-pair ratios.
  constexpr int kRounds = 9;
  PythonRounds jinja2 = jinja2_rounds();
  std::vector<double> ours, theirs, ratios;
  for (int i = 0; i < kRounds; ++i) {
    double a = wfgen_round_mb_per_s();
    double b = jinja2.round();
    ours.push_back(a);
    if (b > 0) {
      theirs.push_back(b);
      ratios.push_back(a / b);
    }
  }
  double wall = process_wall_ms();
  double floor_ms = empty_process_wall_ms();
  std::printf("\nlinux manywheel (%s -> ~207 KB), %d alternating rounds of 150 ms:\n", kTemplate,
              kRounds);
  std::printf("  wfgen in-process : %8.1f MB/s median, %8.1f best\n", median_of(ours),
              *std::max_element(ours.begin(), ours.end()));
  if (!ratios.empty()) {
    std::printf("  Jinja2 (Python)  : %8.1f MB/s median, %8.1f best\n", median_of(theirs),
                *std::max_element(theirs.begin(), theirs.end()));
    std::printf("  ratio            : %8.1fx median of the pairs  (target >= 10x)\n",
                median_of(ratios));
  } else {
    std::printf("  Jinja2 (Python)  : not measured (python3 with jinja2 not found)\n");
  }
  std::printf("  one wfgen render process: %.2f ms wall (median of 31; target <= 5 ms)\n", wall);
  std::printf("  (an empty process, /bin/true, costs %.2f ms here)\n", floor_ms);
  report_large_output();
  return 0;
}
