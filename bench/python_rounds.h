// The reference a benchmark prints beside its own figure, measured in the same run: a
// Python child process (python3 with jinja2, or $WFGEN_PYTHON) that runs `script` with
// `args` as sys.argv[1:] and, for each line it is sent, measures one round and prints one
// number. Rounds are asked for one at a time, alternating with the benchmark's own, so that
// a busy neighbour slows both alike.
#pragma once

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

// The median and the best (least) of a figure's rounds; 0 for none.
inline double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}
inline double best_of(const std::vector<double>& v) {
  return v.empty() ? 0 : *std::min_element(v.begin(), v.end());
}

class PythonRounds {
 public:
  PythonRounds(std::string script, std::vector<std::string> args) {
    // A child that ended (no jinja2, a script error) must not kill the benchmark when it
    // is written to: the write fails instead, and the round is 0.
    signal(SIGPIPE, SIG_IGN);
    std::string python = std::getenv("WFGEN_PYTHON") ? std::getenv("WFGEN_PYTHON") : "python3";
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0) return;
    if (pipe(from_child) != 0) {
      close(to_child[0]);
      close(to_child[1]);
      return;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
    posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
    posix_spawn_file_actions_addclose(&actions, to_child[1]);
    posix_spawn_file_actions_addclose(&actions, from_child[0]);
    std::vector<char*> argv = {python.data(), const_cast<char*>("-c"), script.data()};
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    if (posix_spawnp(&pid_, python.c_str(), &actions, nullptr, argv.data(), environ) != 0)
      pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
    close(to_child[0]);
    close(from_child[1]);
    to_ = fdopen(to_child[1], "w");
    if (!to_) close(to_child[1]);
    from_ = fdopen(from_child[0], "r");
    if (!from_) close(from_child[0]);
    // The child's start (importing jinja2, reading its inputs) would otherwise run beside
    // the benchmark's first round, on the core its second thread wants. Waited for here
    // with a first round of the child's own (often its slowest, cold), which is dropped.
    round();
  }
  ~PythonRounds() {
    if (to_) std::fclose(to_);
    if (from_) std::fclose(from_);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
  }
  PythonRounds(const PythonRounds&) = delete;
  PythonRounds& operator=(const PythonRounds&) = delete;

  // The number the script printed for one round; 0 when Python (or jinja2) is missing.
  double round() {
    if (pid_ <= 0 || !to_ || !from_) return 0;
    if (std::fputs("go\n", to_) == EOF || std::fflush(to_) != 0) return 0;
    char line[128];
    if (!std::fgets(line, sizeof line, from_)) return 0;
    return std::atof(line);
  }

 private:
  pid_t pid_ = -1;
  FILE* to_ = nullptr;
  FILE* from_ = nullptr;
};
