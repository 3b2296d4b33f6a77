// The CLI's subcommands. Each registers itself on the app and reports its exit code
// through `exit_code`: 0 success, 1 template/data/render/check failure, 2 usage error.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>
#include <string>

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

// The check of a --max-... value: a whole number >= 1 (a limit of 0 would refuse everything).
inline const CLI::Validator& limit_value() {
  static const CLI::Validator v(
      [](std::string& text) -> std::string {
        size_t used = 0;
        unsigned long long n = 0;
        try {
          n = std::stoull(text, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used != text.size() || text.empty() || text[0] == '-' || n < 1)
          return "a limit must be a whole number >= 1, not '" + text + "'";
        return {};
      },
      "N>=1");
  return v;
}

}  // namespace wfgen::cli
