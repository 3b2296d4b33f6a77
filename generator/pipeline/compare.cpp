#include "pipeline/compare.h"

#include <algorithm>
#include <map>
#include <set>

#include "files/error.h"
#include "files/temp_file.h"
#include "pipeline/header.h"
#include "pipeline/manifest.h"

namespace wfgen::pipeline {

namespace {

std::string child_of(const std::string& dir, const std::string& name) {
  return dir.empty() ? name : dir + "/" + name;
}

bool is_inside(const std::string& path, const std::string& dir) {
  return dir.empty() || (path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 &&
                         path[dir.size()] == '/');
}

// Where output `path` goes, refusing every destination an output may not have.
files::Location locate_output(const files::Tree& project, const OutputDir& dir,
                              const std::string& path) {
  files::Location loc = project.locate(path, false);
  if (!loc.blocker.empty())
    throw files::FileError(loc.blocker, "is " + files::kind_of(loc.blocker_mode) +
                                            ", not a directory, so the output " +
                                            files::printable(path) + " cannot be written");
  if (!is_inside(loc.path, dir.canonical))
    throw files::FileError(path, "leads to " + files::printable(loc.path) +
                                     " through a symbolic link, outside the output dir " +
                                     files::printable(dir.path));
  const std::pair<const char*, const char*> own[] = {
      {kManifestName, "the manifest"}, {kLockName, "the project lock"}, {kJournalName, "the journal"}};
  for (const auto& [name, what] : own)
    if (loc.path == name)
      throw files::FileError(path, std::string("is ") + what + " (" + name +
                                       "); no output may replace it");
  if (loc.exists && !S_ISREG(loc.st.st_mode))
    throw files::FileError(path, "is " + files::kind_of(loc.st.st_mode) +
                                     ", not a regular file; wfgen writes only regular files "
                                     "(move it away)");
  return loc;
}

}  // namespace

OutputDir scan_output_dir(const files::Tree& project, const std::string& output_dir) {
  OutputDir dir;
  dir.path = output_dir;
  files::Location loc = project.locate(output_dir, true);
  if (!loc.blocker.empty())
    throw files::FileError(loc.blocker, "is " + files::kind_of(loc.blocker_mode) +
                                            ", not a directory, so the output dir " +
                                            files::printable(output_dir) + " cannot be one");
  dir.canonical = loc.path;
  if (loc.exists && !S_ISDIR(loc.st.st_mode))
    throw files::FileError(output_dir, "the output dir is " + files::kind_of(loc.st.st_mode) +
                                           ", not a directory");
  if (loc.exists)
    project.list(dir.canonical, [&](const std::string& rel, const std::string& name, mode_t mode) {
      if (!S_ISREG(mode)) return;  // a link is never ours: neither read nor deleted
      if (files::is_leftover_name(name))
        dir.leftovers.push_back(child_of(dir.canonical, rel));
      else
        dir.files.push_back(rel);
    });
  if (!dir.canonical.empty())  // the journal's temporary file is written at the top
    project.list("", [&](const std::string& rel, const std::string& name, mode_t mode) {
      if (S_ISREG(mode) && files::is_leftover_name(name)) dir.leftovers.push_back(rel);
    }, false);
  std::sort(dir.files.begin(), dir.files.end());
  std::sort(dir.leftovers.begin(), dir.leftovers.end());
  return dir;
}

std::vector<FileStatus> compare_outputs(const files::Tree& project, const OutputDir& dir,
                                        const std::vector<Output>& outputs, bool with_diffs,
                                        size_t diff_lines) {
  std::vector<FileStatus> statuses;
  std::map<std::string, std::string> by_file;  // canonical path -> the output written there
  for (const Output& o : outputs) {
    FileStatus st;
    st.path = o.path;
    st.where = locate_output(project, dir, o.path);
    auto [other, fresh] = by_file.emplace(st.where.path, o.path);
    if (!fresh)
      throw ProjectError(files::printable(o.path) + ": error: is the same file as " +
                         files::printable(other->second) + " (" +
                         files::printable(st.where.path) +
                         ", through a symbolic link): two outputs cannot share a file\n");
    std::optional<std::string> disk;
    if (st.where.exists)
      disk = files::read_regular_at(st.where.dir->get(), st.where.name, o.path,
                                    project.max_input_size());
    if (!disk) {
      st.state = FileState::Missing;
    } else if (*disk == o.content) {
      st.state = FileState::InSync;
    } else {
      HeaderInfo h = inspect(*disk, comment_style(o.path));
      st.state = !h.generated ? FileState::Unowned
                 : h.intact   ? FileState::Drifted
                              : FileState::HandEdited;
      if (with_diffs) {
        Diff d = unified_diff(*disk, o.content, o.path + " (committed)", o.path + " (from sources)",
                              3, diff_lines);
        st.diff = std::move(d.text);
        st.lines = std::move(d.old_lines);
        st.diff_omitted = d.omitted;
      }
    }
    statuses.push_back(std::move(st));
  }
  for (const std::string& rel : dir.files) {
    std::string canonical = child_of(dir.canonical, rel);
    if (by_file.count(canonical)) continue;
    FileStatus st;
    st.where = project.locate(canonical, false);
    if (!st.where.exists || !S_ISREG(st.where.st.st_mode) ||
        !starts_with_marker(files::read_head_at(st.where.dir->get(), st.where.name, kMarkerProbe)))
      continue;  // not ours: never touched
    st.path = child_of(dir.path, rel);
    st.state = FileState::Stale;
    statuses.push_back(std::move(st));
  }
  std::sort(statuses.begin(), statuses.end(),
            [](const FileStatus& a, const FileStatus& b) { return a.path < b.path; });
  return statuses;
}

}  // namespace wfgen::pipeline
