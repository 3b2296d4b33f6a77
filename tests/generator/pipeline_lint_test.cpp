// Lint inside generate and check: an error in any output means nothing is written, every
// finding names the template and matrix row behind the file, warnings do not block,
// waivers from wfgen.yml apply, check reports lint findings along with drift.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "pipeline/pipeline.h"
#include "support/shared_dir.h"

namespace fs = std::filesystem;
using wfgen::pipeline::Format;
using wfgen::pipeline::Mode;
using wfgen::pipeline::run_project;

namespace {

void spit(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

class LintedProject : public ::testing::Test {
 protected:
  void SetUp() override {
    root = fs::temp_directory_path() /
           ("wfgen-pipeline-lint-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root);
    manifest("");
    spit(root / "matrices/jobs.yml",
         "fields: {name: string, cron: {type: string, default: '0 7 * * *'}, extra: "
         "{type: string, default: ''}}\n"
         "entries:\n  - {name: a}\n  - {name: b, extra: 'runs-on: macos-14'}\n");
    spit(root / "templates/job.yml.j2",
         "name: !{{ name }}\non:\n  schedule:\n    - cron: '!{{ cron }}'\njobs:\n  run:\n"
         "    runs-on: ubuntu-latest\n{% if extra %}\n    !{{ extra }}\n{% endif %}\n"
         "    steps:\n      - run: echo ${{ github.sha }}\n");
  }
  void TearDown() override { fs::remove_all(root); }

  void manifest(const std::string& lint) {
    spit(root / "wfgen.yml",
         "engine: {variable_start: '!{{', trim_blocks: true, lstrip_blocks: true}\n"
         "families:\n  - name: jobs\n    template: job.yml.j2\n    matrix: matrices/jobs.yml\n"
         "    output: \"job-!{{ name }}.yml\"\n" +
             lint);
  }

  fs::path root;
};

}  // namespace

TEST_F(LintedProject, AnErrorInOneOutputMeansNothingIsWritten) {
  auto r = run_project(root, Mode::Generate);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "generated/job-b.yml:9:5: error: key 'runs-on' is defined twice in this mapping "
            "(first at line 8) [duplicate-key]\n"
            "      runs-on: macos-14\n      ^\n"
            "  note: generated/job-b.yml:8:5: 'runs-on' is first defined here\n"
            "  note: templates/job.yml.j2: the template that renders this file (family 'jobs')\n"
            "  note: matrices/jobs.yml:4:5: row 2 of this matrix made this file\n"
            "wfgen lint: 2 files, 1 error, 0 warnings\n"
            "wfgen generate: nothing was written\n");
  EXPECT_FALSE(fs::exists(root / "generated"));
  ASSERT_EQ(r.lint.findings.size(), 1u);
}

TEST_F(LintedProject, WarningsAreShownButDoNotBlock) {
  spit(root / "matrices/jobs.yml",
       "fields: {name: string, cron: {type: string, default: '0 7 * * *'}, extra: "
       "{type: string, default: ''}}\n"
       "entries:\n  - {name: a, cron: '*/2 * * * *'}\n");
  auto r = run_project(root, Mode::Generate);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "created generated/job-a.yml\nwfgen generate: 1 outputs, 1 change\n");
  EXPECT_EQ(r.err.substr(0, r.err.find('\n')),
            "generated/job-a.yml:5:13: warning: cron '*/2 * * * *' asks for runs less than 5 "
            "minutes apart; GitHub runs a schedule at most every 5 minutes [schedule]");
  EXPECT_NE(r.err.find("wfgen lint: 1 file, 0 errors, 1 warning\n"), std::string::npos);
}

TEST_F(LintedProject, AFamilyWaiverLetsGenerateWriteAndListsTheFinding) {
  manifest("lint:\n  waivers:\n    - rule: duplicate-key\n      family: jobs\n"
           "      reason: the runner is chosen by a later step\n");
  auto r = run_project(root, Mode::Generate);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(root / "generated/job-b.yml"));
  EXPECT_NE(r.err.find("[duplicate-key] (waived: the runner is chosen by a later step)\n"),
            std::string::npos)
      << r.err;
}

TEST_F(LintedProject, CheckReportsLintFindingsAlongWithDrift) {
  manifest("lint:\n  waivers:\n    - {rule: duplicate-key, file: generated/job-b.yml, reason: r}\n");
  ASSERT_EQ(run_project(root, Mode::Generate).exit_code, 0);
  manifest("");  // the waiver is gone: check must fail on the finding, with nothing drifted
  auto r = run_project(root, Mode::Check);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("generated/job-b.yml:9:5: error: key 'runs-on' is defined twice"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("wfgen lint: 2 files, 1 error, 0 warnings\n"
                       "wfgen check: all 2 outputs in sync\n"),
            std::string::npos)
      << r.out;

  auto gh = run_project(root, Mode::Check, Format::Github);
  EXPECT_NE(gh.out.find("::error file=generated/job-b.yml,line=9,col=5,title=duplicate-key::"),
            std::string::npos)
      << gh.out;

  auto js = run_project(root, Mode::Check, Format::Json);
  auto j = nlohmann::json::parse(js.out);
  EXPECT_EQ(j["ok"], false);
  EXPECT_EQ(j["files"].size(), 0u);
  EXPECT_EQ(j["lint"]["errors"], 1);
  EXPECT_EQ(j["lint"]["findings"][0]["notes"][2]["file"], "matrices/jobs.yml");
}

TEST_F(LintedProject, ABadLintSectionIsAManifestError) {
  manifest("lint:\n  waivers:\n    - {rule: nope, family: jobs, reason: r}\n");
  auto r = run_project(root, Mode::Check);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.substr(0, r.err.find('\n')),
            "wfgen.yml:9:14: error: unknown rule 'nope'");
}

TEST(ProjectLint, ThisRepositoryLintsClean) {
  auto r = run_project(wfgen::testing::source_dir(), Mode::Check);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_TRUE(r.lint.findings.empty());
  EXPECT_GE(r.lint.files, 8u);
}
