// wfgen generate | check | list [-C DIR] [--max-...]: the project commands, thin wrappers
// over pipeline/ (which the benchmarks call in-process).
#include <iostream>
#include <map>
#include <vector>

#include "cli/commands.h"
#include "jinja/options.h"
#include "pipeline/pipeline.h"

namespace wfgen::cli {

namespace {

void emit(const pipeline::RunResult& r, int& exit_code) {
  std::cout << r.out << std::flush;
  std::cerr << r.err << std::flush;
  exit_code = r.exit_code;
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

}  // namespace

void add_project_commands(CLI::App& app, int& exit_code) {
  // Shared state lives as long as the app: CLI11 keeps references to it.
  static std::string generate_dir = ".", check_dir = ".", list_dir = ".";
  static std::string format = "text";
  static LimitFlags generate_limits, check_limits, list_limits;

  CLI::App* gen =
      app.add_subcommand("generate", "Render every workflow and write the ones that changed");
  gen->add_option("-C", generate_dir, "Run on the project in DIR (default: current directory)")
      ->type_name("DIR");
  generate_limits.add_to(gen);
  gen->callback([&exit_code] {
    emit(pipeline::run_project(generate_dir, pipeline::Mode::Generate, pipeline::Format::Text,
                               generate_limits.given()),
         exit_code);
  });

  CLI::App* check = app.add_subcommand(
      "check", "Fail (exit 1) with a diff when generated/ is not what the sources make");
  check->add_option("-C", check_dir, "Run on the project in DIR (default: current directory)")
      ->type_name("DIR");
  check->add_option("--format", format, "Report format")
      ->check(CLI::IsMember({"text", "github", "json"}))
      ->default_str("text");
  check_limits.add_to(check);
  check->callback([&exit_code] {
    pipeline::Format f = format == "github" ? pipeline::Format::Github
                         : format == "json" ? pipeline::Format::Json
                                            : pipeline::Format::Text;
    emit(pipeline::run_project(check_dir, pipeline::Mode::Check, f, check_limits.given()),
         exit_code);
  });

  CLI::App* list =
      app.add_subcommand("list", "List every output with its template, matrix and row");
  list->add_option("-C", list_dir, "Run on the project in DIR (default: current directory)")
      ->type_name("DIR");
  list_limits.add_to(list);
  list->callback(
      [&exit_code] { emit(pipeline::list_project(list_dir, list_limits.given()), exit_code); });
}

}  // namespace wfgen::cli
