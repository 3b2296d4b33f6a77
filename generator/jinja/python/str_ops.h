// Python's str rules that both the builtin filters and the str methods use, in one
// place: strip, split on whitespace, splitlines (one set of line breaks), replace and
// padding. UTF-8 in, UTF-8 out; widths and counts are in code points.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wfgen::jinja {

// str.strip(chars) / lstrip / rstrip: `chars` null strips whitespace.
std::string py_strip(std::string_view s, const std::string* chars, bool left = true,
                     bool right = true);
// str.split() without a separator: runs of whitespace separate, no empty parts; at most
// `maxsplit` splits, the rest (left-stripped) is the last part.
std::vector<std::string> py_split_whitespace(std::string_view s, int64_t maxsplit = INT64_MAX);
// The line boundaries of str.splitlines(): \n \r \v \f \x1c \x1d \x1e \x85 U+2028 U+2029.
bool is_line_break(uint32_t cp);
// str.splitlines(keepends); \r\n is one boundary.
std::vector<std::string> py_splitlines(std::string_view s, bool keepends = false);
// str.replace(old, new, count); count < 0 means all.
std::string py_replace(std::string_view s, std::string_view old_s, std::string_view new_s,
                       int64_t count);

enum class PadAlign { Center, Left, Right };
// str.center / ljust / rjust(width, fill): `fill` is one code point. Left keeps the
// text on the left (ljust).
std::string py_pad(std::string_view s, int64_t width, std::string_view fill, PadAlign align);
inline std::string py_center(std::string_view s, int64_t width) {
  return py_pad(s, width, " ", PadAlign::Center);
}

// The first `n` code points of s (n >= 0).
std::string utf8_prefix(std::string_view s, size_t n);
// Python's \w for one code point (re module, str pattern).
bool is_word_char(uint32_t cp);

}  // namespace wfgen::jinja
