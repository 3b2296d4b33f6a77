#include "lint/disk_files.h"

#include <cerrno>

#include "files/error.h"

namespace wfgen::lint {

namespace fs = std::filesystem;

std::string LocalTarget::path() const {
  return (fs::path(repository) / rel).lexically_normal().generic_string();
}

LocalTarget local_target(std::string_view caller, std::string_view uses) {
  uses = uses.substr(0, uses.find('@'));
  if (uses.substr(0, 2) != "./" || uses.size() == 2) return {};
  const fs::path dir = fs::path(caller).parent_path();
  std::string rest(uses.substr(2));
  const std::string workflows = ".github/workflows/";
  LocalTarget t;
  if (dir.filename() == "workflows" && dir.parent_path().filename() == ".github") {
    t.repository = dir.parent_path().parent_path().generic_string();
  } else {
    t.repository = dir.generic_string();
    if (rest.compare(0, workflows.size(), workflows) == 0) rest.erase(0, workflows.size());
  }
  t.rel = fs::path(rest).lexically_normal().generic_string();
  return t;
}

const files::Tree* DiskFiles::tree(const std::string& dir, const std::string& what,
                                   const std::string& prefix) {
  auto [it, fresh] = trees_.try_emplace(what + '\n' + dir);
  if (fresh) {
    try {
      it->second = std::make_unique<files::Tree>(dir.empty() ? fs::path(".") : fs::path(dir), what,
                                                 prefix, roots_.max_input_size);
    } catch (const files::FileError& e) {
      // A folder of the run's paths that is not on disk (files linted from memory): no
      // callee there. Any other failure is the caller's to report, each time it asks.
      if (e.os_error() != ENOENT && e.os_error() != ENOTDIR) {
        trees_.erase(it);
        throw;
      }
    }
  }
  return it->second.get();
}

std::optional<std::string> DiskFiles::callee(const LocalTarget& target) {
  if (target.rel.empty()) return std::nullopt;
  if (roots_.callees == CalleeRoot::Project) {
    const std::string path = target.path();
    // The run's paths are relative to the project: an absolute one is not in it.
    if (fs::path(path).is_absolute()) return std::nullopt;
    const files::Tree* project = tree(roots_.project.string(), "the project directory", "");
    return project ? project->read(path) : std::nullopt;
  }
  const std::string& repo = target.repository;
  const std::string shown = repo.empty() ? "." : repo;
  const files::Tree* at =
      tree(shown, "the repository " + files::printable(shown) + " of the calling workflow",
           repo.empty() ? "" : repo + "/");
  return at ? at->read(target.rel) : std::nullopt;
}

std::optional<std::string> DiskFiles::interface(const std::string& file) {
  if (fs::path(file).is_absolute())
    throw files::FileError(file, "must be a relative path inside the project");
  const files::Tree* project = tree(roots_.project.string(), "the project directory", "");
  return project ? project->read(file) : std::nullopt;
}

}  // namespace wfgen::lint
