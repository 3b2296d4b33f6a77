#include "jinja/options.h"

namespace wfgen::jinja {

namespace {

using O = EnvironmentOptions;

const EngineOption kOptions[] = {
    {"strict_undefined", "undefined=StrictUndefined", "Undefined variables are errors", nullptr,
     &O::strict_undefined},
    {"trim_blocks", "trim_blocks", "Remove the first newline after a block", nullptr,
     &O::trim_blocks},
    {"lstrip_blocks", "lstrip_blocks", "Strip whitespace before a block", nullptr,
     &O::lstrip_blocks},
    {"keep_trailing_newline", "keep_trailing_newline", "Keep the template's final newline",
     nullptr, &O::keep_trailing_newline},
    {"variable_start", "variable_start_string", "Default: {{", &O::variable_start},
    {"variable_end", "variable_end_string", "Default: }}", &O::variable_end},
    {"block_start", "block_start_string", "Default: {%", &O::block_start},
    {"block_end", "block_end_string", "Default: %}", &O::block_end},
    {"comment_start", "comment_start_string", "Default: {#", &O::comment_start},
    {"comment_end", "comment_end_string", "Default: #}", &O::comment_end},
};

}  // namespace

std::span<const EngineOption> engine_options() {
  return kOptions;
}

std::string cli_flag(std::string_view name) {
  std::string flag = "--";
  for (char c : name) flag += c == '_' ? '-' : c;
  return flag;
}

}  // namespace wfgen::jinja
