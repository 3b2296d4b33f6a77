// Rendering speed on PyTorch's largest real template (linux manywheel, ~207 KB out):
// wfgen in-process vs Python's Jinja2 rendering the same compiled template, measured in
// the same run, plus the wall time of one `wfgen render` process.
//
//   build/bench/render_bench [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include <fcntl.h>
#include <spawn.h>
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
// the template once and then renders one round (same budget) each time it reads a line.
class Jinja2Rounds {
 public:
  Jinja2Rounds() {
    std::string python = std::getenv("WFGEN_PYTHON") ? std::getenv("WFGEN_PYTHON") : "python3";
    std::string script =
        "import jinja2, json, time, sys\n"
        "d = sys.argv[1]\n"
        "env = jinja2.Environment(loader=jinja2.FileSystemLoader(d + '/templates'),\n"
        "    variable_start_string='!{{', undefined=jinja2.StrictUndefined)\n"
        "t = env.get_template('" +
        std::string(kTemplate) +
        "')\n"
        "ctx = json.load(open(d + '/" +
        kContext +
        "'))\n"
        "for _ in sys.stdin:\n"
        "    n, start = 0, time.perf_counter()\n"
        "    while time.perf_counter() - start < 0.15:\n"
        "        out = t.render(ctx); n += 1\n"
        "    print(len(out.encode()) * n / (time.perf_counter() - start) / 1e6, flush=True)\n";
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) return;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
    posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
    posix_spawn_file_actions_addclose(&actions, to_child[1]);
    posix_spawn_file_actions_addclose(&actions, from_child[0]);
    std::string dir = kDir.string();
    std::vector<char*> argv = {python.data(), const_cast<char*>("-c"), script.data(), dir.data(),
                               nullptr};
    if (posix_spawnp(&pid_, python.c_str(), &actions, nullptr, argv.data(), environ) != 0)
      pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
    close(to_child[0]);
    close(from_child[1]);
    to_ = fdopen(to_child[1], "w");
    from_ = fdopen(from_child[0], "r");
  }
  ~Jinja2Rounds() {
    if (to_) fclose(to_);
    if (from_) fclose(from_);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
  }
  // MB/s of one round, or 0 when Python's Jinja2 is not available.
  double round() {
    if (pid_ <= 0 || !to_ || !from_) return 0;
    std::fputs("go\n", to_);
    std::fflush(to_);
    char line[128];
    if (!std::fgets(line, sizeof line, from_)) return 0;
    return std::atof(line);
  }

 private:
  pid_t pid_ = -1;
  FILE* to_ = nullptr;
  FILE* from_ = nullptr;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Median wall time of running `argv` to completion (posix_spawn, stdout to /dev/null).
double spawn_wall_ms(std::vector<std::string> args, int runs) {
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  std::vector<double> times;
  for (int i = 0; i < runs; ++i) {
    auto start = Clock::now();
    pid_t pid;
    if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) != 0) return -1;
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
    times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  }
  posix_spawn_file_actions_destroy(&actions);
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
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

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();

  // Rounds alternate between the two engines, so a busy neighbour slows both alike;
  // the ratio is the median of the per-pair ratios.
  constexpr int kRounds = 9;
  Jinja2Rounds jinja2;
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
  std::printf("  wfgen in-process : %8.1f MB/s median, %8.1f best\n", median(ours),
              *std::max_element(ours.begin(), ours.end()));
  if (!ratios.empty()) {
    std::printf("  Jinja2 (Python)  : %8.1f MB/s median, %8.1f best\n", median(theirs),
                *std::max_element(theirs.begin(), theirs.end()));
    std::printf("  ratio            : %8.1fx median of the pairs  (target >= 10x)\n",
                median(ratios));
  } else {
    std::printf("  Jinja2 (Python)  : not measured (python3 with jinja2 not found)\n");
  }
  std::printf("  one wfgen render process: %.2f ms wall (median of 31; target <= 5 ms)\n", wall);
  std::printf("  (an empty process, /bin/true, costs %.2f ms here)\n", floor_ms);
  return 0;
}
