// The text must be UTF-8 without control characters (YAML's printable set; tab, LF and CR
// allowed). Checked once up front, so the scanner can read bytes and treat '\0' as the end.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace wfgen::yaml {

struct InputProblem {
  size_t offset;
  std::string message;
};

std::optional<InputProblem> check_input(std::string_view text);

}  // namespace wfgen::yaml
