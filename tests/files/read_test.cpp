// Reading files the user names: regular files only (no hang on a FIFO or /dev/zero).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "files/error.h"
#include "files/read.h"
#include "support/temp_dir.h"

using wfgen::files::FileError;
using wfgen::files::read_file;
using wfgen::testing::TempDir;

namespace {

std::string error_of(const std::string& path, uint64_t max = wfgen::files::kDefaultMaxInputSize) {
  try {
    read_file(path, path, max);
  } catch (const FileError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST(ReadFile, RefusesWhatIsNotARegularFile) {
  TempDir dir;
  std::string fifo = (dir / "fifo").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  EXPECT_EQ(error_of(fifo), fifo + ": error: cannot read: not a regular file (it is a FIFO)");
  EXPECT_EQ(error_of("/dev/zero"),
            "/dev/zero: error: cannot read: not a regular file (it is a character device)");
  EXPECT_EQ(error_of(dir.path().string()),
            dir.path().string() + ": error: cannot read: not a regular file (it is a directory)");
  EXPECT_EQ(error_of(dir.path().string() + "/none"),
            dir.path().string() + "/none: error: cannot read: No such file or directory");
}

TEST(ReadFile, AProcFileOfSizeZeroStillMeetsTheLimit) {
  // /proc files report size 0: the limit holds while reading too.
  EXPECT_EQ(error_of("/proc/self/maps", 8),
            "/proc/self/maps: error: larger than the input size limit of 8 bytes (raise it with "
            "--max-input-size)");
}
