#include "pipeline/compare.h"

#include <algorithm>
#include <map>
#include <exception>
#include <optional>
#include <set>
#include <thread>

#include "files/error.h"
#include "files/read.h"
#include "files/temp_file.h"
#include "pipeline/header.h"
#include "pipeline/manifest.h"
#include "system/parallel_for.h"

namespace wfgen::pipeline {

namespace {

std::string child_of(const std::string& dir, const std::string& name) {
  return dir.empty() ? name : dir + "/" + name;
}

bool is_inside(const std::string& path, const std::string& dir) {
  return dir.empty() || (path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 &&
                         path[dir.size()] == '/');
}

// Refuses wfgen's own files beside the manifest as the destination of output `path`.
void refuse_own_files(const files::Location& loc, const std::string& path) {
  const std::pair<const char*, const char*> own[] = {
      {kManifestName, "the manifest"}, {kLockName, "the project lock"}, {kJournalName, "the journal"}};
  for (const auto& [name, what] : own)
    if (loc.path == name)
      throw files::FileError(path, std::string("is ") + what + " (" + name +
                                       "); no output may replace it");
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
  refuse_own_files(loc, path);
  if (loc.exists && !S_ISREG(loc.st.st_mode))
    throw files::FileError(path, "is " + files::kind_of(loc.st.st_mode) +
                                     ", not a regular file; wfgen writes only regular files "
                                     "(move it away)");
  return loc;
}

// Where output `path` goes when the listing of the output dir found a regular file there:
// the listing goes down directories only, so no link is on the way and the checks of
// locate_output hold without a system call. nullopt when the listing did not find it.
// The file's status is filled when it is read.
std::optional<files::Location> listed_location(const files::Tree& project, const OutputDir& dir,
                                               const std::string& path) {
  if (!is_inside(path, dir.path)) return std::nullopt;
  const std::string rel = dir.path.empty() ? path : path.substr(dir.path.size() + 1);
  if (!std::binary_search(dir.files.begin(), dir.files.end(), rel)) return std::nullopt;
  files::Location loc;
  const size_t slash = rel.rfind('/');
  loc.dir_path = slash == std::string::npos ? dir.canonical
                                            : child_of(dir.canonical, rel.substr(0, slash));
  loc.dir = project.directory(loc.dir_path);
  if (!loc.dir) return std::nullopt;
  loc.name = rel.substr(slash + 1);
  loc.path = child_of(dir.canonical, rel);
  loc.exists = true;
  loc.st.st_mode = S_IFREG;
  refuse_own_files(loc, path);
  return loc;
}

// Reads the file at `st.where` and sets `st`'s state (and diff) against `o`.
void compare_one(const files::Tree& project, const Output& o, FileStatus& st, bool with_diffs,
                 size_t diff_lines) {
  std::optional<std::string> disk;
  if (st.where.exists)
    disk = files::read_regular_at(st.where.dir->get(), st.where.name, o.path,
                                  project.max_input_size(), &st.where.st);
  if (!disk) {
    st.where.exists = false;
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
                                        size_t diff_lines, unsigned threads) {
  // Where each output goes, in order, on this thread (the tree's directory cache is not
  // thread-safe); the outputs before the first refused destination are then read on
  // several threads, and the first error in output order is the one thrown.
  std::vector<FileStatus> statuses(outputs.size());
  std::map<std::string, std::string> by_file;  // canonical path -> the output written there
  size_t located = 0;
  std::exception_ptr refused;
  for (; located < outputs.size(); ++located) {
    const Output& o = outputs[located];
    FileStatus& st = statuses[located];
    st.path = o.path;
    try {
      std::optional<files::Location> listed = listed_location(project, dir, o.path);
      st.where = listed ? std::move(*listed) : locate_output(project, dir, o.path);
      auto [other, fresh] = by_file.emplace(st.where.path, o.path);
      if (!fresh)
        throw ProjectError(files::printable(o.path) + ": error: is the same file as " +
                           files::printable(other->second) + " (" +
                           files::printable(st.where.path) +
                           ", through a symbolic link): two outputs cannot share a file\n");
    } catch (...) {
      refused = std::current_exception();
      break;
    }
  }
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<size_t>(threads, located / kOutputsPerThread + 1));
  system::parallel_for(located, threads, [&](size_t i) {
    compare_one(project, outputs[i], statuses[i], with_diffs, diff_lines);
  });
  if (refused) std::rethrow_exception(refused);
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
