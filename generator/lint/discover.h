// Which files `wfgen lint PATH...` checks. A file named on the command line is always
// checked. In a folder (searched recursively, `.git` skipped), a .yml/.yaml file counts
// as a workflow when it sits in a folder named `workflows` or its top level is a mapping
// with `on` or `jobs` (so data files such as an allowlist are skipped; a file that does
// not parse is checked, to report why). This is the rule of
// ../shared/tools/validate_workflows.py, so both tools judge the same corpus.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wfgen::lint {

struct Discovery {
  std::vector<std::string> files;    // sorted, '/'-separated, as the paths were given
  std::vector<std::string> missing;  // arguments that name nothing
};

Discovery discover_workflows(const std::vector<std::string>& paths);

// The rule above for one file given with its text: a .yml/.yaml file in a `workflows`
// folder, or one whose top level has `on` or `jobs` (or that does not parse). The pipeline
// lints only these of its outputs (not a JSON table or an allowlist).
bool is_workflow(std::string_view path, std::string_view text);
// The part of that rule the path decides: true in a `workflows` folder, false for a file
// that is not .yml/.yaml, nullopt when the text decides (reads_as_workflow).
std::optional<bool> is_workflow_by_path(std::string_view path);

}  // namespace wfgen::lint
