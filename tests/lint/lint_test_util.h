// Helpers for the lint tests: lint text in memory, pick one rule's findings, print them
// compactly ("LINE:COL: message") so a test compares message and position at once.
#pragma once

#include <string>
#include <vector>

#include "lint/linter.h"

namespace wfgen::testing {

// Lints `text` as one file named `path`, with `config`.
inline lint::LintResult lint_text(const std::string& text, const std::string& path = "w.yml",
                                  lint::Config config = {}) {
  return lint::Linter(std::move(config)).run({{path, text, {}, {}}});
}

// "LINE:COL: message" for every finding of `rule` ("" for every rule: "[rule] " prefixed).
inline std::vector<std::string> findings(const lint::LintResult& r, const std::string& rule) {
  std::vector<std::string> out;
  for (const lint::Finding& f : r.findings) {
    if (!rule.empty() && f.rule != rule) continue;
    std::string s = std::to_string(f.line) + ":" + std::to_string(f.col) + ": " + f.message;
    out.push_back(rule.empty() ? "[" + f.rule + "] " + s : s);
  }
  return out;
}

inline std::vector<std::string> findings(const std::string& text, const std::string& rule) {
  return findings(lint_text(text), rule);
}

// A minimal valid job, to complete workflows in tests.
inline const char* kJobs = "jobs:\n  a: {runs-on: ubuntu-latest, steps: [{run: 'true'}]}\n";

}  // namespace wfgen::testing
