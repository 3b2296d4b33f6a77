// The one atomic file writer, shared by `wfgen render -o` and `wfgen generate`: a new
// file under a random name in the target's own directory, created exclusively and never
// through a link (O_CREAT|O_EXCL|O_NOFOLLOW), written whole, then renamed over the
// target. Readers see the old file or the new one, never a mix; a planted link at the
// temporary name cannot redirect the write.
#pragma once

#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "files/fd.h"

namespace wfgen::files {

// Our temporary files and backups are named these prefixes + 16 random hex digits, a
// pattern every later `generate` recognises (and removes) in the output dir.
inline constexpr std::string_view kTempPrefix = ".wfgen-tmp-";
inline constexpr std::string_view kBackupPrefix = ".wfgen-bak-";
bool is_leftover_name(std::string_view name);
// `prefix` + 16 random hex digits.
std::string fresh_name(std::string_view prefix);
// Whether `name` is one fresh_name(`prefix`) could make.
bool is_fresh_name(std::string_view name, std::string_view prefix);

class TempFile {
 public:
  // Creates the file in `dir`; `dir_display` names that directory in messages.
  // Throws FileError.
  TempFile(std::shared_ptr<const Fd> dir, std::string_view dir_display);
  TempFile(TempFile&&) noexcept = default;
  TempFile& operator=(TempFile&&) noexcept = default;
  ~TempFile();  // removes the file unless it was renamed into place

  // Gives it the permission bits of the file it replaces (before write()).
  void set_mode(mode_t mode);
  // Writes all of `text` (then fsync when `sync`) and closes it: a transaction of
  // thousands of files holds no descriptor per file. `display` names the file being
  // made. Throws FileError, e.g. "cannot write: No space left on device".
  void write(std::string_view text, std::string_view display, bool sync);
  // The same in pieces: append() any number of times, then finish() once.
  void append(std::string_view text, std::string_view display);
  void finish(std::string_view display, bool sync);
  // Renames it over `target` in the same directory; 0, or the errno of the failure (the
  // temporary file then still exists and is still removed by the destructor).
  int rename_to(const std::string& target);
  // Closes and removes it now; false when the removal failed.
  bool discard();

  // The file's device and inode numbers (which stay its own after the rename).
  std::pair<dev_t, ino_t> identity() const { return identity_; }
  const std::string& name() const { return name_; }
  const std::shared_ptr<const Fd>& dir() const { return dir_; }

 private:
  std::shared_ptr<const Fd> dir_;
  std::string name_;
  Fd fd_;
  std::pair<dev_t, ino_t> identity_{};
  bool present_ = false;
};

// Writes `text` to `path` atomically (temp file, fsync, rename, fsync of the directory),
// keeping the permission bits of the file it replaces. Anything at `path` that is not a
// regular file (a link, a device, a FIFO, a directory) is an error, never replaced or
// written through. Throws FileError.
void write_file_atomically(const std::string& path, std::string_view text);

// write_file_atomically for text that comes in pieces (a streamed render): `path` is
// checked and a temporary file made beside it at construction; commit() puts it in
// place. Without commit() (an error on the way), the temporary file is removed and
// `path` is left as it was. Throws FileError.
class AtomicFileWriter {
 public:
  explicit AtomicFileWriter(std::string path);
  void append(std::string_view text) { temp_->append(text, path_); }
  void commit();

 private:
  std::string path_, dir_, base_;
  std::shared_ptr<const Fd> dirfd_;
  std::optional<TempFile> temp_;
};

// fsync of a directory, so the renames in it survive a crash; 0 or errno.
int sync_dir(const Fd& dir);

}  // namespace wfgen::files
