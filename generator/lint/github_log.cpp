#include "lint/github_log.h"

#include <cctype>
#include <vector>

#include "files/error.h"
#include "lint/ascii_case.h"

namespace wfgen::lint {

std::string github_escape_data(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '%')
      out += "%25";
    else if (c == '\r')
      out += "%0D";
    else if (c == '\n')
      out += "%0A";
    else if (files::has_control(s.substr(i, 1)))  // shown, not sent to a terminal (ESC, BEL)
      out += files::printable(s.substr(i, 1));
    else
      out += c;
  }
  return out;
}

std::string github_escape_property(std::string_view s) {
  std::string out;
  for (char c : github_escape_data(s)) {
    if (c == ':')
      out += "%3A";
    else if (c == ',')
      out += "%2C";
    else
      out += c;
  }
  return out;
}

namespace {

constexpr std::string_view kTokenPrefix = "wfgen-resume-";

// A token the runner would not find in `text`: kTokenPrefix and the least number that no
// occurrence of the prefix in `text` is followed by. The runner compares command names
// without case, so neither does this. With n occurrences, one of 0..n is free.
std::string free_token(std::string_view text) {
  std::vector<uint64_t> numbers;  // each that follows an occurrence of the prefix
  size_t count = 0;               // occurrences
  for (size_t at = 0; at + kTokenPrefix.size() <= text.size(); ++at) {
    size_t i = 0;
    while (i < kTokenPrefix.size() &&
           lower_ascii(text[at + i]) == kTokenPrefix[i])
      ++i;
    if (i < kTokenPrefix.size()) continue;
    ++count;
    uint64_t n = 0;
    size_t end = at + kTokenPrefix.size();
    for (; end < text.size() && std::isdigit(static_cast<unsigned char>(text[end])); ++end)
      n = n > text.size() ? n : n * 10 + static_cast<uint64_t>(text[end] - '0');  // no overflow
    if (end > at + kTokenPrefix.size()) numbers.push_back(n);
  }
  std::vector<bool> taken(count + 1);
  for (uint64_t n : numbers)
    if (n <= count) taken[n] = true;
  size_t n = 0;
  while (taken[n]) ++n;
  return std::string(kTokenPrefix) + std::to_string(n);
}

}  // namespace

std::string github_inert(std::string_view text) {
  if (text.empty()) return {};
  const std::string token = free_token(text);
  std::string out = "::stop-commands::" + token + "\n";
  out += text;
  if (text.back() != '\n') out += '\n';
  out += "::" + token + "::\n";
  return out;
}

}  // namespace wfgen::lint
