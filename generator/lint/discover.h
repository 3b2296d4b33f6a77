// Which files `wfgen lint PATH...` checks. A file named on the command line is always
// checked. In a folder (searched recursively, `.git` skipped), a .yml/.yaml file counts
// as a workflow when it sits in a folder named `workflows` or its top level is a mapping
// with `on` or `jobs` (so data files such as an allowlist are skipped; a file that does
// not parse is checked, to report why). This is the rule of
// ../shared/tools/validate_workflows.py, so both tools judge the same corpus.
//
// A folder is walked and its files read through a files::Tree rooted at it: a symbolic
// link is followed only while its target stays inside the folder (a link out is an error
// naming the link and its target), and only regular files are checked. A file named on
// the command line is read as named (links followed: the path is the user's choice); one
// that is not a regular file (a FIFO, a device) is an error saying so when it is read.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "files/read.h"
#include "files/tree.h"

namespace wfgen::lint {

struct Discovery {
  std::vector<std::string> files;    // sorted, '/'-separated, as the paths were given
  std::vector<std::string> missing;  // arguments that name nothing
  // For each of `files`, the folder it was found in (null: named on the command line) and
  // its path there.
  struct From {
    std::shared_ptr<const files::Tree> folder;
    std::string rel;
  };
  std::vector<From> from;

  // The text of files[i], read as said above. Throws files::FileError.
  std::string read(size_t i, uint64_t max_size) const;
};

// Throws files::FileError for a link out of a folder walked, or a folder that cannot be
// listed.
Discovery discover_workflows(const std::vector<std::string>& paths,
                             uint64_t max_size = files::kDefaultMaxInputSize);
// The workflows in the folder `sub` of the directory `dir` (`wfgen lint -C DIR` without a
// manifest: DIR/.github/workflows), walked inside `dir`: `sub` itself may be a link only
// to a folder inside `dir`. Throws files::FileError, also when `sub` is not a folder.
Discovery discover_workflows_in(const std::filesystem::path& dir, const std::string& sub,
                                uint64_t max_size = files::kDefaultMaxInputSize);

// The rule above for one file given with its text: a .yml/.yaml file in a `workflows`
// folder, or one whose top level has `on` or `jobs` (or that does not parse). The pipeline
// lints only these of its outputs (not a JSON table or an allowlist).
bool is_workflow(std::string_view path, std::string_view text);
// The part of that rule the path decides: true in a `workflows` folder, false for a file
// that is not .yml/.yaml, nullopt when the text decides (reads_as_workflow).
std::optional<bool> is_workflow_by_path(std::string_view path);

}  // namespace wfgen::lint
