// Tree: a directory that wfgen's reads and writes are confined to (the project; an -I dir
// of `wfgen render`). Paths are followed component by component from an open descriptor
// of its top, each directory entered without letting the kernel follow a link
// (O_NOFOLLOW); a symbolic link is read and followed by hand only while its target stays
// inside the tree, so neither a planted link nor a `..` can lead out of it.
#pragma once

#include <sys/stat.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "files/fd.h"
#include "files/read.h"

namespace wfgen::files {

// Where a path leads inside a tree.
struct Location {
  std::shared_ptr<const Fd> dir;     // the deepest existing directory on the way
  std::string dir_path;              // its canonical path ("" for the top)
  std::vector<std::string> missing;  // directories below `dir` that do not exist yet
  std::string name;                  // the last component ("" for the top itself)
  std::string path;                  // canonical: relative to the top, links resolved
  bool exists = false;               // the last component exists (lstat in `st`)
  struct stat st {};
  std::string blocker;  // when a non-directory stands where a directory must be: its path
  mode_t blocker_mode = 0;
};

class Tree {
 public:
  // Opens the directory `dir` (following links: the top is the caller's choice).
  // `what` names the tree in messages ("the project"); `prefix` is put before paths
  // inside it in messages ("" for the project, "inc/" for an -I dir). Throws FileError.
  Tree(const std::filesystem::path& dir, std::string what, std::string prefix = {},
       uint64_t max_input_size = kDefaultMaxInputSize);

  const std::string& what() const { return what_; }
  uint64_t max_input_size() const { return max_input_size_; }
  const std::shared_ptr<const Fd>& top() const { return top_; }
  // A path inside the tree as messages show it.
  std::string shown(std::string_view path) const { return prefix_ + std::string(path); }

  // Follows `rel` ('/'-separated) from the top. Links in directories on the way are
  // followed while they stay inside; a link in the last component only if `follow_last`.
  // Throws FileError for a link (or '..') that leaves the tree, naming the link and its
  // target, and for loops.
  Location locate(std::string_view rel, bool follow_last) const;

  // The regular file at `rel` (links followed while inside); nullopt when it does not
  // exist. Throws FileError for anything else (see read_regular_at).
  std::optional<std::string> read(std::string_view rel) const;

  // Creates the missing directories of `loc`, which then lies in an existing directory;
  // appends each one's canonical path to `made` as it is made (outermost first), so a
  // caller can undo what was done before a failure. Throws FileError.
  void make_dirs(Location& loc, std::vector<std::string>& made) const;
  // Removes the empty directory at the canonical `path`; false when that failed.
  bool remove_empty_dir(const std::string& path) const;

  // Calls `visit` for every non-directory below the directory at the canonical `path`
  // (its path relative to that directory, its name and file type as lstat mode bits),
  // without following links. At most kMaxDepth levels deep; only the directory itself
  // when not `recursive`.
  using Visitor =
      std::function<void(const std::string& rel, const std::string& name, mode_t mode)>;
  void list(const std::string& path, const Visitor& visit, bool recursive = true) const;
  static constexpr int kMaxDepth = 128;

 // The directory at the canonical `path` ("" for the top), entered once and kept; null
  // when it is not a directory. Throws FileError.
  std::shared_ptr<const Fd> directory(const std::string& path) const;

 private:
  void remember(const std::string& path, std::shared_ptr<const Fd> fd) const;
  void list_below(const Fd& dir, const std::string& path, const std::string& rel, int depth,
                  bool recursive, const Visitor& visit) const;

  std::shared_ptr<const Fd> top_;
  std::string real_;  // canonical absolute path of the top: absolute links may point inside
  std::string what_;
  std::string prefix_;
  uint64_t max_input_size_;
  // Directories already entered, by canonical path: a project's outputs share a few.
  mutable std::map<std::string, std::shared_ptr<const Fd>, std::less<>> dirs_;
};

// '/'-separated pieces of `path`, empty pieces and "." dropped.
std::vector<std::string> split_path(std::string_view path);
// The pieces joined with '/'.
std::string join_path(const std::vector<std::string>& pieces);

}  // namespace wfgen::files
