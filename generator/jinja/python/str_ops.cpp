#include "jinja/python/str_ops.h"

#include <algorithm>

#include "jinja/limits.h"
#include "jinja/python/unicode.h"

namespace wfgen::jinja {

std::string py_strip(std::string_view s, const std::string* chars, bool left, bool right) {
  std::vector<uint32_t> strip_set;
  if (chars) strip_set = utf8::to_code_points(*chars);
  auto strip_it = [&](uint32_t cp) {
    if (!chars) return utf8::is_space(cp);
    return std::find(strip_set.begin(), strip_set.end(), cp) != strip_set.end();
  };
  std::vector<size_t> offs = utf8::offsets(s);
  size_t n = offs.size() - 1;
  size_t begin = 0, end = n;
  if (left) {
    while (begin < end) {
      size_t pos = offs[begin];
      if (!strip_it(utf8::decode(s, pos))) break;
      ++begin;
    }
  }
  if (right) {
    while (end > begin) {
      size_t pos = offs[end - 1];
      if (!strip_it(utf8::decode(s, pos))) break;
      --end;
    }
  }
  return std::string(s.substr(offs[begin], offs[end] - offs[begin]));
}

// CPython's split_whitespace, over code points.
std::vector<std::string> py_split_whitespace(std::string_view s, int64_t maxsplit) {
  std::vector<std::string> parts;
  std::vector<size_t> off = utf8::offsets(s);
  std::vector<uint32_t> cps = utf8::to_code_points(s);
  size_t len = cps.size(), i = 0;
  auto piece = [&](size_t from, size_t to) {
    return std::string(s.substr(off[from], off[to] - off[from]));
  };
  for (int64_t n = maxsplit; n > 0; --n) {
    while (i < len && utf8::is_space(cps[i])) ++i;
    if (i == len) break;
    size_t j = i++;
    while (i < len && !utf8::is_space(cps[i])) ++i;
    parts.push_back(piece(j, i));
    check_item_growth(parts.size(), "the result of split()");
  }
  if (i < len) {
    while (i < len && utf8::is_space(cps[i])) ++i;
    if (i != len) parts.push_back(piece(i, len));
  }
  return parts;
}

bool is_line_break(uint32_t cp) {
  switch (cp) {
    case '\n':
    case '\r':
    case 0x0B:
    case 0x0C:
    case 0x1C:
    case 0x1D:
    case 0x1E:
    case 0x85:
    case 0x2028:
    case 0x2029:
      return true;
    default:
      return false;
  }
}

std::vector<std::string> py_splitlines(std::string_view s, bool keepends) {
  std::vector<std::string> lines;
  size_t line_start = 0;
  size_t i = 0;
  while (i < s.size()) {
    size_t start = i;
    uint32_t cp = utf8::decode(s, i);
    if (!is_line_break(cp)) continue;
    if (cp == '\r' && i < s.size() && s[i] == '\n') ++i;
    lines.emplace_back(s.substr(line_start, (keepends ? i : start) - line_start));
    check_item_growth(lines.size(), "the result of splitlines()");
    line_start = i;
  }
  if (line_start < s.size()) lines.emplace_back(s.substr(line_start));
  return lines;
}

std::string py_replace(std::string_view s, std::string_view old_s, std::string_view new_s,
                       int64_t count) {
  std::string out;
  if (old_s.empty()) {
    // Python inserts `new` before every character and at the end.
    size_t i = 0;
    int64_t done = 0;
    while (true) {
      if (count >= 0 && done >= count) break;
      out.append(new_s);
      ++done;
      if (i >= s.size()) {
        i = s.size();
        break;
      }
      size_t start = i;
      utf8::decode(s, i);
      out.append(s.substr(start, i - start));
      check_string_growth(out, "the result of replace()");
    }
    out.append(s.substr(std::min(i, s.size())));
    return out;
  }
  size_t pos = 0;
  int64_t done = 0;
  while (count < 0 || done < count) {
    size_t hit = s.find(old_s, pos);
    if (hit == std::string_view::npos) break;
    out.append(s.substr(pos, hit - pos));
    out.append(new_s);
    check_string_growth(out, "the result of replace()");
    pos = hit + old_s.size();
    ++done;
  }
  out.append(s.substr(pos));
  return out;
}

std::string py_pad(std::string_view s, int64_t width, std::string_view fill, PadAlign align) {
  auto len = static_cast<int64_t>(utf8::length(s));
  if (width <= len) return std::string(s);
  int64_t marg = width - len, left = 0;
  switch (align) {
    case PadAlign::Center:
      left = marg / 2 + (marg & width & 1);  // CPython's rounding of odd margins
      break;
    case PadAlign::Left:
      left = 0;
      break;
    case PadAlign::Right:
      left = marg;
      break;
  }
  check_string_size(static_cast<uint64_t>(marg), fill.size(), s.size(), "the padded string");
  std::string out;
  out.reserve(s.size() + static_cast<size_t>(marg) * fill.size());
  for (int64_t i = 0; i < left; ++i) out += fill;
  out += s;
  for (int64_t i = left; i < marg; ++i) out += fill;
  return out;
}

std::string utf8_prefix(std::string_view s, size_t n) {
  size_t i = 0;
  for (size_t k = 0; k < n && i < s.size(); ++k) utf8::decode(s, i);
  return std::string(s.substr(0, i));
}

bool is_word_char(uint32_t cp) {
  return cp == '_' || utf8::is_alnum(cp);
}

}  // namespace wfgen::jinja
