#include "files/transaction.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <map>

#include "files/error.h"
#include "files/fault.h"

namespace wfgen::files {

namespace {

constexpr std::string_view kJournalHeader = "wfgen journal 1";

// Journal fields are separated by spaces: bytes that could break a line or a field are
// written %XX.
std::string encode(std::string_view s) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (c <= ' ' || c == '%' || c >= 0x7f) {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += ch;
    }
  }
  return out;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

std::string decode(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    int hi = s[i] == '%' && i + 2 < s.size() ? hex_value(s[i + 1]) : -1;
    int lo = hi >= 0 ? hex_value(s[i + 2]) : -1;
    if (lo >= 0) {
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::vector<std::string> fields(std::string_view line) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < line.size()) {
    size_t space = line.find(' ', start);
    if (space == std::string_view::npos) space = line.size();
    out.push_back(decode(line.substr(start, space - start)));
    start = space + 1;
  }
  return out;
}


// The permission bits a new file gets (0666 less the umask), read once.
mode_t new_file_mode() {
  static const mode_t mode = [] {
    mode_t mask = ::umask(022);
    ::umask(mask);
    return 0666 & ~mask;
  }();
  return mode;
}

// chattr +i / +a: even root may not link, replace or delete such a file.
bool is_immutable(const Location& loc) {
  Fd fd(::openat(loc.dir->get(), loc.name.c_str(),
                 O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  int flags = 0;
  if (!fd || ::ioctl(fd.get(), FS_IOC_GETFLAGS, &flags) != 0) return false;
  return (flags & (FS_IMMUTABLE_FL | FS_APPEND_FL)) != 0;
}

std::string child_of(const std::string& dir, const std::string& name) {
  return dir.empty() ? name : dir + "/" + name;
}

}  // namespace

Transaction::Transaction(const Tree& tree, std::string journal)
    : tree_(tree), journal_(std::move(journal)) {}

void Transaction::write(Location where, std::string content) {
  Op op;
  op.loc = std::move(where);
  op.content = std::move(content);
  ops_.push_back(std::move(op));
}

void Transaction::remove(Location where) {
  Op op;
  op.loc = std::move(where);
  op.remove = true;
  ops_.push_back(std::move(op));
}

void Transaction::commit() {
  if (ops_.empty()) return;
  std::vector<std::string> made_dirs;
  try {
    prepare(made_dirs);
    write_journal(made_dirs);
  } catch (const FileError& e) {
    undo_prepare(made_dirs);
    throw TransactionError(std::string(e.what()) + "\n", false);
  }
  for (size_t i = 0; i < ops_.size(); ++i) {
    Op& op = ops_[i];
    int e = inject_fault("rename") ? EIO : 0;
    if (!e && op.remove)
      e = ::unlinkat(op.loc.dir->get(), op.loc.name.c_str(), 0) == 0 ? 0 : errno;
    else if (!e)
      e = op.temp->rename_to(op.loc.name);
    if (e)
      roll_back(i,
                printable(tree_.shown(op.loc.path)) + ": error: cannot " +
                    (op.remove ? "delete" : "replace") + ": " + reason(e) + "\n",
                made_dirs);
  }
  std::string sync_failure;
  try {
    sync_all();
  } catch (const FileError& e) {
    sync_failure = e.what();
  }
  if (int e = remove_journal()) {  // the commit point
    // The journal would undo this run: keep the backups it needs to.
    throw TransactionError(printable(tree_.shown(journal_)) + ": error: cannot remove: " +
                               reason(e) + "\nall " + files_count(ops_.size()) +
                               " were changed, but the next generate will put them back first "
                               "(and write them again)\n",
                           true);
  }
  remove_backups();
  if (!sync_failure.empty())
    throw TransactionError(sync_failure + "\nall " + files_count(ops_.size()) +
                               " were changed, but may not survive a crash of the machine\n",
                           true);
}

void Transaction::prepare(std::vector<std::string>& made_dirs) {
  for (Op& op : ops_) {
    if (!op.loc.missing.empty()) {
      op.loc = tree_.locate(op.loc.path, false);  // an earlier file may have made some
      tree_.make_dirs(op.loc, made_dirs);
    }
    if (op.remove) continue;
    op.temp.emplace(op.loc.dir, tree_.shown(op.loc.dir_path));
    if (op.loc.exists && (op.loc.st.st_mode & 07777) != new_file_mode())
      op.temp->set_mode(op.loc.st.st_mode);
    op.temp->write(op.content, tree_.shown(op.loc.path), false);
  }
  // Backups last: a hard link costs no space and keeps the old file whatever happens.
  for (Op& op : ops_) {
    if (!op.loc.exists) continue;
    op.backup = fresh_name(kBackupPrefix);
    if (::linkat(op.loc.dir->get(), op.loc.name.c_str(), op.loc.dir->get(), op.backup.c_str(),
                 0) != 0) {
      int e = errno;
      if (e == EPERM && is_immutable(op.loc))
        throw FileError(tree_.shown(op.loc.path), std::string("is immutable (chattr +i or +a); "
                                                              "wfgen cannot ") +
                                                      (op.remove ? "delete" : "replace") + " it",
                        e);
      throw FileError(tree_.shown(op.loc.path),
                      std::string("cannot keep a backup before ") +
                          (op.remove ? "deleting" : "replacing") + " it: " + reason(e),
                      e);
    }
    op.backed_up = true;
  }
  sync_all();
}

void Transaction::write_journal(const std::vector<std::string>& made_dirs) {
  std::string text(kJournalHeader);
  text += '\n';
  for (const auto& d : made_dirs) text += "dir " + encode(d) + "\n";
  for (const Op& op : ops_) {
    if (op.backed_up) {
      text += "restore " + encode(op.loc.path) + " " + encode(op.backup) + "\n";
    } else {
      auto [dev, ino] = op.temp->identity();
      text += "remove " + encode(op.loc.path) + " " + std::to_string(dev) + " " +
              std::to_string(ino) + "\n";
    }
  }
  TempFile temp(tree_.top(), tree_.shown(""));
  temp.write(text, tree_.shown(journal_), true);
  if (int e = temp.rename_to(journal_))
    throw FileError(tree_.shown(journal_), "cannot write: " + reason(e), e);
  journal_written_ = true;
  if (int e = sync_dir(*tree_.top()))
    throw FileError(tree_.shown(journal_), "cannot sync: " + reason(e), e);
}

void Transaction::sync_all() {
  // One syncfs per file system makes every file and rename durable, far cheaper than an
  // fsync per file when thousands change.
  std::map<dev_t, std::pair<int, std::string>> file_systems;
  auto add = [&](const Fd& fd, const std::string& path) {
    struct stat st;
    if (::fstat(fd.get(), &st) == 0) file_systems.emplace(st.st_dev, std::pair{fd.get(), path});
  };
  add(*tree_.top(), "");
  for (const Op& op : ops_) add(*op.loc.dir, op.loc.dir_path);
  for (const auto& [dev, fs] : file_systems) {
    int e = inject_fault("sync") ? EIO : ::syncfs(fs.first) == 0 ? 0 : errno;
    if (e)
      throw FileError(fs.second.empty() ? "." : tree_.shown(fs.second),
                      "cannot sync the file system: " + reason(e), e);
  }
}

void Transaction::undo_prepare(const std::vector<std::string>& made_dirs) {
  for (Op& op : ops_) {
    op.temp.reset();
    if (op.backed_up) ::unlinkat(op.loc.dir->get(), op.backup.c_str(), 0);
    op.backed_up = false;
  }
  if (journal_written_) remove_journal();
  for (auto it = made_dirs.rbegin(); it != made_dirs.rend(); ++it) tree_.remove_empty_dir(*it);
}

void Transaction::roll_back(size_t done, const std::string& failure,
                            const std::vector<std::string>& made_dirs) {
  std::vector<std::string> restored, lost;
  for (size_t i = done; i-- > 0;) {
    Op& op = ops_[i];
    const int dir = op.loc.dir->get();
    int e = inject_fault("restore") ? EIO : 0;
    if (!e && op.backed_up)
      e = ::renameat(dir, op.backup.c_str(), dir, op.loc.name.c_str()) == 0 ? 0 : errno;
    else if (!e)
      e = ::unlinkat(dir, op.loc.name.c_str(), 0) == 0 ? 0 : errno;
    if (e) {
      lost.push_back(tree_.shown(op.loc.path) + " (" + reason(e) +
                     (op.backed_up ? "; its previous content is in " +
                                         tree_.shown(child_of(op.loc.dir_path, op.backup))
                                   : std::string()) +
                     ")");
    } else {
      restored.push_back(tree_.shown(op.loc.path));
      op.backed_up = false;  // the backup is the file again
    }
  }
  for (size_t i = done; i < ops_.size(); ++i) {
    Op& op = ops_[i];
    op.temp.reset();
    if (op.backed_up) ::unlinkat(op.loc.dir->get(), op.backup.c_str(), 0);
    op.backed_up = false;
  }
  std::string message = failure;
  if (!restored.empty())
    message += "restored the " + files_count(restored.size()) +
               " already changed: " + some_names(restored) + "\n";
  if (lost.empty()) {
    remove_journal();
    for (auto it = made_dirs.rbegin(); it != made_dirs.rend(); ++it) tree_.remove_empty_dir(*it);
    throw TransactionError(message, false);
  }
  message += "could not restore " + some_names(lost) + "\n";
  message += printable(tree_.shown(journal_)) +
             " keeps what is left to undo: the next generate restores it\n";
  throw TransactionError(message, true);
}

void Transaction::remove_backups() {
  for (Op& op : ops_) {
    if (op.backed_up) ::unlinkat(op.loc.dir->get(), op.backup.c_str(), 0);
    op.backed_up = false;
  }
}

int Transaction::remove_journal() {
  if (!journal_written_) return 0;
  if (::unlinkat(tree_.top()->get(), journal_.c_str(), 0) != 0) return errno;
  journal_written_ = false;
  return sync_dir(*tree_.top());
}

std::optional<size_t> Transaction::recover(const Tree& tree, const std::string& journal) {
  std::optional<std::string> text = tree.read(journal);
  if (!text) return std::nullopt;
  std::vector<std::vector<std::string>> entries;
  size_t start = 0;
  bool header = true;
  while (start < text->size()) {
    size_t nl = text->find('\n', start);
    if (nl == std::string::npos) nl = text->size();
    std::string_view line(text->data() + start, nl - start);
    start = nl + 1;
    if (header) {
      if (line != kJournalHeader)
        throw FileError(tree.shown(journal),
                        "is not a journal this wfgen can read; look at it, then remove it");
      header = false;
      continue;
    }
    entries.push_back(fields(line));
    // The journal is read as untrusted (a commit may carry one): each entry must be one
    // wfgen writes, and a backup is a name of ours beside the file it restores, so that
    // no entry reaches outside the project.
    const std::vector<std::string>& f = entries.back();
    const bool known = (f.size() == 2 && f[0] == "dir") ||
                       (f.size() == 3 && f[0] == "restore" &&
                        is_fresh_name(f[2], kBackupPrefix)) ||
                       (f.size() == 4 && f[0] == "remove");
    if (!known)
      throw FileError(tree.shown(journal),
                      "line " + std::to_string(entries.size() + 1) +
                          " is no entry wfgen writes (" + printable(std::string(line)) +
                          "); nothing was undone: look at it, then remove it");
  }
  size_t restored = 0;
  for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
    const auto& f = *it;
    if (f.size() >= 2 && f[0] == "dir") {
      tree.remove_empty_dir(f[1]);
      continue;
    }
    Location loc = tree.locate(f.size() >= 2 ? f[1] : "", false);
    if (!loc.missing.empty() || !loc.blocker.empty()) continue;  // never got that far
    const int dir = loc.dir->get();
    if (f.size() == 3 && f[0] == "restore") {
      struct stat backup;
      if (::fstatat(dir, f[2].c_str(), &backup, AT_SYMLINK_NOFOLLOW) != 0 ||
          !S_ISREG(backup.st_mode))
        continue;  // already put back, or never made
      bool same = loc.exists && loc.st.st_dev == backup.st_dev && loc.st.st_ino == backup.st_ino;
      int rc = same ? ::unlinkat(dir, f[2].c_str(), 0)
                    : ::renameat(dir, f[2].c_str(), dir, loc.name.c_str());
      if (rc != 0) {
        int e = errno;
        throw FileError(tree.shown(f[1]), "cannot restore it from " + printable(f[2]) + ": " +
                                              reason(e), e);
      }
      restored += !same;
    } else if (f.size() == 4 && f[0] == "remove") {
      if (loc.exists && S_ISREG(loc.st.st_mode) && std::to_string(loc.st.st_dev) == f[2] &&
          std::to_string(loc.st.st_ino) == f[3]) {
        if (::unlinkat(dir, loc.name.c_str(), 0) != 0) {
          int e = errno;
          throw FileError(tree.shown(f[1]), "cannot remove it: " + reason(e), e);
        }
        ++restored;
      }
    }
  }
  sync_dir(*tree.top());
  if (::unlinkat(tree.top()->get(), journal.c_str(), 0) != 0) {
    int e = errno;
    throw FileError(tree.shown(journal), "cannot remove: " + reason(e), e);
  }
  sync_dir(*tree.top());
  return restored;
}

}  // namespace wfgen::files
