// The CLI's subcommands. Each registers itself on the app and reports its exit code
// through `exit_code`: 0 success, 1 template/data/render/check failure, 2 usage error.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

namespace wfgen::cli {

// wfgen render TEMPLATE [-d DATA]... [-I DIR]... [options] [-o OUT]
void add_render_command(CLI::App& app, int& exit_code);
// wfgen data FILE... [--lines]
void add_data_command(CLI::App& app, int& exit_code);
// wfgen generate | check | list [-C DIR]
void add_project_commands(CLI::App& app, int& exit_code);
// wfgen lint [PATH...] [-C DIR] [--format F] [--warnings-as-errors] [--list-rules]
void add_lint_command(CLI::App& app, int& exit_code);
// wfgen show [FAMILY|OUTPUT|MATRIX] [--where EXPR] [--vars] [--format yaml|json]
void add_show_command(CLI::App& app, int& exit_code);
// wfgen graph [OUTPUT...] [--diff] [--format mermaid|dot|text]
void add_graph_command(CLI::App& app, int& exit_code);

// -C DIR: the project to run on (default: the current directory).
void add_project_dir(CLI::App& cmd, std::string& dir);

// --max-input-size BYTES (suffixes K, M, G: powers of 1024), on every command that reads.
void add_max_input_size(CLI::App& cmd, uint64_t& bytes);

}  // namespace wfgen::cli
