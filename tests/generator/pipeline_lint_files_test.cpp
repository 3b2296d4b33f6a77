// What lint reads from disk in a project run stays inside the project (docs/file-safety.md,
// promise 1): a local reusable workflow that is not an output is read through the project
// tree (a link inside followed, a link out refused as a finding at 'uses'), and every
// `lint.interfaces` file of wfgen.yml must be a regular file inside the project: anything
// else is refused at its entry, with its position, when the manifest is read.
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

TEST(ProjectLintInterfaces, FilesAreCheckedAtTheirEntry) {
  TempDir d;
  const fs::path p = d / "p";
  spit(d / "outside.yml", calling("x"));
  spit(p / "interfaces/ok.yml", calling("x"));
  fs::create_directories(p / "interfaces/dir.yml");
  ASSERT_EQ(::mkfifo((p / "interfaces/fifo.yml").c_str(), 0600), 0);
  fs::create_symlink(d / "outside.yml", p / "interfaces/link.yml");
  fs::create_symlink("ok.yml", p / "interfaces/inside.yml");
  const std::string outside = (d / "outside.yml").string();
  auto error_for = [&](const std::string& file) {
    project(p, "x", "lint:\n  interfaces:\n    ./.github/workflows/x.yml: " + file + "\n");
    auto r = run_project(p, Mode::Check);
    return std::to_string(r.exit_code) + " " + r.err;
  };
  auto at = [](const std::string& file, const std::string& message) {
    return "1 wfgen.yml:7:32: error: " + message + "\n      ./.github/workflows/x.yml: " + file +
           "\n                                 ^\n";
  };
  EXPECT_EQ(error_for("../outside.yml"),
            at("../outside.yml", "'../outside.yml' must be a relative path inside the project"));
  EXPECT_EQ(error_for(outside),
            at(outside, "'" + outside + "' must be a relative path inside the project"));
  EXPECT_EQ(error_for("interfaces/link.yml"),
            at("interfaces/link.yml",
               "interface file 'interfaces/link.yml': interfaces/link.yml is a symbolic link to " +
                   outside + ", outside the project directory; wfgen follows no link out of it"));
  EXPECT_EQ(error_for("interfaces/none.yml"),
            at("interfaces/none.yml", "interface file 'interfaces/none.yml' does not exist"));
  EXPECT_EQ(error_for("interfaces/fifo.yml"),
            at("interfaces/fifo.yml",
               "interface file 'interfaces/fifo.yml' is not a regular file (it is a FIFO)"));
  EXPECT_EQ(error_for("interfaces/dir.yml"),
            at("interfaces/dir.yml",
               "interface file 'interfaces/dir.yml' is not a regular file (it is a directory)"));
  // A link inside the project is followed, and the interface read: the callee calls x,
  // which the interface maps to itself, a loop.
  EXPECT_EQ(error_for("interfaces/inside.yml"), "1 ");  // no manifest error; lint's loop
  auto r = run_project(p, Mode::Check);
  ASSERT_EQ(r.lint.findings.size(), 1u) << r.out;
  EXPECT_EQ(r.lint.findings[0].rule, "reusable-limits");
}
