// wfgen generate | check | list [-C DIR] [--max-...]: the project commands, thin wrappers
// over pipeline/ (which the benchmarks call in-process).
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <stdexcept>
#include <vector>

#include "cli/commands.h"
#include "cli/output.h"
#include "files/error.h"
#include "jinja/options.h"
#include "pipeline/pipeline.h"

namespace wfgen::cli {

namespace {

void emit(const pipeline::RunResult& r, int& exit_code) {
  exit_code = r.exit_code;
  try {
    print(r.out);
  } catch (const std::runtime_error& e) {
    print_error(std::string(e.what()) + "\n");
    exit_code = 1;
  }
  print_error(r.err);
}

// --max-string N, ... on a project command: each given one wins over wfgen.yml's.
class LimitFlags {
 public:
  void add_to(CLI::App* cmd) {
    for (const pipeline::LimitSetting& s : pipeline::limit_settings()) {
      options_[std::string(s.name)] =
          cmd->add_option(jinja::cli_flag(s.name), values_[std::string(s.name)],
                          std::string(s.help) + " (overrides wfgen.yml's limits)")
              ->check(limit_value());
    }
  }
  std::vector<pipeline::LimitOverride> given() const {
    std::vector<pipeline::LimitOverride> out;
    for (const auto& [name, option] : options_)
      if (option->count()) out.push_back({name, values_.at(name)});
    return out;
  }

 private:
  std::map<std::string, size_t> values_;
  std::map<std::string, CLI::Option*> options_;
};

// Appends `text` to the step summary file GitHub names (it collects what every step
// appends); a failure is an error of the command.
void append_step_summary(const char* path, const std::string& text, int& exit_code) {
  FILE* f = std::fopen(path, "a");
  bool ok = f && std::fwrite(text.data(), 1, text.size(), f) == text.size();
  const int err = errno;
  if (f && std::fclose(f) != 0) ok = false;
  if (ok) return;
  print_error("wfgen check: error: cannot append the step summary to " + files::printable(path) +
              " ($GITHUB_STEP_SUMMARY): " + std::strerror(err ? err : errno) + "\n");
  exit_code = 1;
}

struct ProjectOptions {
  std::string dir = ".";
  std::string format = "text";
  bool force = false;
  bool no_wait = false;
  bool full_diff = false;
  uint64_t max_input_size = files::kDefaultMaxInputSize;
  unsigned jobs = 0;  // 0: one thread per core
  LimitFlags limits;

  pipeline::RunOptions run() const {
    pipeline::RunOptions o;
    o.format = format == "github" ? pipeline::Format::Github
               : format == "json" ? pipeline::Format::Json
                                  : pipeline::Format::Text;
    o.force = force;
    o.wait = !no_wait;
    o.max_input_size = max_input_size;
    o.limits = limits.given();
    o.threads = jobs;
    if (full_diff) o.diff_lines_per_file = o.diff_lines_per_run = pipeline::kUnbounded;
    o.notify = [](const std::string& message) { print_error(message); };
    return o;
  }
};

CLI::App* add_project_command(CLI::App& app, const char* name, const char* help,
                              ProjectOptions& opt) {
  CLI::App* cmd = app.add_subcommand(name, help);
  add_project_dir(*cmd, opt.dir);
  add_max_input_size(*cmd, opt.max_input_size);
  cmd->add_option("-j,--jobs", opt.jobs,
                  "Render on N threads (default: one per core; the output is the same for any N)")
      ->type_name("N")
      ->check(CLI::Range(1u, 1024u));
  opt.limits.add_to(cmd);
  return cmd;
}

}  // namespace

void add_project_dir(CLI::App& cmd, std::string& dir) {
  cmd.add_option("-C", dir, "Run on the project in DIR (default: current directory)")
      ->type_name("DIR");
}

void add_max_input_size(CLI::App& cmd, uint64_t& bytes) {
  cmd.add_option("--max-input-size", bytes,
                 "Refuse to read a file larger than this (default 64M; suffixes K, M, G)")
      ->transform(CLI::AsSizeValue(false))
      ->type_name("BYTES");
}

void add_project_commands(CLI::App& app, int& exit_code) {
  // Shared state lives as long as the app: CLI11 keeps references to it.
  static ProjectOptions gen_opt, check_opt, list_opt;

  CLI::App* gen = add_project_command(
      app, "generate", "Render every workflow and write the ones that changed", gen_opt);
  gen->add_flag("--force", gen_opt.force, "Overwrite files at output paths that wfgen did not write");
  gen->add_flag("--no-wait", gen_opt.no_wait,
                "Fail at once when another wfgen run holds the project lock");
  gen->callback([&exit_code] {
    emit(pipeline::run_project(gen_opt.dir, pipeline::Mode::Generate, gen_opt.run()), exit_code);
  });

  CLI::App* check =
      add_project_command(app, "check",
                          "Fail (exit 1) with a diff when generated/ is not what the sources make",
                          check_opt);
  check->add_option("--format", check_opt.format, "Report format")
      ->check(CLI::IsMember({"text", "github", "json"}))
      ->default_str("text");
  check->add_flag("--no-wait", check_opt.no_wait,
                  "Fail at once when a wfgen generate holds the project lock");
  check->add_flag("--full-diff", check_opt.full_diff,
                  "Print every diff line (by default at most 80 per file and 2000 in all)");
  check->callback([&exit_code] {
    pipeline::RunOptions o = check_opt.run();
    // With --format github, the run's page gets a summary too (nothing on a usage error:
    // this runs only once the command line parsed).
    const char* summary_file = std::getenv("GITHUB_STEP_SUMMARY");
    o.step_summary = o.format == pipeline::Format::Github && summary_file && *summary_file;
    pipeline::RunResult r = pipeline::run_project(check_opt.dir, pipeline::Mode::Check, o);
    emit(r, exit_code);
    if (o.step_summary) append_step_summary(summary_file, r.summary, exit_code);
  });

  CLI::App* list = add_project_command(
      app, "list", "List every output with its template, matrix and row", list_opt);
  list->callback([&exit_code] { emit(pipeline::list_project(list_opt.dir, list_opt.run()), exit_code); });
}

}  // namespace wfgen::cli
