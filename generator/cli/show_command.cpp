// wfgen show [FAMILY|OUTPUT|MATRIX] [--where EXPR] [--vars] [--format yaml|json] [-C DIR]:
// the rows a matrix expands to, or the variables an output is rendered with.
#include <iostream>

#include "cli/commands.h"
#include "pipeline/show.h"

namespace wfgen::cli {

void add_show_command(CLI::App& app, int& exit_code) {
  struct Options {
    std::string dir = ".";
    std::string format = "yaml";
    pipeline::ShowOptions show;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "show", "Print the rows a matrix expands to (of a family, an output or a matrix file), "
              "or the variables an output is rendered with");
  cmd->add_option("TARGET", opt->show.target,
                  "A family, an output (its path or the end of it) or a matrix file; none: "
                  "every family");
  add_project_dir(*cmd, opt->dir);
  cmd->add_option("--where", opt->show.where,
                  "Keep the rows where this expression (the matrix language's) is true")
      ->type_name("EXPR");
  cmd->add_flag("--vars", opt->show.vars,
                "Print the variables the output is rendered with instead of its rows");
  cmd->add_option("--format", opt->format, "Output format")
      ->check(CLI::IsMember({"yaml", "json"}))
      ->default_str("yaml");
  cmd->callback([opt, &exit_code] {
    opt->show.format =
        opt->format == "json" ? pipeline::ShowFormat::Json : pipeline::ShowFormat::Yaml;
    pipeline::RunResult r = pipeline::show_project(opt->dir, opt->show);
    std::cout << r.out << std::flush;
    std::cerr << r.err << std::flush;
    exit_code = r.exit_code;
  });
}

}  // namespace wfgen::cli
