// The project lock: exclusive against everything, shared against shared.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/stat.h>

#include "files/error.h"
#include "files/lock.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using wfgen::files::Fd;
using wfgen::files::Lock;
using wfgen::testing::TempDir;

namespace {

std::optional<Lock> take(const Fd& dir, Lock::Mode mode) {
  return Lock::take(dir, ".lock", ".lock", mode, false, nullptr);
}

}  // namespace

TEST(Lock, ExclusiveExcludesSharedSharesWithShared) {
  TempDir dir;
  Fd fd(::open(dir.path().c_str(), O_RDONLY | O_DIRECTORY));
  {
    auto first = take(fd, Lock::Mode::Exclusive);
    ASSERT_TRUE(first.has_value());
    EXPECT_FALSE(take(fd, Lock::Mode::Exclusive).has_value());
    EXPECT_FALSE(take(fd, Lock::Mode::Shared).has_value());
  }
  auto reader = take(fd, Lock::Mode::Shared);
  ASSERT_TRUE(reader.has_value());
  EXPECT_TRUE(take(fd, Lock::Mode::Shared).has_value());
  EXPECT_FALSE(take(fd, Lock::Mode::Exclusive).has_value());
  EXPECT_TRUE(fs::is_regular_file(dir / ".lock"));
}

TEST(Lock, ALockFileThatIsNotOneIsAnError) {
  TempDir dir;
  Fd fd(::open(dir.path().c_str(), O_RDONLY | O_DIRECTORY));
  fs::create_symlink("/etc/passwd", dir / ".lock");
  try {
    take(fd, Lock::Mode::Exclusive);
    FAIL();
  } catch (const wfgen::files::FileError& e) {
    EXPECT_STREQ(e.what(),
                 ".lock: error: cannot open the lock file: Too many levels of symbolic links");
  }
  fs::remove(dir / ".lock");
  ASSERT_EQ(::mkfifo((dir / ".lock").c_str(), 0644), 0);
  try {
    take(fd, Lock::Mode::Exclusive);  // must not hang on the FIFO
    FAIL();
  } catch (const wfgen::files::FileError& e) {
    EXPECT_STREQ(e.what(), ".lock: error: cannot lock: not a regular file (it is a FIFO)");
  }
}
