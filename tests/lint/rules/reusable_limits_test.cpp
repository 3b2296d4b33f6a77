#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "lint/lint_test_util.h"

using wfgen::lint::Linter;
using wfgen::lint::SourceFile;
using wfgen::testing::findings;
using V = std::vector<std::string>;

namespace {

std::string caller(const std::vector<std::string>& callees) {
  std::string s = "on: workflow_call\njobs:\n";
  for (size_t i = 0; i < callees.size(); ++i)
    s += "  j" + std::to_string(i) + ":\n    uses: " + callees[i] + "\n";
  if (callees.empty()) s += "  a: {runs-on: x, steps: [{run: x}]}\n";
  return s;
}

std::string path(int i) {
  return "repo/.github/workflows/w" + std::to_string(i) + ".yml";
}

// A chain w0 -> w1 -> ... -> w(n-1).
std::vector<SourceFile> chain(int n) {
  std::vector<SourceFile> files;
  for (int i = 0; i < n; ++i)
    files.push_back({path(i),
                     caller(i + 1 < n ? std::vector<std::string>{"./.github/workflows/w" +
                                                                 std::to_string(i + 1) + ".yml"}
                                      : std::vector<std::string>{}),
                     {}, {}});
  return files;
}

std::vector<std::string> of(const wfgen::lint::LintResult& r, const std::string& file) {
  std::vector<std::string> out;
  for (const auto& f : r.findings)
    if (f.rule == "reusable-limits" && f.file == file)
      out.push_back(std::to_string(f.line) + ":" + std::to_string(f.col) + ": " + f.message);
  return out;
}

}  // namespace

TEST(ReusableLimitsRule, TenLevelsPassElevenDoNot) {
  auto ten = Linter().run(chain(10));
  EXPECT_EQ(of(ten, path(0)), (V{}));
  auto eleven = Linter().run(chain(11));
  EXPECT_EQ(of(eleven, path(0)),
            (V{"4:11: this call makes a chain of 11 workflows (w0.yml -> w1.yml -> w2.yml -> "
              "w3.yml -> w4.yml -> w5.yml -> w6.yml -> w7.yml -> w8.yml -> w9.yml -> w10.yml); "
              "GitHub connects at most 10 levels: the caller and nine reusable workflows"}));
  EXPECT_EQ(of(eleven, path(1)), (V{}));
}

TEST(ReusableLimitsRule, Loops) {
  std::vector<SourceFile> files = {
      {path(0), caller({"./.github/workflows/w1.yml"}), {}, {}},
      {path(1), caller({"./.github/workflows/w2.yml"}), {}, {}},
      {path(2), caller({"./.github/workflows/w1.yml"}), {}, {}},
      {path(3), caller({"./.github/workflows/w3.yml"}), {}, {}},
  };
  auto r = Linter().run(std::move(files));
  EXPECT_EQ(of(r, path(0)), (V{"4:11: the reusable workflows this call reaches call each other in "
                              "a loop (w1.yml -> w2.yml -> w1.yml); GitHub does not permit loops"}));
  EXPECT_EQ(of(r, path(3)), (V{"4:11: this workflow calls itself; GitHub does not permit loops of "
                              "reusable workflows"}));
}

TEST(ReusableLimitsRule, FiftyUniqueWorkflowsInTheTree) {
  std::vector<std::string> remote;
  for (int i = 0; i < 49; ++i)
    remote.push_back("o/r/.github/workflows/x" + std::to_string(i) + ".yml@v1");
  remote.push_back("./.github/workflows/w1.yml");
  std::vector<SourceFile> files = {
      {path(0), caller(remote), {}, {}},
      {path(1), caller({"o/r/.github/workflows/x0.yml@v1"}), {}, {}},  // already counted
  };
  EXPECT_EQ(of(Linter().run(files), path(0)), (V{}));
  files[1].text = caller({"o/r/.github/workflows/x0.yml@v2"});  // another ref: another workflow
  EXPECT_EQ(of(Linter().run(files), path(0)),
            (V{"3:3: this workflow's tree of calls reaches 51 unique reusable workflows; GitHub "
              "allows at most 50"}));
}

TEST(ReusableLimitsRule, CalleesFromDiskAndInterfaceFiles) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("wfgen-reusable-" + std::to_string(::getpid()));
  fs::create_directories(dir / "repo/.github/workflows");
  fs::create_directories(dir / "interfaces");
  // On disk: w1 -> w2 -> ... -> w9 -> (interface) w10.
  for (int i = 1; i <= 9; ++i)
    std::ofstream(dir / path(i)) << caller({"./.github/workflows/w" + std::to_string(i + 1) + ".yml"});
  std::ofstream(dir / "interfaces/w10.yml") << caller({"o/r/.github/workflows/leaf.yml@v1"});
  wfgen::lint::Config config;
  config.interfaces["./.github/workflows/w10.yml"] = "interfaces/w10.yml";
  auto r = Linter(config, dir).run({{path(0), caller({"./.github/workflows/w1.yml"}), {}, {}}});
  auto f = of(r, path(0));
  ASSERT_EQ(f.size(), 1u) << ::testing::PrintToString(f);
  EXPECT_NE(f[0].find("a chain of 12 workflows (w0.yml -> w1.yml"), std::string::npos) << f[0];
  EXPECT_NE(f[0].find("w10.yml -> leaf.yml"), std::string::npos) << f[0];
  fs::remove_all(dir);
}

// The pipeline lends the linter its outputs' texts, and a file's tree goes once the file
// is linted unless a caller has asked for it. w1 is the larger, linted (and let go) first
// on one thread: w0's walk reads it again and counts its 50 remote callees.
TEST(ReusableLimitsRule, ACalleeLintedBeforeItsCallerIsReadAgain) {
  std::vector<std::string> remote;
  for (int i = 0; i < 50; ++i)
    remote.push_back("o/r/.github/workflows/x" + std::to_string(i) + ".yml@v1");
  const std::vector<std::string> texts = {caller({"./.github/workflows/w1.yml"}), caller(remote)};
  const V expected = {"3:3: this workflow's tree of calls reaches 51 unique reusable workflows; "
                      "GitHub allows at most 50"};
  const auto owned = Linter().run({{path(0), texts[0], {}, {}}, {path(1), texts[1], {}, {}}});
  EXPECT_EQ(of(owned, path(0)), expected);
  for (unsigned threads : {1u, 2u}) {
    std::vector<SourceFile> borrowed = {{path(0), {}, {}, {}}, {path(1), {}, {}, {}}};
    for (size_t i = 0; i < texts.size(); ++i) borrowed[i].borrowed_text = &texts[i];
    const auto r = Linter().run(std::move(borrowed), threads);
    EXPECT_EQ(r.files, 2u);
    EXPECT_EQ(of(r, path(0)), expected) << threads << " threads";
    EXPECT_EQ(of(r, path(1)), (V{})) << threads << " threads";
  }
}
