// Helpers for the YAML parser's tests: strict parses, their first error, collect-mode
// diagnostics as "line:col kind: message" lines.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "yaml/tree.h"

namespace wfgen::yaml::testing {

inline Tree strict(std::string_view text, ParseOptions options = {}) {
  options.mode = Mode::Strict;
  return parse(text, options, "x.yml");
}

// "x.yml:L:C: error: message" of the first error, or "" when there is none.
inline std::string error_of(std::string_view text, ParseOptions options = {}) {
  try {
    strict(text, options);
  } catch (const data::DataError& e) {
    return e.what();
  }
  return "";
}

inline std::vector<std::string> diagnostics(std::string_view text, ParseOptions options = {}) {
  options.mode = Mode::Collect;
  Tree t = parse(text, options, "x.yml");
  std::vector<std::string> out;
  for (const Diagnostic& d : t.diagnostics())
    out.push_back(std::to_string(d.mark.line) + ":" + std::to_string(d.mark.col) + " " +
                  std::string(diag_kind_name(d.kind)) + ": " + d.message);
  return out;
}

// The root's value at a path of keys/indexes ("a", "0", ...).
inline const Node& at(const Tree& t, std::initializer_list<std::string_view> path) {
  const Node* n = t.root();
  for (std::string_view step : path) {
    const Node& r = n->resolved();
    if (r.is_sequence())
      n = r.items()[std::stoul(std::string(step))];
    else
      n = r.find(step);
    if (!n) throw std::runtime_error("no " + std::string(step));
  }
  return n->resolved();
}

}  // namespace wfgen::yaml::testing
