// Where a piece of text is in a file's text, as the tools report it: 1-based line and
// byte column (code points, for the ASCII texts of the tests). Tests find the position
// they expect in the source instead of writing it down.
#pragma once

#include <algorithm>
#include <string>

namespace wfgen::testing {

struct TextPosition {
  int line = 0;  // 0: not found
  int col = 0;
};

// The position of the first `needle` in `text`.
inline TextPosition position_of(const std::string& text, const std::string& needle) {
  const size_t at = text.find(needle);
  if (at == std::string::npos) return {};
  const size_t line_start = at == 0 || text.rfind('\n', at - 1) == std::string::npos
                                ? 0
                                : text.rfind('\n', at - 1) + 1;
  const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n');
  return {static_cast<int>(line), static_cast<int>(at - line_start) + 1};
}

}  // namespace wfgen::testing
