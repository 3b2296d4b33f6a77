// Lint inside generate and check: an error in any output means nothing is written, every
// finding names the template and matrix row behind the file, warnings do not block,
// waivers from wfgen.yml apply, check reports lint findings along with drift.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "lint/report.h"
#include "pipeline/pipeline.h"
#include "support/shared_dir.h"
#include "support/text_position.h"

namespace fs = std::filesystem;
using wfgen::pipeline::Format;
using wfgen::pipeline::Mode;
using wfgen::pipeline::run_project;

namespace {

void spit(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// "LINE:COL" of the first `needle` in the file at `path`.
std::string where(const fs::path& path, const std::string& needle) {
  auto p = wfgen::testing::position_of(wfgen::testing::read_file(path), needle);
  EXPECT_GT(p.line, 0) << needle << " is not in " << path;
  return std::to_string(p.line) + ":" + std::to_string(p.col);
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
         "    steps:\n      - run: echo ${{ github.sha }}\n"
         "permissions: {contents: read}\n");
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
            "  note: templates/job.yml.j2:" + where(root / "templates/job.yml.j2", "extra }}") +
                ": the value of 'extra' written here (family 'jobs')\n"
            "  note: matrices/jobs.yml:" + where(root / "matrices/jobs.yml", "{name: b") +
                ": row 2 of this matrix made this file\n"
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
  EXPECT_NE(r.err.find("[duplicate-key] (waived)\n"
                       "waived: 1 duplicate-key finding: the runner is chosen by a later step\n"),
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

// Clean: no error and no warning; what the real upstream workflows have too is waived in
// wfgen.yml, each with its reason.
TEST(ProjectLint, ThisRepositoryLintsClean) {
  auto r = run_project(wfgen::testing::source_dir(), Mode::Check);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(r.lint.count(wfgen::lint::Severity::Error), 0u);
  EXPECT_EQ(r.lint.count(wfgen::lint::Severity::Warning), 0u);
  EXPECT_EQ(r.lint.waived(), r.lint.findings.size());
  for (const auto& f : r.lint.findings) EXPECT_FALSE(f.waiver->empty()) << f.file << ":" << f.line;
  EXPECT_GE(r.lint.files, 8u);
}

// The source map: a finding's notes name the template line:col that wrote its line, the
// macro call on the way, and the row, in every format.
TEST_F(LintedProject, AFindingNamesTheTemplateLineThatWroteItAndTheRow) {
  spit(root / "templates/job.yml.j2",
       "name: !{{ name }}\non: push\njobs:\n  run:\n    runs-on: ubuntu-latest\n"
       "{% if extra %}\n    runs-on: macos-14\n{% endif %}\n"
       "    steps:\n      - run: echo ${{ github.sha }}\npermissions: {contents: read}\n");
  const std::string tmpl = "templates/job.yml.j2:" + where(root / "templates/job.yml.j2",
                                                           "runs-on: macos-14");
  const std::string row = "matrices/jobs.yml:" + where(root / "matrices/jobs.yml", "{name: b");

  auto r = run_project(root, Mode::Generate);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("[duplicate-key]\n      runs-on: macos-14\n      ^\n"
                       "  note: generated/job-b.yml:6:5: 'runs-on' is first defined here\n"
                       "  note: " + tmpl + ": this line is written by the template here "
                       "(family 'jobs')\n"
                       "  note: " + row + ": row 2 of this matrix made this file\n"),
            std::string::npos)
      << r.err;

  auto gh = run_project(root, Mode::Check, Format::Github);
  EXPECT_NE(gh.out.find("%0Anote: " + tmpl + ": this line is written by the template here"),
            std::string::npos)
      << gh.out;

  auto js = nlohmann::json::parse(run_project(root, Mode::Check, Format::Json).out);
  const auto& notes = js["lint"]["findings"][0]["notes"];
  ASSERT_EQ(notes.size(), 3u) << notes.dump();
  EXPECT_EQ(notes[1]["file"], "templates/job.yml.j2");
  EXPECT_EQ(std::to_string(notes[1]["line"].get<int>()) + ":" +
                std::to_string(notes[1]["col"].get<int>()),
            where(root / "templates/job.yml.j2", "runs-on: macos-14"));

  auto sarif = nlohmann::json::parse(wfgen::lint::format_report(r.lint, wfgen::lint::Format::Sarif));
  const auto& related = sarif["runs"][0]["results"][0]["relatedLocations"];
  ASSERT_EQ(related.size(), 3u) << related.dump();
  const auto& at = related[1]["physicalLocation"];
  EXPECT_EQ(at["artifactLocation"]["uri"], "templates/job.yml.j2");
  EXPECT_EQ(std::to_string(at["region"]["startLine"].get<int>()) + ":" +
                std::to_string(at["region"]["startColumn"].get<int>()),
            where(root / "templates/job.yml.j2", "runs-on: macos-14"));
  EXPECT_EQ(related[2]["physicalLocation"]["artifactLocation"]["uri"], "matrices/jobs.yml");
}

TEST_F(LintedProject, AKeyWrittenByAMacroNamesTheMacroAndItsCallSite) {
  spit(root / "templates/fields.j2", "{% macro field(k, v) %}\n    !{{ k }}: !{{ v }}\n{% endmacro %}\n");
  spit(root / "templates/job.yml.j2",
       "{% from 'fields.j2' import field %}\n"
       "name: !{{ name }}\non: push\njobs:\n  run:\n    runs-on: ubuntu-latest\n"
       "{% if extra %}\n!{{ field('runs-on', 'macos-14') }}{% endif %}\n"
       "    steps:\n      - run: echo ${{ github.sha }}\npermissions: {contents: read}\n");
  auto r = run_project(root, Mode::Generate);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("  note: templates/fields.j2:" + where(root / "templates/fields.j2", "k }}") +
                       ": the value of 'k' written here (family 'jobs')\n"
                       "  note: templates/job.yml.j2:" +
                       where(root / "templates/job.yml.j2", "field('runs-on'") +
                       ": called from here\n"
                       "  note: matrices/jobs.yml:" + where(root / "matrices/jobs.yml", "{name: b") +
                       ": row 2 of this matrix made this file\n"),
            std::string::npos)
      << r.err;
}

// README's example: `runner_prefix: x` under a perf build's `with:` makes the key twice;
// generate refuses, naming the macro line that wrote it, the template's call and the row.
TEST(ProjectLint, TheReadmeDuplicateKeyNamesTemplateLineAndRow) {
  const fs::path src = wfgen::testing::source_dir();
  const fs::path root = fs::temp_directory_path() / ("wfgen-readme-dup-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root);
  fs::copy_file(src / "wfgen.yml", root / "wfgen.yml");
  fs::copy(src / "templates", root / "templates", fs::copy_options::recursive);
  fs::copy(src / "matrices", root / "matrices", fs::copy_options::recursive);
  const fs::path matrix = root / "matrices/pytorch/perf_nightly.yml";
  std::string text = wfgen::testing::read_file(matrix);
  const std::string runner = "          runner: linux.arm64.m7g.4xlarge\n";
  ASSERT_NE(text.find(runner), std::string::npos);
  text.insert(text.find(runner), "          runner_prefix: x\n");  // the first key of `with:`
  spit(matrix, text);

  auto r = run_project(root, Mode::Generate);
  EXPECT_EQ(r.exit_code, 1);
  const std::string out = "generated/pytorch/.github/workflows/inductor-perf-test-nightly-aarch64.yml";
  EXPECT_NE(r.err.find(out + ":74:7: error: key 'runner_prefix' is defined twice in this mapping "
                       "(first at line 73) [duplicate-key]\n"),
            std::string::npos)
      << r.err;
  // scalar() wrote the key, called by mapping(), called by the perf template.
  EXPECT_NE(r.err.find("  note: templates/common.yml.j2:" +
                       where(root / "templates/common.yml.j2", "v }}\n{%- endif") +
                       ": the value of 'v' written here (family 'perf-nightly')\n"
                       "  note: templates/common.yml.j2:" +
                       where(root / "templates/common.yml.j2", "scalar(key) }}: ") +
                       ": called from here\n"
                       "  note: templates/pytorch/perf_nightly.yml.j2:" +
                       where(root / "templates/pytorch/perf_nightly.yml.j2", "mapping(build.with,") +
                       ": called from here\n"
                       "  note: matrices/pytorch/perf_nightly.yml:" +
                       where(matrix, "target: aarch64") + ": row 1 of this matrix made this file\n"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(root / "generated"));
  fs::remove_all(root);
}
