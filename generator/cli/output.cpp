#include "cli/output.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <iostream>
#include <stdexcept>
#include <string>

#include "files/error.h"
#include "files/read.h"

namespace wfgen::cli {

namespace {

std::string stdout_failure(int err) {
  return "wfgen: error: cannot write to stdout: " + files::reason(err);
}

}  // namespace

void guard_standard_streams() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    int filler = ::open("/dev/null", O_RDONLY);
    if (filler >= 0 && filler != fd) {
      ::dup2(filler, fd);
      ::close(filler);
    }
  }
}

void print(std::string_view text) {
  if (int e = files::write_all(STDOUT_FILENO, text)) throw std::runtime_error(stdout_failure(e));
}

void print_error(std::string_view text) {
  files::write_all(STDERR_FILENO, text);
}

bool close_stdout() {
  std::cout.flush();  // CLI11's help and usage messages
  int e = std::cout.fail() ? EIO : 0;
  if (::close(STDOUT_FILENO) != 0 && errno != EINTR && !e) e = errno;
  if (!e) return true;
  print_error(stdout_failure(e) + "\n");
  return false;
}

}  // namespace wfgen::cli
