// A finding: one thing a lint rule says about one place in a workflow file, with where
// that place came from when wfgen generated the file (template line, matrix row).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wfgen::lint {

// error: GitHub would reject or misread the file. warning: it runs, but is unsafe or
// fragile (the security audits). Only errors fail a run, unless --warnings-as-errors.
enum class Severity { Error, Warning };
std::string_view severity_name(Severity s);  // "error" / "warning"

// "from templates/x.yml.j2:40", "row 3 of matrices/y.yml": a place related to a finding.
struct Note {
  std::string file;  // "" when the note names no file
  int line = 0;      // 0 when unknown
  int col = 0;       // 0 when unknown
  std::string text;
};

struct Finding {
  std::string rule;  // the rule's name, as in the registry
  Severity severity = Severity::Error;
  std::string file;  // as given to the linter ("generated/pytorch/.github/workflows/x.yml")
  int line = 0;      // 1-based; 0 for the file as a whole
  int col = 0;       // 1-based, in bytes of the line
  std::string message;
  std::string excerpt;  // the source line at `line`, without its newline
  std::vector<Note> notes;
  std::optional<std::string> waiver;  // the waiver's reason when a waiver covers it

  bool waived() const { return waiver.has_value(); }
  // Counts toward the exit code: an unwaived error (or warning, when warnings count).
  bool fails(bool warnings_as_errors) const {
    return !waived() && (severity == Severity::Error || warnings_as_errors);
  }
};

// Findings in a stable order: file, line, column, rule, message.
void sort_findings(std::vector<Finding>& findings);

}  // namespace wfgen::lint
