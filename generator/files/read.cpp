#include "files/read.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "files/error.h"
#include "files/fd.h"

namespace wfgen::files {

namespace {

std::string too_large(uint64_t max_size) {
  return "larger than the input size limit of " + std::to_string(max_size) +
         " bytes (raise it with --max-input-size)";
}

// Reads an open descriptor whose file is known to be regular.
std::string read_open(const Fd& fd, const struct stat& st, std::string_view display,
                      uint64_t max_size) {
  if (static_cast<uint64_t>(st.st_size) > max_size) throw FileError(display, too_large(max_size));
  std::string text;
  text.resize(static_cast<size_t>(st.st_size) + 1);  // +1: notices a file that grew
  size_t used = 0;
  for (;;) {
    if (used == text.size()) {
      if (used > max_size) throw FileError(display, too_large(max_size));
      text.resize(std::min<uint64_t>(max_size + 1, text.size() * 2 + 4096));
    }
    ssize_t n = ::read(fd.get(), text.data() + used, text.size() - used);
    if (n < 0) {
      if (errno == EINTR) continue;
      int e = errno;
      throw FileError(display, "cannot read: " + reason(e), e);
    }
    if (n == 0) break;
    const size_t asked = text.size() - used;
    used += static_cast<size_t>(n);
    // All the bytes the file had, and fewer than asked: a regular file is at its end. (A
    // read for the zero that would say so costs a system call a file.)
    if (static_cast<size_t>(n) < asked && used == static_cast<uint64_t>(st.st_size)) break;
  }
  if (used > max_size) throw FileError(display, too_large(max_size));
  text.resize(used);
  return text;
}

// The regular file `name` in `dirfd` (`flags`: O_NOFOLLOW or 0); nullopt when absent.
std::optional<std::string> read_regular(int dirfd, const std::string& name,
                                        std::string_view display, uint64_t max_size, int flags,
                                        struct stat* status = nullptr) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
  Fd fd(::openat(dirfd, name.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | flags));
  if (!fd) {
    int e = errno;
    if (e == ENOENT) return std::nullopt;
    if (e == ELOOP && (flags & O_NOFOLLOW))
      throw FileError(display, "cannot read: it is a symbolic link", e);
    throw FileError(display, "cannot read: " + reason(e), e);
  }
  struct stat st;
  if (::fstat(fd.get(), &st) != 0) {
    int e = errno;
    throw FileError(display, "cannot read: " + reason(e), e);
  }
  if (!S_ISREG(st.st_mode))
    throw FileError(display, "cannot read: not a regular file (it is " + kind_of(st.st_mode) + ")");
  if (status) *status = st;
  return read_open(fd, st, display, max_size);
}

}  // namespace

std::optional<std::string> read_regular_at(int dirfd, const std::string& name,
                                           std::string_view display, uint64_t max_size,
                                           struct stat* status) {
  return read_regular(dirfd, name, display, max_size, O_NOFOLLOW, status);
}

std::string read_file(const std::string& path, std::string_view display, uint64_t max_size) {
  std::optional<std::string> text = read_regular(AT_FDCWD, path, display, max_size, 0);
  if (!text) throw FileError(display, "cannot read: " + reason(ENOENT), ENOENT);
  return std::move(*text);
}

std::string read_head_at(int dirfd, const std::string& name, size_t n) {
  Fd fd(::openat(dirfd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (!fd) return {};
  std::string head(n, '\0');
  size_t used = 0;
  while (used < n) {
    ssize_t got = ::read(fd.get(), head.data() + used, n - used);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    used += static_cast<size_t>(got);
  }
  head.resize(used);
  return head;
}

int write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    data.remove_prefix(static_cast<size_t>(n));
  }
  return 0;
}

}  // namespace wfgen::files
