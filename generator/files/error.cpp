#include "files/error.h"

#include <sys/stat.h>

#include <cstring>

namespace wfgen::files {

FileError::FileError(std::string_view path, std::string message, int os_error)
    : std::runtime_error(printable(path) + ": error: " + message),
      path_(printable(path)),
      message_(std::move(message)),
      os_error_(os_error) {}

std::string reason(int err) {
  return std::strerror(err);
}

std::string kind_of(mode_t mode) {
  switch (mode & S_IFMT) {
    case S_IFDIR:
      return "a directory";
    case S_IFIFO:
      return "a FIFO";
    case S_IFCHR:
      return "a character device";
    case S_IFBLK:
      return "a block device";
    case S_IFSOCK:
      return "a socket";
    case S_IFLNK:
      return "a symbolic link";
    case S_IFREG:
      return "a regular file";
  }
  return "not a file";
}

std::string printable(std::string_view name) {
  static const char* hex = "0123456789abcdef";
  std::string out;
  out.reserve(name.size());
  for (char ch : name) {
    auto c = static_cast<unsigned char>(ch);
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c == 0x7f) {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += ch;
    }
  }
  return out;
}

bool has_control(std::string_view s) {
  for (unsigned char c : s)
    if (c < 0x20 || c == 0x7f) return true;
  return false;
}

std::string some_names(const std::vector<std::string>& names, size_t shown) {
  std::string out;
  for (size_t i = 0; i < names.size() && i < shown; ++i) out += (i ? ", " : "") + printable(names[i]);
  if (names.size() > shown) out += " and " + std::to_string(names.size() - shown) + " more";
  return out;
}

std::string files_count(size_t n) {
  return std::to_string(n) + (n == 1 ? " file" : " files");
}

}  // namespace wfgen::files
