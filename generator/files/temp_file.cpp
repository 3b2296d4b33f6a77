#include "files/temp_file.h"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "files/error.h"
#include "files/read.h"

namespace wfgen::files {

namespace {

constexpr size_t kRandomDigits = 16;

bool is_hex_digits(std::string_view s) {
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

}  // namespace

bool is_fresh_name(std::string_view name, std::string_view prefix) {
  return name.size() == prefix.size() + kRandomDigits && name.substr(0, prefix.size()) == prefix &&
         is_hex_digits(name.substr(prefix.size()));
}

bool is_leftover_name(std::string_view name) {
  return is_fresh_name(name, kTempPrefix) || is_fresh_name(name, kBackupPrefix);
}

std::string fresh_name(std::string_view prefix) {
  unsigned char bytes[kRandomDigits / 2];
  size_t got = 0;
  while (got < sizeof bytes) {
    ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw FileError("getrandom", "cannot make a random name: " + reason(errno), errno);
    got += static_cast<size_t>(n);
  }
  static const char* hex = "0123456789abcdef";
  std::string name(prefix);
  for (unsigned char b : bytes) {
    name += hex[b >> 4];
    name += hex[b & 15];
  }
  return name;
}

TempFile::TempFile(std::shared_ptr<const Fd> dir, std::string_view dir_display)
    : dir_(std::move(dir)) {
  for (int attempt = 0;; ++attempt) {
    name_ = fresh_name(kTempPrefix);
    fd_ = Fd(::openat(dir_->get(), name_.c_str(),
                      O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666));
    if (fd_) break;
    int e = errno;
    if (e == EEXIST && attempt < 8) continue;  // 64 random bits: only a planted name
    std::string where = dir_display.empty() ? std::string(".") : std::string(dir_display);
    throw FileError(where, "cannot create a temporary file: " + reason(e), e);
  }
  present_ = true;
  struct stat st {};
  ::fstat(fd_.get(), &st);
  identity_ = {st.st_dev, st.st_ino};
}

TempFile::~TempFile() {
  discard();
}

void TempFile::write(std::string_view text, std::string_view display, bool sync) {
  append(text, display);
  finish(display, sync);
}

void TempFile::append(std::string_view text, std::string_view display) {
  if (int e = write_all(fd_.get(), text)) throw FileError(display, "cannot write: " + reason(e), e);
}

void TempFile::finish(std::string_view display, bool sync) {
  int e = 0;
  if (sync && ::fsync(fd_.get()) != 0) e = errno;
  if (!e && ::close(fd_.release()) != 0) e = errno;
  if (e) throw FileError(display, "cannot write: " + reason(e), e);
}

void TempFile::set_mode(mode_t mode) {
  ::fchmod(fd_.get(), mode & 07777);
}

int TempFile::rename_to(const std::string& target) {
  if (::renameat(dir_->get(), name_.c_str(), dir_->get(), target.c_str()) != 0) return errno;
  present_ = false;
  fd_.reset();
  return 0;
}

bool TempFile::discard() {
  fd_.reset();
  if (!present_ || !dir_) return true;
  present_ = false;
  return ::unlinkat(dir_->get(), name_.c_str(), 0) == 0 || errno == ENOENT;
}

int sync_dir(const Fd& dir) {
  if (::fsync(dir.get()) == 0) return 0;
  // Some file systems cannot sync a directory; their renames are as durable as they get.
  return errno == EINVAL ? 0 : errno;
}

void write_file_atomically(const std::string& path, std::string_view text) {
  AtomicFileWriter writer(path);
  writer.append(text);
  writer.commit();
}

AtomicFileWriter::AtomicFileWriter(std::string path) : path_(std::move(path)) {
  size_t slash = path_.rfind('/');
  dir_ = slash == std::string::npos ? "." : path_.substr(0, slash == 0 ? 1 : slash);
  base_ = slash == std::string::npos ? path_ : path_.substr(slash + 1);
  struct stat st;
  bool exists = ::lstat(path_.c_str(), &st) == 0;
  if (!exists && errno != ENOENT) {
    int e = errno;
    throw FileError(path_, "cannot write: " + reason(e), e);
  }
  if ((exists && !S_ISREG(st.st_mode)) || base_.empty() || base_ == "." || base_ == "..")
    throw FileError(path_, "cannot write: not a regular file (it is " +
                               (exists ? kind_of(st.st_mode) : std::string("a directory")) +
                               "); only a regular file is replaced");
  dirfd_ = std::make_shared<const Fd>(::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!*dirfd_) {
    int e = errno;
    throw FileError(path_, "cannot write: cannot open its directory " + printable(dir_) + ": " +
                               reason(e), e);
  }
  temp_.emplace(dirfd_, dir_);
  if (exists) temp_->set_mode(st.st_mode);
}

void AtomicFileWriter::commit() {
  temp_->finish(path_, true);
  if (int e = temp_->rename_to(base_)) throw FileError(path_, "cannot write: " + reason(e), e);
  if (int e = sync_dir(*dirfd_)) throw FileError(dir_, "cannot sync directory: " + reason(e), e);
}

}  // namespace wfgen::files
