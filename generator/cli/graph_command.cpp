// wfgen graph [OUTPUT|FAMILY|FILE]... [--diff] [--format mermaid|dot|text] [-C DIR]: the
// job graphs of workflows, or what the sources change in them.
#include <iostream>

#include "cli/commands.h"
#include "pipeline/job_graphs.h"

namespace wfgen::cli {

void add_graph_command(CLI::App& app, int& exit_code) {
  struct Options {
    std::string dir = ".";
    std::string format;
    pipeline::GraphOptions graph;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "graph", "Draw the job graph of workflows (Mermaid or DOT), or with --diff what the "
               "sources change in it against the committed files");
  cmd->add_option("TARGET", opt->graph.targets,
                  "Outputs (a path or the end of one), families or workflow files; none: "
                  "every workflow of the project");
  add_project_dir(*cmd, opt->dir);
  cmd->add_flag("--diff", opt->graph.diff,
                "Show what the sources add, remove and change against the committed files");
  cmd->add_option("--format", opt->format, "mermaid (default), dot, or text (--diff's default)")
      ->check(CLI::IsMember({"mermaid", "dot", "text"}));
  cmd->callback([opt, &exit_code] {
    const std::string& f = opt->format;
    opt->graph.format = f == "dot"                                 ? pipeline::GraphFormat::Dot
                        : f == "text" || (f.empty() && opt->graph.diff) ? pipeline::GraphFormat::Text
                                                                   : pipeline::GraphFormat::Mermaid;
    pipeline::RunResult r = pipeline::graph_project(opt->dir, opt->graph);
    std::cout << r.out << std::flush;
    std::cerr << r.err << std::flush;
    exit_code = r.exit_code;
  });
}

}  // namespace wfgen::cli
