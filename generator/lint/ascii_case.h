// ASCII case, as GitHub compares keys, job ids, context and function names: "FOO" and
// "foo" are one key. Inline and locale-free: lint compares names by the ten thousand.
#pragma once

#include <string>
#include <string_view>

namespace wfgen::lint {

inline char lower_ascii(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
inline char upper_ascii(char c) {
  return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

inline std::string lower_case(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = lower_ascii(c);
  return out;
}
// Upper case: the form duplicate-key and ids fold names to.
inline std::string fold_case(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = upper_ascii(c);
  return out;
}
// lower_case(a) == lower_case(b), without making either.
inline bool equal_folded(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (lower_ascii(a[i]) != lower_ascii(b[i])) return false;
  return true;
}

}  // namespace wfgen::lint
