// wfgen: a compiler for GitHub Actions workflows (Jinja2 templates + YAML matrices).
#include <sys/resource.h>

#include <iostream>
#include <new>

#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "cli/output.h"
#include "jinja/limits.h"
#include "system/heap.h"

namespace {

// A project's output directories each hold a descriptor while it is written: take the
// open-file limit the system allows, not the 1024 a login shell often starts with.
void raise_open_file_limit() {
  struct rlimit limit;
  if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &limit);
  }
}

}  // namespace

int main(int argc, char** argv) {
  wfgen::cli::guard_standard_streams();
  raise_open_file_limit();
  wfgen::system::prepare_heap();
  CLI::App app{"wfgen: render Jinja2 templates and generate GitHub Actions workflows"};
  app.set_version_flag("--version", "wfgen " WFGEN_VERSION);
  app.require_subcommand(1);
  int exit_code = 0;
  wfgen::cli::add_render_command(app, exit_code);
  wfgen::cli::add_project_commands(app, exit_code);
  wfgen::cli::add_lint_command(app, exit_code);
  wfgen::cli::add_data_command(app, exit_code);
  wfgen::cli::add_show_command(app, exit_code);
  wfgen::cli::add_graph_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    // Help and version requests exit 0; every real usage error exits 2.
    exit_code = rc == 0 ? 0 : 2;
  } catch (const std::bad_alloc&) {  // whatever a command did not catch itself: never abort
    std::cerr << wfgen::jinja::out_of_memory_message();
    exit_code = 1;
  }
  if (!wfgen::cli::close_stdout() && exit_code == 0) exit_code = 1;
  return exit_code;
}
