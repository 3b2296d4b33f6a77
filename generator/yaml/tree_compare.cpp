#include "yaml/tree_compare.h"

#include <bit>
#include <cstdint>

namespace wfgen::yaml {

namespace {

std::string at(const Node& n) {
  return std::to_string(n.mark().line) + ":" + std::to_string(n.mark().col);
}

std::string differ(const char* what, const Node& n, const std::string& a, const std::string& b) {
  return "node at " + at(n) + ": " + what + " " + a + " vs " + b;
}

std::string compare(const Node& a, const Node& b) {
  auto num = [](auto v) { return std::to_string(v); };
  if (a.kind() != b.kind()) return differ("kind", a, num(int(a.kind())), num(int(b.kind())));
  if (a.style() != b.style()) return differ("style", a, num(int(a.style())), num(int(b.style())));
  if (a.offset() != b.offset() || a.mark().line != b.mark().line || a.mark().col != b.mark().col)
    return differ("position", a, num(a.offset()), at(b) + " (" + num(b.offset()) + ")");
  if (a.tag() != b.tag()) return differ("tag", a, std::string(a.tag()), std::string(b.tag()));
  if (a.anchor() != b.anchor()) return differ("anchor", a, std::string(a.anchor()), std::string(b.anchor()));
  if (a.expanded_size() != b.expanded_size())
    return differ("expanded size", a, num(a.expanded_size()), num(b.expanded_size()));
  if (a.is_alias()) {
    if (a.target()->offset() != b.target()->offset())
      return differ("alias target", a, num(a.target()->offset()), num(b.target()->offset()));
    return "";
  }
  if (a.size() != b.size()) return differ("size", a, num(a.size()), num(b.size()));
  switch (a.kind()) {
    case Kind::Scalar: {
      if (a.value() != b.value()) return differ("value", a, std::string(a.value()), std::string(b.value()));
      if (a.type() != b.type()) return differ("type", a, num(int(a.type())), num(int(b.type())));
      if (a.empty() != b.empty() || a.is_unsigned() != b.is_unsigned() ||
          a.is_merge_key() != b.is_merge_key() || a.in_flow_context() != b.in_flow_context())
        return differ("flags", a, "", "");
      if (a.source_begin() != b.source_begin() || a.source_end() != b.source_end())
        return differ("source", a, num(a.source_begin()) + "-" + num(a.source_end()),
                      num(b.source_begin()) + "-" + num(b.source_end()));
      if (a.scan_indent() != b.scan_indent())
        return differ("scan indent", a, num(a.scan_indent()), num(b.scan_indent()));
      if (a.type() == ScalarType::Bool && a.boolean() != b.boolean()) return differ("bool", a, "", "");
      if ((a.type() == ScalarType::Int || a.type() == ScalarType::Float) && a.uint_value() != b.uint_value())
        return differ("number", a, num(a.uint_value()), num(b.uint_value()));
      return "";
    }
    case Kind::Sequence:
      for (size_t i = 0; i < a.items().size(); ++i)
        if (std::string d = compare(*a.items()[i], *b.items()[i]); !d.empty()) return d;
      return "";
    case Kind::Mapping:
      for (size_t i = 0; i < a.pairs().size(); ++i) {
        if (std::string d = compare(*a.pairs()[i].key, *b.pairs()[i].key); !d.empty()) return d;
        if (std::string d = compare(*a.pairs()[i].value, *b.pairs()[i].value); !d.empty()) return d;
      }
      return "";
    case Kind::Alias: return "";
  }
  return "";
}

}  // namespace

std::string first_difference(const Tree& a, const Tree& b) {
  if (a.node_count() != b.node_count())
    return "node count " + std::to_string(a.node_count()) + " vs " + std::to_string(b.node_count());
  if (a.diagnostics().size() != b.diagnostics().size())
    return "diagnostics " + std::to_string(a.diagnostics().size()) + " vs " +
           std::to_string(b.diagnostics().size());
  for (size_t i = 0; i < a.diagnostics().size(); ++i) {
    const Diagnostic& x = a.diagnostics()[i];
    const Diagnostic& y = b.diagnostics()[i];
    if (x.kind != y.kind || x.offset != y.offset || x.mark.line != y.mark.line ||
        x.mark.col != y.mark.col || x.message != y.message)
      return "diagnostic " + std::to_string(i) + ": '" + x.message + "' vs '" + y.message + "'";
  }
  if (a.documents().size() != b.documents().size())
    return "documents " + std::to_string(a.documents().size()) + " vs " +
           std::to_string(b.documents().size());
  for (size_t i = 0; i < a.documents().size(); ++i) {
    const DocumentRoot& x = a.documents()[i];
    const DocumentRoot& y = b.documents()[i];
    if (x.start.line != y.start.line || x.start.col != y.start.col)
      return "document " + std::to_string(i) + " start";
    if (std::string d = compare(*x.root, *y.root); !d.empty()) return d;
  }
  return "";
}

}  // namespace wfgen::yaml
