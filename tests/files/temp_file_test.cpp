// The atomic writer: whole files or nothing, only ever a regular file replaced.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/stat.h>

#include "files/error.h"
#include "files/temp_file.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using wfgen::files::FileError;
using wfgen::files::write_file_atomically;
using wfgen::testing::slurp;
using wfgen::testing::spit;
using wfgen::testing::TempDir;

namespace {

std::string error_of(const std::string& path) {
  try {
    write_file_atomically(path, "new\n");
  } catch (const FileError& e) {
    return e.what();
  }
  return "(no error)";
}

size_t entries(const fs::path& dir) {
  size_t n = 0;
  for (auto it = fs::directory_iterator(dir); it != fs::directory_iterator(); ++it) ++n;
  return n;
}

}  // namespace

TEST(AtomicWrite, ReplacesARegularFileKeepingItsMode) {
  TempDir dir;
  spit(dir / "out.yml", "old\n");
  fs::permissions(dir / "out.yml", fs::perms(0640));
  write_file_atomically((dir / "out.yml").string(), "new\n");
  EXPECT_EQ(slurp(dir / "out.yml"), "new\n");
  EXPECT_EQ(fs::status(dir / "out.yml").permissions(), fs::perms(0640));
  EXPECT_EQ(entries(dir.path()), 1u);  // no temporary file left
}

TEST(AtomicWrite, NeverWritesThroughOrReplacesALink) {
  TempDir dir;
  spit(dir / "target", "precious\n");
  fs::create_symlink(dir / "target", dir / "link");
  std::string link = (dir / "link").string();
  EXPECT_EQ(error_of(link), link + ": error: cannot write: not a regular file (it is a symbolic "
                                   "link); only a regular file is replaced");
  EXPECT_EQ(slurp(dir / "target"), "precious\n");
  EXPECT_TRUE(fs::is_symlink(dir / "link"));
  EXPECT_EQ(entries(dir.path()), 2u);
}

TEST(AtomicWrite, RefusesDevicesFifosAndDirectories) {
  TempDir dir;
  ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0644), 0);
  std::string fifo = (dir / "fifo").string();
  EXPECT_EQ(error_of(fifo), fifo + ": error: cannot write: not a regular file (it is a FIFO); "
                                   "only a regular file is replaced");
  EXPECT_EQ(error_of("/dev/null"), "/dev/null: error: cannot write: not a regular file (it is a "
                                   "character device); only a regular file is replaced");
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
  std::string d = dir.path().string();
  EXPECT_EQ(error_of(d), d + ": error: cannot write: not a regular file (it is a directory); "
                             "only a regular file is replaced");
  EXPECT_EQ(error_of(d + "/"), d + "/: error: cannot write: not a regular file (it is a "
                                   "directory); only a regular file is replaced");
}

TEST(AtomicWrite, AMissingDirectoryIsNamedWithTheReason) {
  TempDir dir;
  std::string out = (dir / "nodir/out").string();
  EXPECT_EQ(error_of(out), out + ": error: cannot write: cannot open its directory " +
                               (dir / "nodir").string() + ": No such file or directory");
}

TEST(TempFile, RandomNamesOfOneRecognisedPattern) {
  TempDir dir;
  auto fd = std::make_shared<const wfgen::files::Fd>(::open(dir.path().c_str(), O_RDONLY));
  std::string name;
  {
    wfgen::files::TempFile temp(fd, dir.path().string());
    name = temp.name();
    EXPECT_TRUE(fs::exists(dir / name));
    wfgen::files::TempFile other(fd, dir.path().string());
    EXPECT_NE(other.name(), name);
  }
  EXPECT_FALSE(fs::exists(dir / name));  // removed unless renamed into place
  EXPECT_TRUE(wfgen::files::is_leftover_name(name));
  EXPECT_TRUE(wfgen::files::is_leftover_name(".wfgen-bak-0123456789abcdef"));
  EXPECT_FALSE(wfgen::files::is_leftover_name(".wfgen-tmp-0123456789abcde"));
  EXPECT_FALSE(wfgen::files::is_leftover_name(".wfgen-tmp-0123456789abcdeX"));
  EXPECT_FALSE(wfgen::files::is_leftover_name("job.yml.wfgen-tmp-123"));
}
