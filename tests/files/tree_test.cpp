// Tree: paths followed inside the tree, links out of it refused with both paths named.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <functional>

#include "files/error.h"
#include "files/tree.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using wfgen::files::FileError;
using wfgen::files::Tree;
using wfgen::testing::spit;
using wfgen::testing::TempDir;

namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const FileError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST(Tree, ReadsFollowLinksThatStayInside) {
  TempDir dir;
  spit(dir / "top/shared/common.j2", "common\n");
  fs::create_directories(dir / "top/templates");
  fs::create_symlink("../shared/common.j2", dir / "top/templates/relative.j2");
  fs::create_symlink(fs::canonical(dir / "top/shared/common.j2"), dir / "top/templates/absolute.j2");
  fs::create_symlink("../shared", dir / "top/templates/linked");
  Tree tree(dir / "top", "the project directory");
  EXPECT_EQ(tree.read("templates/relative.j2").value(), "common\n");
  EXPECT_EQ(tree.read("templates/absolute.j2").value(), "common\n");
  EXPECT_EQ(tree.read("templates/linked/common.j2").value(), "common\n");
  EXPECT_EQ(tree.locate("templates/linked/common.j2", true).path, "shared/common.j2");
  EXPECT_FALSE(tree.read("templates/none.j2").has_value());
}

TEST(Tree, LinksOutOfTheTreeAreErrorsNamingBothPaths) {
  TempDir dir;
  spit(dir / "outside/secret", "secret\n");
  fs::create_directories(dir / "top/templates");
  fs::create_symlink("../../outside/secret", dir / "top/templates/relative.j2");
  fs::create_symlink("/proc/self/environ", dir / "top/templates/environ.j2");
  fs::create_symlink(dir / "outside", dir / "top/templates/dir");
  Tree tree(dir / "top", "the project directory");
  EXPECT_EQ(error_of([&] { tree.read("templates/relative.j2"); }),
            "templates/relative.j2: error: is a symbolic link to ../../outside/secret, outside "
            "the project directory; wfgen follows no link out of it");
  EXPECT_EQ(error_of([&] { tree.read("templates/environ.j2"); }),
            "templates/environ.j2: error: is a symbolic link to /proc/self/environ, outside the "
            "project directory; wfgen follows no link out of it");
  EXPECT_EQ(error_of([&] { tree.locate("templates/dir/new.yml", false); }),
            "templates/dir: error: is a symbolic link to " + (dir / "outside").string() +
                ", outside the project directory; wfgen follows no link out of it");
  EXPECT_EQ(error_of([&] { tree.read("../outside/secret"); }),
            "../outside/secret: error: leaves the project directory");
}

TEST(Tree, LinkLoopsEnd) {
  TempDir dir;
  fs::create_directories(dir / "top");
  fs::create_symlink("b", dir / "top/a");
  fs::create_symlink("a", dir / "top/b");
  Tree tree(dir / "top", "the project directory");
  EXPECT_EQ(error_of([&] { tree.read("a"); }),
            "a: error: cannot be resolved: too many levels of symbolic links");
}

TEST(Tree, LastLinkNotFollowedWhenAsked) {
  TempDir dir;
  spit(dir / "top/real.yml", "x");
  fs::create_symlink("real.yml", dir / "top/link.yml");
  Tree tree(dir / "top", "the project directory");
  auto loc = tree.locate("link.yml", false);
  EXPECT_TRUE(loc.exists);
  EXPECT_TRUE(S_ISLNK(loc.st.st_mode));
  EXPECT_EQ(loc.path, "link.yml");
}

TEST(Tree, MissingDirectoriesAreReportedThenMade) {
  TempDir dir;
  fs::create_directories(dir / "top/gen");
  spit(dir / "top/gen/file", "x");
  Tree tree(dir / "top", "the project directory");
  auto loc = tree.locate("gen/a/b/out.yml", false);
  EXPECT_FALSE(loc.exists);
  EXPECT_EQ(loc.missing, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(loc.path, "gen/a/b/out.yml");
  std::vector<std::string> made;
  tree.make_dirs(loc, made);
  EXPECT_EQ(made, (std::vector<std::string>{"gen/a", "gen/a/b"}));
  EXPECT_TRUE(fs::is_directory(dir / "top/gen/a/b"));
  EXPECT_TRUE(tree.remove_empty_dir("gen/a/b"));
  EXPECT_TRUE(tree.remove_empty_dir("gen/a"));
  EXPECT_FALSE(fs::exists(dir / "top/gen/a"));
  auto blocked = tree.locate("gen/file/out.yml", false);
  EXPECT_EQ(blocked.blocker, "gen/file");
  EXPECT_TRUE(S_ISREG(blocked.blocker_mode));
}

TEST(Tree, OnlyRegularFilesAreRead) {
  TempDir dir;
  fs::create_directories(dir / "top/sub");
  ASSERT_EQ(::mkfifo((dir / "top/fifo").c_str(), 0644), 0);
  Tree tree(dir / "top", "the project directory");
  EXPECT_EQ(error_of([&] { tree.read("fifo"); }),
            "fifo: error: cannot read: not a regular file (it is a FIFO)");
  EXPECT_EQ(error_of([&] { tree.read("sub"); }),
            "sub: error: cannot read: not a regular file (it is a directory)");
}

TEST(Tree, SizeLimitCheckedBeforeReading) {
  TempDir dir;
  spit(dir / "top/big", std::string(100, 'x'));
  Tree tree(dir / "top", "the project directory", "", 99);
  EXPECT_EQ(error_of([&] { tree.read("big"); }),
            "big: error: larger than the input size limit of 99 bytes (raise it with "
            "--max-input-size)");
  Tree roomy(dir / "top", "the project directory", "", 100);
  EXPECT_EQ(roomy.read("big")->size(), 100u);
}

TEST(Tree, ListsWithoutFollowingLinks) {
  TempDir dir;
  spit(dir / "top/gen/a.yml", "a");
  spit(dir / "top/gen/sub/b.yml", "b");
  spit(dir / "outside/c.yml", "c");
  fs::create_symlink(dir / "outside", dir / "top/gen/out");
  Tree tree(dir / "top", "the project directory");
  std::vector<std::string> seen;
  tree.list("gen", [&](const std::string& rel, const std::string&, mode_t mode) {
    seen.push_back(rel + (S_ISLNK(mode) ? " (link)" : ""));
  });
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, (std::vector<std::string>{"a.yml", "out (link)", "sub/b.yml"}));
}

// A directory is read in pieces of a few KB: one of 600 entries (and a subdirectory
// among them) takes several, and every entry is seen once.
TEST(Tree, ListsALargeDirectoryWhole) {
  TempDir dir;
  std::vector<std::string> expected;
  for (int i = 0; i < 600; ++i) {
    std::string name = "workflow-number-" + std::to_string(i) + ".yml";
    spit(dir / "top/gen" / name, "x");
    expected.push_back(name);
  }
  spit(dir / "top/gen/sub/inner.yml", "y");
  expected.push_back("sub/inner.yml");
  Tree tree(dir / "top", "the project directory");
  std::vector<std::string> seen;
  tree.list("gen", [&](const std::string& rel, const std::string&, mode_t) { seen.push_back(rel); });
  std::sort(seen.begin(), seen.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(seen, expected);
}

TEST(Tree, NamesInMessagesArePrintable) {
  EXPECT_EQ(wfgen::files::printable("old\n::warning::x\t\x1b\\"), "old\\n::warning::x\\t\\x1b\\\\");
  EXPECT_STREQ(FileError("a\nb", "cannot read").what(), "a\\nb: error: cannot read");
}
