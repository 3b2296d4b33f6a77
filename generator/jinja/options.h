// EnvironmentOptions: the engine's options (the Jinja2 Environment arguments that wfgen
// supports), and their descriptors: one list that the manifest's `engine:` reader, the
// `wfgen render` flags and the tests all walk, so an option is added in one place.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "jinja/limits.h"

namespace wfgen::jinja {

struct EnvironmentOptions {
  std::string block_start = "{%";
  std::string block_end = "%}";
  std::string variable_start = "{{";
  std::string variable_end = "}}";
  std::string comment_start = "{#";
  std::string comment_end = "#}";
  bool trim_blocks = false;
  bool lstrip_blocks = false;
  bool keep_trailing_newline = false;
  bool strict_undefined = false;  // StrictUndefined instead of Undefined
  Limits limits;                  // not a Jinja2 argument: see limits.h
};

// One option: `name` is the manifest key and, with '-' for '_', the CLI flag
// (--trim-blocks); `jinja2` is Jinja2's Environment argument it stands for. Exactly one of
// `text` (a delimiter) and `flag` (a switch) is set.
struct EngineOption {
  std::string_view name;
  std::string_view jinja2;
  std::string_view help;
  std::string EnvironmentOptions::*text = nullptr;
  bool EnvironmentOptions::*flag = nullptr;
};

// Every option, in the order `wfgen render --help` lists them.
std::span<const EngineOption> engine_options();

// "--trim-blocks" for trim_blocks (and "--max-string" for the limit max_string).
std::string cli_flag(std::string_view name);
inline std::string cli_flag(const EngineOption& option) {
  return cli_flag(option.name);
}

}  // namespace wfgen::jinja
