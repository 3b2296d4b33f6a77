#include "data/yaml_writer.h"

#include <cctype>
#include <cmath>
#include <string_view>

namespace wfgen::data {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Whether a plain scalar `s` would load as a null, bool or number under YAML 1.2's core
// schema or YAML 1.1 (yes/no/on/off, 0x.., 1_000, sexagesimal 1:30 all start like these).
bool reads_as_non_string(std::string_view s) {
  static constexpr std::string_view kWords[] = {"null", "~",   "true", "false", "yes", "no",
                                                 "on",   "off", "y",    "n",     ".inf", "-.inf",
                                                 "+.inf", ".nan"};
  const std::string l = lower(s);
  for (std::string_view w : kWords)
    if (l == w) return true;
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  if (digit(s[0])) return true;
  return s.size() > 1 && (s[0] == '+' || s[0] == '-' || s[0] == '.') &&
         (digit(s[1]) || (s[1] == '.' && s.size() > 2 && digit(s[2])));
}

bool plain_safe(std::string_view s) {
  if (s.empty() || s.front() == ' ' || s.back() == ' ' || s.back() == ':') return false;
  // Indicators that start something else when they open a scalar.
  static constexpr std::string_view kIndicators = "-?:,[]{}#&*!|>'\"%@`";
  if (kIndicators.find(s.front()) != std::string_view::npos) return false;
  for (unsigned char c : s)
    if (c < 0x20 || c == 0x7f) return false;
  if (s.find(": ") != std::string_view::npos || s.find(" #") != std::string_view::npos)
    return false;
  if (s == "<<" || s.substr(0, 3) == "...") return false;
  return !reads_as_non_string(s);
}

std::string quoted(const std::string& s) {
  // JSON's string escapes are all valid in a YAML double-quoted scalar.
  return Json(s).dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string key_text(const std::string& k) {
  return plain_safe(k) ? k : quoted(k);
}

bool is_block(const Json& v) {
  return (v.is_object() || v.is_array()) && !v.empty();
}

void write_block(const Json& v, size_t indent, bool continues_line, std::string& out);

// After "key:" or "-": the rest of that line, and the nested block if there is one.
void write_after_indicator(const Json& v, size_t indent, bool in_sequence, std::string& out) {
  if (!is_block(v)) {
    out += ' ' + to_yaml_inline(v) + '\n';
  } else if (in_sequence) {
    out += ' ';
    write_block(v, indent + 2, true, out);
  } else {
    out += '\n';
    write_block(v, indent + 2, false, out);
  }
}

void write_block(const Json& v, size_t indent, bool continues_line, std::string& out) {
  bool first = true;
  auto start_line = [&] {
    if (!(first && continues_line)) out.append(indent, ' ');
    first = false;
  };
  if (v.is_object()) {
    for (auto it = v.begin(); it != v.end(); ++it) {
      start_line();
      out += key_text(it.key()) + ':';
      write_after_indicator(it.value(), indent, false, out);
    }
  } else {
    for (const Json& item : v) {
      start_line();
      out += '-';
      write_after_indicator(item, indent, true, out);
    }
  }
}

}  // namespace

std::string to_yaml_inline(const Json& v) {
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    return plain_safe(s) ? s : quoted(s);
  }
  if (v.is_number_float()) {
    double d = v.get<double>();
    if (std::isnan(d)) return ".nan";
    if (std::isinf(d)) return d > 0 ? ".inf" : "-.inf";
  }
  // A flow collection ({} or [] when empty): JSON is YAML's flow syntax.
  return v.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string to_yaml(const Json& value) {
  if (!is_block(value)) return to_yaml_inline(value) + "\n";
  std::string out;
  write_block(value, 0, false, out);
  return out;
}

}  // namespace wfgen::data
