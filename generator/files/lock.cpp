#include "files/lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>

#include <cerrno>

#include "files/error.h"

namespace wfgen::files {

std::optional<Lock> Lock::take(const Fd& dir, const std::string& name, std::string_view display,
                               Mode mode, bool wait, const std::function<void()>& on_wait) {
  // O_NONBLOCK: a FIFO planted at the name must not block the open; it is refused below.
  const int flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
  Fd fd(::openat(dir.get(), name.c_str(), flags | O_CREAT, 0644));
  if (!fd) {
    int e = errno;
    bool read_only = e == EROFS || e == EACCES || e == EPERM;
    if (read_only && mode == Mode::Shared) {
      fd = Fd(::openat(dir.get(), name.c_str(), flags));
      if (!fd && errno == ENOENT) return Lock(Fd());
    }
    if (!fd) throw FileError(display, "cannot open the lock file: " + reason(e), e);
  }
  struct stat st;
  if (::fstat(fd.get(), &st) != 0) {
    int e = errno;
    throw FileError(display, "cannot lock: " + reason(e), e);
  }
  if (!S_ISREG(st.st_mode))
    throw FileError(display, "cannot lock: not a regular file (it is " + kind_of(st.st_mode) + ")");
  const int op = mode == Mode::Exclusive ? LOCK_EX : LOCK_SH;
  if (::flock(fd.get(), op | LOCK_NB) == 0) return Lock(std::move(fd));
  if (errno != EWOULDBLOCK) {
    int e = errno;
    throw FileError(display, "cannot lock: " + reason(e), e);
  }
  if (!wait) return std::nullopt;
  if (on_wait) on_wait();
  while (::flock(fd.get(), op) != 0) {
    if (errno == EINTR) continue;
    int e = errno;
    throw FileError(display, "cannot lock: " + reason(e), e);
  }
  return Lock(std::move(fd));
}

}  // namespace wfgen::files
