#include "files/tree.h"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <deque>

#include "files/error.h"

namespace wfgen::files {

namespace {

constexpr int kMaxLinks = 40;             // as the kernel's own limit
constexpr size_t kMaxCachedDirs = 256;    // keeps the descriptors held far below ulimit -n

Fd open_dir_at(int dirfd, const std::string& name) {
  return Fd(::openat(dirfd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
}

std::string read_link(int dirfd, const std::string& name, std::string_view display) {
  std::string buf(256, '\0');
  for (;;) {
    ssize_t n = ::readlinkat(dirfd, name.c_str(), buf.data(), buf.size());
    if (n < 0) {
      int e = errno;
      throw FileError(display, "cannot read the symbolic link: " + reason(e), e);
    }
    if (static_cast<size_t>(n) < buf.size()) {
      buf.resize(static_cast<size_t>(n));
      return buf;
    }
    buf.resize(buf.size() * 2);
  }
}

// The file type of a directory entry as lstat's mode bits; 0 when the entry does not say
// (DT_UNKNOWN): most file systems do, which saves an lstat per file listed.
mode_t entry_type(unsigned char d_type) {
  switch (d_type) {
    case DT_REG: return S_IFREG;
    case DT_DIR: return S_IFDIR;
    case DT_LNK: return S_IFLNK;
    case DT_FIFO: return S_IFIFO;
    case DT_CHR: return S_IFCHR;
    case DT_BLK: return S_IFBLK;
    case DT_SOCK: return S_IFSOCK;
    default: return 0;
  }
}

// Calls `on_entry(name, d_type)` for each entry of the directory open at `fd` but . and
// .., read with getdents64 itself: opendir would fstat and fcntl the descriptor first, two
// system calls a directory (a check of this project lists 43). 0, or the errno of a
// failed read.
template <class OnEntry>
int read_entries(int fd, OnEntry&& on_entry) {
  alignas(dirent64) char buffer[8 << 10];
  for (;;) {
    const ssize_t got = ::getdents64(fd, buffer, sizeof buffer);
    if (got < 0) return errno;
    if (got == 0) return 0;
    for (ssize_t at = 0; at < got;) {
      const auto* ent = reinterpret_cast<const dirent64*>(buffer + at);
      at += ent->d_reclen;
      std::string name = ent->d_name;
      if (name != "." && name != "..") on_entry(name, ent->d_type);
    }
  }
}

std::string child_of(std::string_view dir, std::string_view name) {
  return dir.empty() ? std::string(name) : std::string(dir) + "/" + std::string(name);
}

}  // namespace

std::vector<std::string> split_path(std::string_view path) {
  std::vector<std::string> pieces;
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    std::string_view piece = path.substr(start, end - start);
    if (!piece.empty() && piece != ".") pieces.emplace_back(piece);
    start = end + 1;
  }
  return pieces;
}

std::string join_path(const std::vector<std::string>& pieces) {
  std::string out;
  for (const auto& p : pieces) out = child_of(out, p);
  return out;
}

Tree::Tree(const std::filesystem::path& dir, std::string what, std::string prefix,
           uint64_t max_input_size)
    : what_(std::move(what)), prefix_(std::move(prefix)), max_input_size_(max_input_size) {
  Fd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!fd) {
    int e = errno;
    throw FileError(dir.string(), "cannot open " + what_ + ": " + reason(e), e);
  }
  // The path of what was opened (not of what `dir` names by now).
  std::error_code ec;
  real_ = std::filesystem::canonical("/proc/self/fd/" + std::to_string(fd.get()), ec).string();
  if (ec) real_ = std::filesystem::canonical(dir, ec).string();
  top_ = std::make_shared<const Fd>(std::move(fd));
}

Location Tree::locate(std::string_view rel, bool follow_last) const {
  std::vector<std::string> first = split_path(rel);
  std::deque<std::string> todo(first.begin(), first.end());
  std::vector<std::string> names;  // the canonical path so far
  std::vector<std::shared_ptr<const Fd>> fds{top_};
  int links = 0;
  auto escape = [&](const std::string& link, const std::string& target) {
    return FileError(shown(link), "is a symbolic link to " + printable(target) + ", outside " +
                                      what_ + "; wfgen follows no link out of it");
  };
  while (!todo.empty()) {
    std::string comp = std::move(todo.front());
    todo.pop_front();
    if (comp == "..") {
      if (names.empty()) throw FileError(shown(rel), "leaves " + what_);
      names.pop_back();
      fds.pop_back();
      continue;
    }
    const bool last = todo.empty();
    const std::string parent = join_path(names);
    const std::string here = child_of(parent, comp);
    if (!last) {
      auto cached = dirs_.find(here);
      if (cached != dirs_.end()) {
        names.push_back(comp);
        fds.push_back(cached->second);
        continue;
      }
    }
    const int dfd = fds.back()->get();
    struct stat st;
    if (::fstatat(dfd, comp.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
      int e = errno;
      if (e != ENOENT) throw FileError(shown(here), "cannot look up: " + reason(e), e);
      // Absent: whatever follows are directories to make, then the name.
      todo.push_front(comp);
      for (const auto& rest : todo)
        if (rest == "..")
          throw FileError(shown(rel), "cannot be resolved: " + printable(shown(here)) +
                                          " does not exist");
      Location loc;
      loc.dir = fds.back();
      loc.dir_path = parent;
      loc.name = todo.back();
      todo.pop_back();
      loc.missing.assign(todo.begin(), todo.end());
      loc.path = parent;
      for (const auto& m : loc.missing) loc.path = child_of(loc.path, m);
      loc.path = child_of(loc.path, loc.name);
      return loc;
    }
    if (S_ISLNK(st.st_mode) && (!last || follow_last)) {
      if (++links > kMaxLinks)
        throw FileError(shown(rel), "cannot be resolved: too many levels of symbolic links", ELOOP);
      std::string target = read_link(dfd, comp, shown(here));
      std::string_view inside = target;
      long depth = static_cast<long>(names.size());
      const bool absolute = !target.empty() && target[0] == '/';
      if (absolute) {
        bool under = real_ == "/" || target == real_ ||
                     (target.compare(0, real_.size(), real_) == 0 && target[real_.size()] == '/');
        if (!under) throw escape(here, target);
        inside.remove_prefix(real_ == "/" ? 0 : real_.size());
        depth = 0;
      }
      std::vector<std::string> pieces = split_path(inside);
      // Lexically, the target must stay inside; links within it are checked in turn.
      for (const auto& p : pieces) {
        depth += p == ".." ? -1 : 1;
        if (depth < 0) throw escape(here, target);
      }
      if (absolute) {
        names.clear();
        fds.resize(1);
      }
      todo.insert(todo.begin(), pieces.begin(), pieces.end());
      continue;
    }
    if (last) {
      Location loc;
      loc.dir = fds.back();
      loc.dir_path = parent;
      loc.name = comp;
      loc.path = here;
      loc.exists = true;
      loc.st = st;
      return loc;
    }
    if (!S_ISDIR(st.st_mode)) {
      Location loc;
      loc.dir = fds.back();
      loc.dir_path = parent;
      loc.blocker = here;
      loc.blocker_mode = st.st_mode;
      loc.name = todo.back();
      loc.path = here;
      for (const auto& rest : todo) loc.path = child_of(loc.path, rest);
      return loc;
    }
    Fd fd = open_dir_at(dfd, comp);
    if (!fd) {
      int e = errno;
      throw FileError(shown(here), "cannot open directory: " + reason(e), e);
    }
    auto shared = std::make_shared<const Fd>(std::move(fd));
    remember(here, shared);
    names.push_back(comp);
    fds.push_back(shared);
  }
  // `rel` names a directory: the top, or one reached through '..' or a link.
  Location loc;
  loc.exists = true;
  loc.path = join_path(names);
  loc.name = names.empty() ? "" : names.back();
  loc.dir = fds.size() >= 2 ? fds[fds.size() - 2] : top_;
  if (!names.empty()) names.pop_back();
  loc.dir_path = join_path(names);
  ::fstat(fds.back()->get(), &loc.st);
  return loc;
}

std::optional<std::string> Tree::read(std::string_view rel) const {
  Location loc = locate(rel, true);
  if (!loc.exists) return std::nullopt;
  if (loc.name.empty() || S_ISDIR(loc.st.st_mode))
    throw FileError(shown(rel), "cannot read: not a regular file (it is a directory)");
  return read_regular_at(loc.dir->get(), loc.name, shown(rel), max_input_size_);
}

void Tree::make_dirs(Location& loc, std::vector<std::string>& made) const {
  for (const auto& m : loc.missing) {
    std::string path = child_of(loc.dir_path, m);
    if (::mkdirat(loc.dir->get(), m.c_str(), 0777) != 0) {
      int e = errno;
      throw FileError(shown(path), "cannot create directory: " + reason(e), e);
    }
    made.push_back(path);
    Fd fd = open_dir_at(loc.dir->get(), m);
    if (!fd) {
      int e = errno;
      throw FileError(shown(path), "cannot open directory: " + reason(e), e);
    }
    auto shared = std::make_shared<const Fd>(std::move(fd));
    remember(path, shared);
    loc.dir = shared;
    loc.dir_path = path;
  }
  loc.missing.clear();
}

bool Tree::remove_empty_dir(const std::string& path) const {
  size_t slash = path.rfind('/');
  std::string parent = slash == std::string::npos ? "" : path.substr(0, slash);
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  std::shared_ptr<const Fd> dir;
  try {
    dir = directory(parent);
  } catch (const FileError&) {
    return false;
  }
  if (!dir || ::unlinkat(dir->get(), name.c_str(), AT_REMOVEDIR) != 0) return false;
  // Forget it and everything cached below it.
  for (auto it = dirs_.lower_bound(path); it != dirs_.end() && it->first.rfind(path, 0) == 0;)
    it = (it->first.size() == path.size() || it->first[path.size()] == '/') ? dirs_.erase(it)
                                                                            : std::next(it);
  return true;
}

std::shared_ptr<const Fd> Tree::directory(const std::string& path) const {
  if (path.empty()) return top_;
  auto cached = dirs_.find(path);
  if (cached != dirs_.end()) return cached->second;
  Location loc = locate(path, false);
  if (!loc.exists || !S_ISDIR(loc.st.st_mode)) return nullptr;
  if (loc.name.empty()) return top_;
  Fd fd = open_dir_at(loc.dir->get(), loc.name);
  if (!fd) {
    int e = errno;
    throw FileError(shown(loc.path), "cannot open directory: " + reason(e), e);
  }
  auto shared = std::make_shared<const Fd>(std::move(fd));
  remember(loc.path, shared);
  return shared;
}

void Tree::remember(const std::string& path, std::shared_ptr<const Fd> fd) const {
  if (dirs_.size() >= kMaxCachedDirs) dirs_.clear();
  dirs_[path] = std::move(fd);
}

void Tree::list(const std::string& path, const Visitor& visit, bool recursive) const {
  std::shared_ptr<const Fd> dir = directory(path);
  if (!dir) return;
  list_below(*dir, path, "", 0, recursive, visit);
}

void Tree::list_below(const Fd& dir, const std::string& path, const std::string& rel, int depth,
                      bool recursive, const Visitor& visit) const {
  const std::string where = child_of(path, rel);
  if (depth > kMaxDepth)
    throw FileError(shown(where), "nested more than " + std::to_string(kMaxDepth) +
                                      " directories deep");
  std::vector<std::string> subdirs;
  // A description of its own: listing must not move the offset of a shared descriptor.
  Fd listing(::openat(dir.get(), ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  const int failed = listing ? read_entries(listing.get(), [&](const std::string& name,
                                                               unsigned char type) {
    mode_t mode = entry_type(type);
    if (!mode) {  // the file system does not say: ask it
      struct stat st;
      if (::fstatat(dir.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return;
      mode = st.st_mode & S_IFMT;
    }
    if (S_ISDIR(mode)) {
      if (recursive) subdirs.push_back(name);
    } else {
      visit(child_of(rel, name), name, mode);
    }
  }) : errno;
  if (failed) throw FileError(shown(where), "cannot list directory: " + reason(failed), failed);
  listing.reset();
  for (const auto& name : subdirs) {
    const std::string sub_path = child_of(where, name);
    Fd sub = open_dir_at(dir.get(), name);
    if (!sub) {
      int e = errno;
      throw FileError(shown(sub_path), "cannot open directory: " + reason(e), e);
    }
    // Kept: what is listed is usually read or written next (the output dir's files).
    auto shared = std::make_shared<const Fd>(std::move(sub));
    remember(sub_path, shared);
    list_below(*shared, path, child_of(rel, name), depth + 1, recursive, visit);
  }
}

}  // namespace wfgen::files
