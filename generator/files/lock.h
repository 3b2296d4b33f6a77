// The project lock: flock(2) on a file beside the manifest. `generate` holds it
// exclusively, `check` shared, so a check never reads a half-applied generate and two
// generates never meet. The kernel drops the lock when the process ends, however it ends:
// a kill -9 never leaves a project locked.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "files/fd.h"

namespace wfgen::files {

class Lock {
 public:
  enum class Mode { Shared, Exclusive };

  // Locks the file `name` in `dir` (created when absent; never through a link). When
  // someone else holds it: waits if `wait` (calling `on_wait` first), else returns
  // nullopt. A shared lock in a directory we may not write to (a read-only checkout),
  // where the file does not exist, is granted without a file: nobody can write there.
  // Throws FileError.
  static std::optional<Lock> take(const Fd& dir, const std::string& name, std::string_view display,
                                  Mode mode, bool wait, const std::function<void()>& on_wait);

 private:
  explicit Lock(Fd fd) : fd_(std::move(fd)) {}
  Fd fd_;
};

}  // namespace wfgen::files
