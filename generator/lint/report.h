// Printing findings: text for people, GitHub workflow-command annotations for CI logs,
// JSON for tools, SARIF 2.1.0 for GitHub code scanning.
//
// text:    FILE:LINE:COL: error: MESSAGE [rule]
//            <source line>
//            ^
//            note: FILE:LINE:COL: TEXT
//          a waived finding is its first line only, ending " (waived)"; after the list,
//          "waived: N RULE findings: REASON" once per rule and reason
// github:  ::error file=FILE,line=L,col=C,title=RULE::MESSAGE (notes on following lines)
// json:    {"files", "errors", "warnings", "waived", "findings": [...]} (see docs/lint.md)
// sarif:   one run of the "wfgen" driver, every rule described, waived findings suppressed
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "lint/linter.h"

namespace wfgen::lint {

enum class Format { Text, Github, Json, Sarif };
std::optional<Format> parse_format(std::string_view name);  // "text", "github", "json", "sarif"

struct ReportOptions {
  bool warnings_as_errors = false;  // how the summary counts warnings
  bool summary = true;              // text/github: end with a "wfgen lint: ..." line
};

std::string format_report(const LintResult& result, Format format, const ReportOptions& opt = {});

// The json format as a value (for reports that embed it, such as `wfgen check --format json`).
nlohmann::ordered_json report_json(const LintResult& result);

// One finding as text (headline, excerpt with caret, notes; a waived one: its headline).
std::string format_text(const Finding& f);

// "wfgen lint: 3 files, 1 error, 2 warnings (1 waived)"
std::string summary_line(const LintResult& result);

}  // namespace wfgen::lint
