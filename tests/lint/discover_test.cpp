// Which files count as workflows: by path first (a .yml/.yaml in a `workflows` folder),
// then by text (a top-level `on` or `jobs`), and the folder walk of `wfgen lint PATH`.
#include <gtest/gtest.h>

#include "lint/discover.h"
#include "support/temp_dir.h"

using wfgen::lint::discover_workflows;
using wfgen::lint::is_workflow;
using wfgen::lint::is_workflow_by_path;
using wfgen::testing::spit;
using wfgen::testing::TempDir;

namespace {

// "yes", "no" or "text" (the path does not decide).
std::string by_path(std::string_view path) {
  std::optional<bool> decided = is_workflow_by_path(path);
  return !decided ? "text" : *decided ? "yes" : "no";
}

}  // namespace

TEST(Discover, AYamlFileInAWorkflowsFolderIsOne) {
  EXPECT_EQ(by_path("workflows/a.yml"), "yes");
  EXPECT_EQ(by_path("generated/pytorch/.github/workflows/pull.yml"), "yes");
  EXPECT_EQ(by_path("/abs/.github/workflows/x.yaml"), "yes");
  EXPECT_EQ(by_path("x/workflows//a.yml"), "yes");  // a doubled separator
  EXPECT_EQ(by_path("workflows/a.b.yml"), "yes");   // the last dot's extension
  EXPECT_EQ(by_path("workflows/..yml"), "yes");     // "." then the extension
}

TEST(Discover, ANameThatIsNotYamlIsNone) {
  EXPECT_EQ(by_path("workflows/a.json"), "no");
  EXPECT_EQ(by_path("workflows/a.YML"), "no");  // GitHub reads .yml and .yaml only
  EXPECT_EQ(by_path("workflows/.yml"), "no");   // a hidden file's name, no extension
  EXPECT_EQ(by_path("workflows/a.yml/"), "no");  // a folder
  EXPECT_EQ(by_path("workflows/.."), "no");
  EXPECT_EQ(by_path("a.yml.txt"), "no");
}

TEST(Discover, ElsewhereTheTextDecides) {
  EXPECT_EQ(by_path("a.yml"), "text");
  EXPECT_EQ(by_path("/a.yaml"), "text");
  EXPECT_EQ(by_path("x/workflow/a.yml"), "text");
  EXPECT_EQ(by_path("workflows/x/a.yml"), "text");  // only the folder holding the file
  EXPECT_EQ(by_path("myworkflows/a.yml"), "text");
  EXPECT_TRUE(is_workflow(".github/allowlist.yml", "on: push\n"));
  EXPECT_TRUE(is_workflow("a.yml", "jobs: {}\n"));
  EXPECT_FALSE(is_workflow("a.yml", "allowlist: [x]\n"));
  EXPECT_TRUE(is_workflow("a.yml", "on: [\n"));  // does not parse: checked, to say why
  EXPECT_TRUE(is_workflow("workflows/a.yml", "allowlist: [x]\n"));
}

TEST(Discover, AFolderWalkKeepsWorkflowsSortedAndSkipsGit) {
  TempDir dir;
  spit(dir / "b/.github/workflows/z.yml", "allowlist: []\n");
  spit(dir / "b/.github/workflows/a.yaml", "on: push\n");
  spit(dir / "b/.github/allowlist.yml", "allowlist: []\n");
  spit(dir / "b/ci.yml", "jobs: {}\n");
  spit(dir / "b/notes.txt", "on: push\n");
  spit(dir / "b/.git/workflows/x.yml", "on: push\n");
  std::string root = (dir / "b").generic_string();
  auto found = discover_workflows({root, (dir / "missing").string()});
  EXPECT_EQ(found.files, (std::vector<std::string>{root + "/.github/workflows/a.yaml",
                                                   root + "/.github/workflows/z.yml",
                                                   root + "/ci.yml"}));
  EXPECT_EQ(found.missing, std::vector<std::string>{(dir / "missing").string()});
}
