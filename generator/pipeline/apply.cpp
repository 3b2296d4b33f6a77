#include "pipeline/apply.h"

#include <fcntl.h>

#include <map>

#include "files/error.h"
#include "files/transaction.h"

namespace wfgen::pipeline {

void apply_changes(const files::Tree& project, const std::vector<Output>& outputs,
                   const std::vector<FileStatus>& statuses, bool force) {
  std::map<std::string, const Output*> by_path;
  for (const Output& o : outputs) by_path[o.path] = &o;
  std::string refused;
  files::Transaction transaction(project, kJournalName);
  for (const FileStatus& st : statuses) {
    const files::Location& where = st.where;
    if (st.state == FileState::InSync) continue;
    if (st.state == FileState::Stale) {
      // Found as a regular file with our marker; a link put there since is left alone.
      if (where.exists && S_ISREG(where.st.st_mode)) transaction.remove(where);
      continue;
    }
    if (st.state == FileState::Unowned && !force) {
      refused += files::FileError(st.path,
                                  "exists, but wfgen did not write it (its first line is not "
                                  "wfgen's marker); move it away, or run generate --force to "
                                  "overwrite it")
                     .what();
      refused += "\n";
      continue;
    }
    transaction.write(where, by_path.at(st.path)->content);
  }
  if (!refused.empty()) throw ProjectError(refused);
  transaction.commit();
}

size_t remove_leftovers(const files::Tree& project, const std::vector<std::string>& leftovers) {
  size_t removed = 0;
  for (const std::string& path : leftovers) {
    files::Location loc = project.locate(path, false);
    if (loc.exists && S_ISREG(loc.st.st_mode) &&
        ::unlinkat(loc.dir->get(), loc.name.c_str(), 0) == 0)
      ++removed;
  }
  return removed;
}

}  // namespace wfgen::pipeline
