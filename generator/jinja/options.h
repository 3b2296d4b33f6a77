// EnvironmentOptions: the engine's options (Jinja2's Environment arguments that wfgen
// supports). The lexer reads the delimiters and whitespace control, the renderer the
// undefined flavour.
#pragma once

#include <string>

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
};

}  // namespace wfgen::jinja
