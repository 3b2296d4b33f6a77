// wfgen: a compiler for GitHub Actions workflows (Jinja2 templates + YAML matrices).
#include <iostream>
#include <new>

#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "cli/memory.h"

int main(int argc, char** argv) {
  wfgen::cli::prepare_heap(size_t{1} << 20);
  CLI::App app{"wfgen: render Jinja2 templates and generate GitHub Actions workflows"};
  app.require_subcommand(1);
  int exit_code = 0;
  wfgen::cli::add_render_command(app, exit_code);
  wfgen::cli::add_project_commands(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    // Help and version requests exit 0; every real usage error exits 2.
    return rc == 0 ? 0 : 2;
  } catch (const std::bad_alloc&) {  // whatever a command did not catch itself: never abort
    std::cerr << wfgen::cli::out_of_memory_message();
    return 1;
  }
  return exit_code;
}
