#include "lint/shape.h"

#include <cmath>
#include <cstdlib>

#include "lint/expression_spans.h"
#include "data/suggest.h"

namespace wfgen::lint {

using yaml::ScalarType;

std::string describe(const yaml::Node& node) {
  const yaml::Node& n = node.resolved();
  switch (n.kind()) {
    case yaml::Kind::Mapping:
      return "a mapping";
    case yaml::Kind::Sequence:
      return "a list";
    case yaml::Kind::Alias:
      return "null";
    case yaml::Kind::Scalar:
      break;
  }
  std::string v(n.value());
  if (v.size() > 40) v = v.substr(0, 37) + "...";
  switch (n.type()) {
    case yaml::ScalarType::Null:
      return "null";
    case yaml::ScalarType::Bool:
      return "the boolean " + v;
    case yaml::ScalarType::Int:
    case yaml::ScalarType::Float:
      return "the number " + v;
    case yaml::ScalarType::String:
      break;
  }
  return "the string '" + v + "'";
}

std::string_view key_text(const yaml::Node& key) {
  const yaml::Node& k = key.resolved();
  return k.kind() == yaml::Kind::Scalar ? k.value() : std::string_view{};
}

bool is_expression(const yaml::Node& node) {
  return node.is_string() && is_whole_expression(node.resolved().value());
}

bool has_expression(const yaml::Node& node) {
  return node.is_string() && node.resolved().value().find("${{") != std::string::npos;
}

bool is_boolean(const yaml::Node& node) {
  return node.is_scalar() && node.type() == yaml::ScalarType::Bool;
}

bool is_number(const yaml::Node& node) {
  ScalarType t = node.type();
  return node.is_scalar() && (t == yaml::ScalarType::Int || t == yaml::ScalarType::Float);
}

double number_value(const yaml::Node& node) {
  const yaml::Node& n = node.resolved();
  if (n.type() == yaml::ScalarType::Float) return n.float_value();
  return n.is_unsigned() ? static_cast<double>(n.uint_value()) : static_cast<double>(n.int_value());
}

bool is_stringlike(const yaml::Node& node) {
  return node.is_scalar() && node.type() != yaml::ScalarType::Null;
}

namespace {
bool mismatch(const yaml::Node& node, const What& what, std::string_view expected, Sink& sink) {
  sink.report(node,
              what.str() + " must be " + std::string(expected) + ", not " + describe(node));
  return false;
}
}  // namespace

bool expect_mapping(const yaml::Node& node, const What& what, Sink& sink) {
  return node.is_mapping() || mismatch(node, what, "a mapping", sink);
}

bool expect_sequence(const yaml::Node& node, const What& what, Sink& sink) {
  return node.is_sequence() || mismatch(node, what, "a list", sink);
}

bool expect_string(const yaml::Node& node, const What& what, Sink& sink) {
  return is_stringlike(node) || mismatch(node, what, "a string", sink);
}

bool expect_boolean_or_expression(const yaml::Node& node, const What& what, Sink& sink) {
  return is_boolean(node) || is_expression(node) ||
         mismatch(node, what, "true, false or a ${{ }} expression", sink);
}

bool expect_number_or_expression(const yaml::Node& node, const What& what, Sink& sink) {
  return is_number(node) || is_expression(node) ||
         mismatch(node, what, "a number or a ${{ }} expression", sink);
}

bool expect_string_or_list(const yaml::Node& node, const What& what, Sink& sink) {
  if (is_stringlike(node)) return true;
  if (!node.is_sequence()) return mismatch(node, what, "a string or a list of strings", sink);
  if (node.resolved().items().empty()) return mismatch(node, what, "a non-empty list", sink);
  bool ok = true;
  for (const yaml::Node* item : node.resolved().items())
    ok = expect_string(*item, [&] { return "each item of " + what.str(); }, sink) && ok;
  return ok;
}

bool expect_one_of(const yaml::Node& node, const What& what,
                   const std::vector<std::string>& allowed, Sink& sink) {
  if (node.is_string()) {
    const std::string v(node.resolved().value());
    for (const auto& a : allowed)
      if (a == v) return true;
    std::string hint = data::closest_match(v, allowed);
    std::string list;
    for (size_t i = 0; i < allowed.size(); ++i) list += (i ? ", " : "") + allowed[i];
    sink.report(node, what.str() + " must be one of " + list + ", not '" + v + "'" +
                          (hint.empty() ? "" : " (did you mean '" + hint + "'?)"));
    return false;
  }
  std::string list;
  for (size_t i = 0; i < allowed.size(); ++i) list += (i ? ", " : "") + allowed[i];
  return mismatch(node, what, "one of " + list, sink);
}

bool check_keys(const yaml::Node& map, const std::vector<std::string>& allowed,
                const What& where, Sink& sink) {
  bool ok = true;
  for (const yaml::Pair& p : map.resolved().pairs()) {
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

bool has_merge_key(const yaml::Node& map) {
  for (const yaml::Pair& p : map.resolved().pairs())
    if (key_text(*p.key) == "<<") return true;
  return false;
}

void report_unknown_key(const yaml::Node& key, const std::vector<std::string>& allowed,
                        const What& where, Sink& sink) {
  std::string k(key_text(key));
  std::string hint = data::closest_match(k, allowed);
  std::string list;
  for (size_t i = 0; i < allowed.size(); ++i) list += (i ? ", " : "") + allowed[i];
  sink.report(key, "unknown key '" + k + "' in " + where.str() +
                       (hint.empty() ? " (expected one of: " + list + ")"
                                     : " (did you mean '" + hint + "'?)"));
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
