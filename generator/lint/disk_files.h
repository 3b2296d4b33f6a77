// The files the linter reads on its own: a local reusable workflow a job calls
// (`uses: ./.github/workflows/x.yml`) that is not a file of the run, and the interface
// files of Config::interfaces. Each is read through a files::Tree, so a symbolic link is
// followed only while its target stays inside the root, and only a regular file of
// bounded size is read (docs/file-safety.md, promises 1 and 6). The root of a callee is
// the project directory (`check`, `generate`, `wfgen lint` of a project's outputs) or the
// caller's own repository (`wfgen lint PATH...`); the root of an interface file is the
// project directory.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "files/read.h"
#include "files/tree.h"

namespace wfgen::lint {

enum class CalleeRoot {
  Project,           // callers' paths are relative to the project; callees stay inside it
  CallerRepository,  // callees stay inside their caller's repository (LocalTarget::repository)
};

// Where the linter may read.
struct DiskRoots {
  std::filesystem::path project = ".";  // interface files are named relative to it
  CalleeRoot callees = CalleeRoot::Project;
  uint64_t max_input_size = files::kDefaultMaxInputSize;
};

// The file a local `uses: ./X` of `caller` names, in the caller's path space. A caller in
// a `.github/workflows` folder resolves against its repository (the folder above
// `.github`); any other caller (a loose workflow file) is taken as sitting in its
// repository's workflows folder, so its repository is its own folder.
struct LocalTarget {
  std::string repository;    // the caller's repository ("" for the current directory)
  std::string rel;           // the callee inside it, normalised; "" when `uses` is not local
  std::string path() const;  // repository/rel, normalised: the callee's path in the run
};
LocalTarget local_target(std::string_view caller, std::string_view uses);

class DiskFiles {
 public:
  explicit DiskFiles(DiskRoots roots) : roots_(std::move(roots)) {}

  // The text of the callee `target` names; nullopt when there is no such file (most
  // callees: a workflow of the repository wfgen does not make). Throws files::FileError
  // for a link or '..' that leaves the root (naming the link and its target), for a file
  // that is not a regular file, or that is too large.
  std::optional<std::string> callee(const LocalTarget& target);
  // The interface file `file` (relative to the project); nullopt when it does not exist.
  // Throws files::FileError as callee() does.
  std::optional<std::string> interface(const std::string& file);

 private:
  // The tree at `dir`, opened on first use; nullptr when `dir` does not exist.
  const files::Tree* tree(const std::string& dir, const std::string& what,
                          const std::string& prefix);

  DiskRoots roots_;
  std::map<std::string, std::unique_ptr<files::Tree>> trees_;  // by (what, directory)
};

}  // namespace wfgen::lint
