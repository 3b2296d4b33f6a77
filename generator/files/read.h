// Reading input files: only regular files (a FIFO, a device or a directory is an error
// naming the path, never a hang), never more than a size limit (checked before reading
// and while reading, so a file that grows, or a /proc file of size 0, cannot get past it).
#pragma once

#include <sys/stat.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace wfgen::files {

// 64 MiB: far above any real workflow source, far below what would hurt a CI runner.
inline constexpr uint64_t kDefaultMaxInputSize = uint64_t{64} << 20;

// The regular file `name` in the directory `dirfd`, without following a link in `name`.
// nullopt when it does not exist; FileError (naming `display`) when it is not a regular
// file, is larger than `max_size` or cannot be read. `status`, when given, gets the file's
// status as it was opened.
std::optional<std::string> read_regular_at(int dirfd, const std::string& name,
                                           std::string_view display, uint64_t max_size,
                                           struct stat* status = nullptr);

// A file the user named on the command line (links followed: the path is their choice);
// `display` names it in messages. Throws FileError, also when it does not exist.
std::string read_file(const std::string& path, std::string_view display, uint64_t max_size);

// Up to `n` bytes from the start of the regular file `name` in `dirfd` (links not
// followed); "" when it cannot be opened.
std::string read_head_at(int dirfd, const std::string& name, size_t n);

// Writes all of `data` to `fd`; 0 or the errno of the failure.
int write_all(int fd, std::string_view data);

}  // namespace wfgen::files
