// Runs the built `wfgen` binary as a user would, capturing stdout, stderr and the exit code.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "support/shared_dir.h"

namespace wfgen::testing {

struct CliResult {
  int exit_code = -1;
  std::string out, err;
};

inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// `wfgen ARGS...` run in `cwd` (the current directory when empty), with `env` prepended to
// its environment ("NAME=value ..."; already quoted).
inline CliResult run_wfgen(const std::vector<std::string>& args,
                           const std::filesystem::path& cwd = {}, const std::string& env = {}) {
  const std::filesystem::path err_file = std::filesystem::temp_directory_path() /
                                         ("wfgen-cli-err-" + std::to_string(::getpid()));
  std::string cmd;
  if (!cwd.empty()) cmd += "cd " + shell_quote(cwd.string()) + " && ";
  cmd += env + (env.empty() ? "" : " ") + shell_quote(WFGEN_BINARY);
  for (const auto& a : args) cmd += " " + shell_quote(a);
  cmd += " 2>" + shell_quote(err_file.string()) + " </dev/null";
  CliResult r;
  FILE* pipe = ::popen(cmd.c_str(), "r");
  if (!pipe) return r;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  int status = ::pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.err = read_file(err_file);
  std::filesystem::remove(err_file);
  return r;
}

}  // namespace wfgen::testing
