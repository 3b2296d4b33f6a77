#include "yaml/schema.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "yaml/chars.h"

namespace wfgen::yaml {

namespace {

bool is_null_word(std::string_view s) {
  return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL";
}

bool bool_word(std::string_view s, bool& out) {
  if (s == "true" || s == "True" || s == "TRUE") return out = true, true;
  if (s == "false" || s == "False" || s == "FALSE") return out = false, true;
  return false;
}

bool all_of(std::string_view s, bool (*pred)(char)) {
  if (s.empty()) return false;
  for (char c : s)
    if (!pred(c)) return false;
  return true;
}
bool is_octal(char c) {
  return c >= '0' && c <= '7';
}

// [-+]?[0-9]+ | 0o[0-7]+ | 0x[0-9a-fA-F]+ ; false when not an int.
bool parse_int(std::string_view v, Scalar& out) {
  bool neg = false;
  int base = 10;
  if (v.size() > 2 && v[0] == '0' && v[1] == 'o' && all_of(v.substr(2), is_octal)) {
    base = 8, v.remove_prefix(2);
  } else if (v.size() > 2 && v[0] == '0' && v[1] == 'x' && all_of(v.substr(2), is_hex)) {
    base = 16, v.remove_prefix(2);
  } else {
    if (!v.empty() && (v[0] == '-' || v[0] == '+')) neg = v[0] == '-', v.remove_prefix(1);
    if (!all_of(v, is_digit)) return false;
  }
  out.type = ScalarType::Int;
  uint64_t mag = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), mag, base);
  if (ec == std::errc() && p == v.data() + v.size()) {
    if (!neg && mag > uint64_t(std::numeric_limits<int64_t>::max())) {
      out.is_unsigned = true;
      out.num.u = mag;
      return true;
    }
    if (!neg || mag <= uint64_t(std::numeric_limits<int64_t>::max()) + 1) {
      out.num.i = !neg ? int64_t(mag) : mag == 0 ? 0 : int64_t(-int64_t(mag - 1) - 1);
      return true;
    }
  }
  // Beyond 64 bits: Python's int holds it; our data model reads it as the nearest float.
  out.too_big = true;
  double d = 0;
  for (char c : v) d = d * base + hex_value(c);
  out.num.f = neg ? -d : d;
  return true;
}

// [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)? | [-+]?\.(inf|Inf|INF) | \.(nan|NaN|NAN)
bool parse_float(std::string_view v, Scalar& out) {
  std::string_view body = v;
  bool neg = false;
  if (!body.empty() && (body[0] == '-' || body[0] == '+')) neg = body[0] == '-', body.remove_prefix(1);
  if (body == ".inf" || body == ".Inf" || body == ".INF") {
    out.type = ScalarType::Float;
    out.num.f = neg ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    return true;
  }
  if (v == ".nan" || v == ".NaN" || v == ".NAN") {
    out.type = ScalarType::Float;
    out.num.f = std::numeric_limits<double>::quiet_NaN();
    return true;
  }
  size_t i = 0, n = body.size(), digits = 0;
  while (i < n && is_digit(body[i])) ++i, ++digits;
  if (i < n && body[i] == '.') {
    ++i;
    while (i < n && is_digit(body[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < n && (body[i] == 'e' || body[i] == 'E')) {
    ++i;
    if (i < n && (body[i] == '-' || body[i] == '+')) ++i;
    size_t exp_digits = 0;
    while (i < n && is_digit(body[i])) ++i, ++exp_digits;
    if (exp_digits == 0) return false;
  }
  if (i != n) return false;
  // strtod reads out-of-range values as Python does: 1e999 -> inf, 1e-999 -> 0.0.
  std::string num(body);
  out.type = ScalarType::Float;
  double d = std::strtod(num.c_str(), nullptr);
  out.num.f = neg ? -d : d;
  return true;
}

}  // namespace

Scalar resolve_plain(std::string_view s) {
  Scalar out;
  if (s.empty()) {
    out.type = ScalarType::Null;
    return out;
  }
  switch (s[0]) {
    case '~':
    case 'n':
    case 'N':
      if (is_null_word(s)) out.type = ScalarType::Null;
      break;
    case 't':
    case 'T':
    case 'f':
    case 'F':
      if (bool_word(s, out.num.b)) out.type = ScalarType::Bool;
      break;
    case '-':
    case '+':
    case '.':
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
      if (!parse_int(s, out)) parse_float(s, out);
      break;
    default:
      break;
  }
  return out;
}

bool resolve_tagged(std::string_view type, std::string_view text, Scalar& out) {
  out = Scalar{};
  if (type == "str") return true;
  if (type == "null") {
    out.type = ScalarType::Null;
    return is_null_word(text);
  }
  if (type == "bool") {
    out.type = ScalarType::Bool;
    return bool_word(text, out.num.b);
  }
  if (type == "int") return parse_int(text, out) && !out.too_big;
  if (type == "float") {
    if (parse_int(text, out)) {
      double d = out.too_big ? out.num.f : out.is_unsigned ? double(out.num.u) : double(out.num.i);
      out = Scalar{};
      out.type = ScalarType::Float;
      out.num.f = d;
      return true;
    }
    return parse_float(text, out);
  }
  return false;
}

bool is_core_scalar_tag(std::string_view tag) {
  if (!tag.starts_with(kCoreTagPrefix)) return false;
  std::string_view t = tag.substr(kCoreTagPrefix.size());
  return t == "str" || t == "int" || t == "float" || t == "bool" || t == "null";
}

std::string tag_display(std::string_view tag) {
  if (tag.starts_with(kCoreTagPrefix)) return "!!" + std::string(tag.substr(kCoreTagPrefix.size()));
  return std::string(tag);
}

}  // namespace wfgen::yaml
