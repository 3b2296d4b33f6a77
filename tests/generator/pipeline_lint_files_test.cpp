// What lint reads from disk in a project run stays inside the project (docs/file-safety.md,
// promise 1): a local reusable workflow that is not an output is read through the project
// tree (a link inside followed, a link out refused as a finding at 'uses').
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>

#include "pipeline/pipeline.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using wfgen::pipeline::Mode;
using wfgen::pipeline::run_project;
using wfgen::testing::spit;
using wfgen::testing::TempDir;

namespace {

// A workflow calling `callee` (./.github/workflows/CALLEE.yml).
std::string calling(const std::string& callee) {
  return "on: workflow_call\npermissions: {}\njobs:\n  a:\n    uses: ./.github/workflows/" +
         callee + ".yml\n";
}

// A project in `dir` whose one output, generated/.github/workflows/w1.yml, calls `callee`;
// `lint` is appended to its manifest.
void project(const fs::path& dir, const std::string& callee, const std::string& lint = "") {
  spit(dir / "wfgen.yml",
       "families:\n  - name: f\n    template: t.yml.j2\n    output: .github/workflows/w1.yml\n" +
           lint);
  spit(dir / "templates/t.yml.j2", calling(callee));
}

}  // namespace

TEST(ProjectLintFiles, ACalleeLinkOutOfTheProjectIsNotReadAndIsAFinding) {
  TempDir d;
  const fs::path p = d / "p";
  project(p, "leak");
  spit(d / "outside.yml", calling("leak"));  // read, it would make a loop finding
  fs::create_directories(p / "generated/.github/workflows");
  fs::create_symlink(d / "outside.yml", p / "generated/.github/workflows/leak.yml");
  ASSERT_EQ(run_project(p, Mode::Generate).exit_code, 1);
  auto r = run_project(p, Mode::Check);
  EXPECT_EQ(r.exit_code, 1);
  const std::string first = r.out.substr(0, r.out.find("  note:"));
  EXPECT_EQ(first,
            "generated/.github/workflows/w1.yml: missing: the sources make it but it is not "
            "committed\n"
            "generated/.github/workflows/w1.yml:6:11: error: the called workflow is not read: "
            "generated/.github/workflows/leak.yml: is a symbolic link to " +
                (d / "outside.yml").string() +
                ", outside the project directory; wfgen follows no link out of it "
                "[reusable-call]\n"
                "      uses: ./.github/workflows/leak.yml\n"
                "            ^\n");
  EXPECT_EQ(r.lint.findings.size(), 1u);
}

TEST(ProjectLintFiles, ACalleeLinkInsideTheProjectIsFollowed) {
  TempDir d;
  const fs::path p = d / "p";
  project(p, "inside");
  spit(p / "callees/inside.yml", calling("inside"));  // calls itself: found only if read
  fs::create_directories(p / "generated/.github/workflows");
  fs::create_symlink("../../../callees/inside.yml", p / "generated/.github/workflows/inside.yml");
  auto r = run_project(p, Mode::Check);
  ASSERT_EQ(r.lint.findings.size(), 1u) << r.out;
  const auto& f = r.lint.findings[0];
  EXPECT_EQ(f.rule, "reusable-limits");
  EXPECT_EQ(std::to_string(f.line) + ":" + std::to_string(f.col) + ": " + f.message,
            "6:11: the reusable workflows this call reaches call each other in a loop "
            "(inside.yml -> inside.yml); GitHub does not permit loops");
}
