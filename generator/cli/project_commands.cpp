// wfgen generate | check | list [-C DIR] [--max-...]: the project commands, thin wrappers
// over pipeline/ (which the benchmarks call in-process).
#include <map>
#include <stdexcept>
#include <vector>

#include "cli/commands.h"
#include "cli/output.h"
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

struct ProjectOptions {
  std::string dir = ".";
  std::string format = "text";
  bool force = false;
  bool no_wait = false;
  uint64_t max_input_size = files::kDefaultMaxInputSize;
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
    o.notify = [](const std::string& message) { print_error(message); };
    return o;
  }
};

CLI::App* add_project_command(CLI::App& app, const char* name, const char* help,
                              ProjectOptions& opt) {
  CLI::App* cmd = app.add_subcommand(name, help);
  cmd->add_option("-C", opt.dir, "Run on the project in DIR (default: current directory)")
      ->type_name("DIR");
  add_max_input_size(*cmd, opt.max_input_size);
  opt.limits.add_to(cmd);
  return cmd;
}

}  // namespace

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
  check->callback([&exit_code] {
    emit(pipeline::run_project(check_opt.dir, pipeline::Mode::Check, check_opt.run()), exit_code);
  });

  CLI::App* list = add_project_command(
      app, "list", "List every output with its template, matrix and row", list_opt);
  list->callback([&exit_code] { emit(pipeline::list_project(list_opt.dir, list_opt.run()), exit_code); });
}

}  // namespace wfgen::cli
