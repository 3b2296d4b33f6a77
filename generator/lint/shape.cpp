#include "lint/shape.h"

#include <cmath>
#include <cstdlib>

#include "lint/expression_spans.h"
#include "data/suggest.h"

namespace wfgen::lint {

using data::ScalarType;

std::string describe(const YamlNode& node) {
  const YamlNode& n = node.resolved();
  switch (n.kind()) {
    case YamlKind::Mapping:
      return "a mapping";
    case YamlKind::Sequence:
      return "a list";
    case YamlKind::Null:
    case YamlKind::Alias:
      return "null";
    case YamlKind::Scalar:
      break;
  }
  std::string v = n.scalar();
  if (v.size() > 40) v = v.substr(0, 37) + "...";
  switch (n.scalar_type()) {
    case ScalarType::Null:
      return "null";
    case ScalarType::Bool:
      return "the boolean " + v;
    case ScalarType::Int:
    case ScalarType::Float:
      return "the number " + v;
    case ScalarType::String:
      break;
  }
  return "the string '" + v + "'";
}

std::string_view key_text(const YamlNode& key) {
  const YamlNode& k = key.resolved();
  return k.kind() == YamlKind::Scalar ? std::string_view(k.scalar()) : std::string_view{};
}

bool is_expression(const YamlNode& node) {
  return node.is_string() && is_whole_expression(node.resolved().scalar());
}

bool has_expression(const YamlNode& node) {
  return node.is_string() && node.resolved().scalar().find("${{") != std::string::npos;
}

bool is_boolean(const YamlNode& node) {
  return node.is_scalar() && node.scalar_type() == ScalarType::Bool;
}

bool is_number(const YamlNode& node) {
  ScalarType t = node.scalar_type();
  return node.is_scalar() && (t == ScalarType::Int || t == ScalarType::Float);
}

double number_value(const YamlNode& node) {
  std::string_view v = node.resolved().scalar();
  bool neg = !v.empty() && v[0] == '-';
  if (!v.empty() && (v[0] == '-' || v[0] == '+')) v.remove_prefix(1);
  double d = 0;
  if (v.size() > 2 && v[0] == '0' && (v[1] == 'o' || v[1] == 'x')) {
    d = static_cast<double>(
        std::strtoull(std::string(v.substr(2)).c_str(), nullptr, v[1] == 'o' ? 8 : 16));
  } else if (v == ".inf" || v == ".Inf" || v == ".INF") {
    d = HUGE_VAL;
  } else if (v == ".nan" || v == ".NaN" || v == ".NAN") {
    return NAN;
  } else {
    std::string s(v);
    if (!s.empty() && s[0] == '.') s.insert(s.begin(), '0');
    d = std::strtod(s.c_str(), nullptr);
  }
  return neg ? -d : d;
}

bool is_stringlike(const YamlNode& node) {
  return node.is_scalar() && node.scalar_type() != ScalarType::Null;
}

namespace {
bool mismatch(const YamlNode& node, std::string_view what, std::string_view expected, Sink& sink) {
  sink.report(node,
              std::string(what) + " must be " + std::string(expected) + ", not " + describe(node));
  return false;
}
}  // namespace

bool expect_mapping(const YamlNode& node, std::string_view what, Sink& sink) {
  return node.is_mapping() || mismatch(node, what, "a mapping", sink);
}

bool expect_sequence(const YamlNode& node, std::string_view what, Sink& sink) {
  return node.is_sequence() || mismatch(node, what, "a list", sink);
}

bool expect_string(const YamlNode& node, std::string_view what, Sink& sink) {
  return is_stringlike(node) || mismatch(node, what, "a string", sink);
}

bool expect_boolean_or_expression(const YamlNode& node, std::string_view what, Sink& sink) {
  return is_boolean(node) || is_expression(node) ||
         mismatch(node, what, "true, false or a ${{ }} expression", sink);
}

bool expect_number_or_expression(const YamlNode& node, std::string_view what, Sink& sink) {
  return is_number(node) || is_expression(node) ||
         mismatch(node, what, "a number or a ${{ }} expression", sink);
}

bool expect_string_or_list(const YamlNode& node, std::string_view what, Sink& sink) {
  if (is_stringlike(node)) return true;
  if (!node.is_sequence()) return mismatch(node, what, "a string or a list of strings", sink);
  if (node.resolved().items().empty()) return mismatch(node, what, "a non-empty list", sink);
  bool ok = true;
  for (const YamlNode* item : node.resolved().items())
    ok = expect_string(*item, std::string("each item of ") + std::string(what), sink) && ok;
  return ok;
}

bool expect_one_of(const YamlNode& node, std::string_view what,
                   const std::vector<std::string>& allowed, Sink& sink) {
  if (node.is_string()) {
    const std::string& v = node.resolved().scalar();
    for (const auto& a : allowed)
      if (a == v) return true;
    std::string hint = data::closest_match(v, allowed);
    std::string list;
    for (size_t i = 0; i < allowed.size(); ++i) list += (i ? ", " : "") + allowed[i];
    sink.report(node, std::string(what) + " must be one of " + list + ", not '" + v + "'" +
                          (hint.empty() ? "" : " (did you mean '" + hint + "'?)"));
    return false;
  }
  std::string list;
  for (size_t i = 0; i < allowed.size(); ++i) list += (i ? ", " : "") + allowed[i];
  return mismatch(node, what, "one of " + list, sink);
}

bool check_keys(const YamlNode& map, const std::vector<std::string>& allowed,
                std::string_view where, Sink& sink) {
  bool ok = true;
  for (const YamlPair& p : map.resolved().pairs()) {
    std::string_view k = key_text(*p.key);
    if (k == "<<") continue;
    bool known = false;
    for (const auto& a : allowed) known = known || a == k;
    if (known) continue;
    ok = false;
    report_unknown_key(*p.key, allowed, where, sink);
  }
  return ok;
}

bool has_merge_key(const YamlNode& map) {
  for (const YamlPair& p : map.resolved().pairs())
    if (key_text(*p.key) == "<<") return true;
  return false;
}

void report_unknown_key(const YamlNode& key, const std::vector<std::string>& allowed,
                        std::string_view where, Sink& sink) {
  std::string k(key_text(key));
  std::string hint = data::closest_match(k, allowed);
  std::string list;
  for (size_t i = 0; i < allowed.size(); ++i) list += (i ? ", " : "") + allowed[i];
  sink.report(key, "unknown key '" + k + "' in " + std::string(where) +
                       (hint.empty() ? " (expected one of: " + list + ")"
                                     : " (did you mean '" + hint + "'?)"));
}

std::string fold_case(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

bool is_identifier(std::string_view id) {
  if (id.empty()) return false;
  auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (!alpha(id[0])) return false;
  for (char c : id)
    if (!alpha(c) && !(c >= '0' && c <= '9') && c != '-') return false;
  return true;
}

}  // namespace wfgen::lint
