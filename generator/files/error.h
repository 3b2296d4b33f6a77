// FileError: a file-system operation that failed, naming the path (as the user knows it)
// and the reason (the OS's own words, strerror), so every message reads
// `PATH: error: cannot read: No such file or directory`.
#pragma once

#include <sys/types.h>

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace wfgen::files {

class FileError : public std::runtime_error {
 public:
  // `os_error`: the errno behind it (0 when the reason is ours, not the OS's).
  FileError(std::string_view path, std::string message, int os_error = 0);

  const std::string& path() const { return path_; }  // printable (see printable())
  const std::string& message() const { return message_; }
  int os_error() const { return os_error_; }

 private:
  std::string path_;
  std::string message_;
  int os_error_;
};

// The OS's description of `err` ("No such file or directory").
std::string reason(int err);

// What a file that is not a regular file is, for messages: "a directory", "a FIFO",
// "a character device", "a block device", "a socket", "a symbolic link".
std::string kind_of(mode_t mode);

// `name` as it can be printed on one line of a log: control characters become C escapes
// (\n, \t, \r, \xHH) and a backslash becomes \\, so a file name can never start a line
// of its own (or a GitHub workflow command).
std::string printable(std::string_view name);

// Whether `s` holds a control character (a byte below 0x20, or DEL).
bool has_control(std::string_view s);

// "a, b, c, d, e and 12 more": a few printable names for a one-line message.
std::string some_names(const std::vector<std::string>& names, size_t shown = 5);
// "1 file", "3 files".
std::string files_count(size_t n);

}  // namespace wfgen::files
