// Reading files the user names: regular files only (no hang on a FIFO or /dev/zero).
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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

TEST(ReadFile, ReadsEveryByteWhateverTheSize) {
  // A read that stops short of what was asked ends a regular file only once it has the
  // size fstat gave; around the buffer sizes of the system, every byte still comes back.
  TempDir dir;
  for (size_t size : {0, 1, 4095, 4096, 4097, 65536, 200000}) {
    std::string text(size, 'x');
    for (size_t i = 0; i < size; ++i) text[i] = static_cast<char>('a' + i % 26);
    std::string path = (dir / ("f" + std::to_string(size))).string();
    wfgen::testing::spit(path, text);
    EXPECT_EQ(read_file(path, path, wfgen::files::kDefaultMaxInputSize), text) << size;
  }
}

TEST(ReadFile, AProcFileOfSizeZeroIsReadWhole) {
  // /proc reports size 0 and hands out a page a read: the reads go on to the end.
  std::string status = read_file("/proc/self/status", "status", wfgen::files::kDefaultMaxInputSize);
  EXPECT_EQ(status.rfind("Name:", 0), 0u);
  EXPECT_NE(status.find("\nVmPeak:"), std::string::npos);
  EXPECT_EQ(status.back(), '\n');
}

TEST(ReadRegularAt, GivesTheStatusOfTheFileItRead) {
  TempDir dir;
  wfgen::testing::spit(dir / "out.yml", "name: x\n");
  ASSERT_EQ(::chmod((dir / "out.yml").c_str(), 0640), 0);
  int fd = ::open(dir.path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  struct stat st {};
  std::optional<std::string> text =
      wfgen::files::read_regular_at(fd, "out.yml", "out.yml", 1024, &st);
  ::close(fd);
  ASSERT_TRUE(text);
  EXPECT_EQ(*text, "name: x\n");
  EXPECT_TRUE(S_ISREG(st.st_mode));
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  EXPECT_EQ(st.st_size, 8);
}
