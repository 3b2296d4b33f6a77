// `wfgen check`'s step summary through the CLI: written only with --format github and
// $GITHUB_STEP_SUMMARY set, never on a usage error; names escaped for markdown; a check
// that cannot run says why; a summary file that cannot be written is an error. And the
// diff bounds: per file, per run, and --full-diff.
#include <gtest/gtest.h>


#include "generator/project_fixture.h"
#include "support/run_cli.h"

namespace fs = std::filesystem;
using wfgen::testing::CliResult;
using wfgen::testing::run_wfgen;
using wfgen::testing::slurp;
using wfgen::testing::spit;

namespace {

class CheckSummary : public wfgen::testing::Project {
 protected:
  // `wfgen check ARGS -C root` with the summary file set.
  CliResult run(std::vector<std::string> args) {
    args.insert(args.begin(), {"check", "-C", root.string()});
    return run_wfgen(args, {}, "GITHUB_STEP_SUMMARY=" + wfgen::testing::shell_quote(summary().string()));
  }
  fs::path summary() const { return root / "summary.md"; }
};

}  // namespace

TEST_F(CheckSummary, NothingOnAUsageErrorOrWithoutGithubFormat) {
  CliResult r = run({"--format", "markdown"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--format: markdown not in {text,github,json}"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(summary()));
  r = run({"--bogus", "--format", "github"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_FALSE(fs::exists(summary()));
  r = run({});  // text format: the log only
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_FALSE(fs::exists(summary()));
  // github format without the variable: the log only.
  r = run_wfgen({"check", "-C", root.string(), "--format", "github"}, {}, "GITHUB_STEP_SUMMARY=");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_FALSE(fs::exists(summary()));
}

TEST_F(CheckSummary, NamesAreEscapedForMarkdown) {
  spit(root / "matrices/jobs.yml",
       "fields: {name: string, runner: {type: string, default: ubuntu-latest}}\n"
       "entries:\n  - {name: \"a|b`c*<x>\"}\n");
  CliResult r = run({"--format", "github"});
  EXPECT_EQ(r.exit_code, 1);
  const std::string md = slurp(summary());
  EXPECT_NE(md.find("| generated/job-a\\|b\\`c\\*\\<x\\>.yml | missing: the sources make it but it "
                    "is not committed |\n"),
            std::string::npos)
      << md;
  // In a code block it stays as it is.
  EXPECT_NE(md.find("```text\ngenerated/all.yml: new workflow, 1 job\n  + job a|b`c*<x>"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("To fix it, run\n\n```sh\n./regenerate.sh\n```\n\nand commit the result.\n"),
            std::string::npos)
      << md;
}

// A diff that holds a fence of its own cannot close the summary's: the fence is longer.
TEST_F(CheckSummary, DiffFencesOutlastTheDiff) {
  ASSERT_EQ(generate().exit_code, 0);
  spit(root / "templates/job.yml.j2",
       "name: !{{ name }}\non: push\njobs:\n  run:\n    runs-on: !{{ runner }}\n"
       "    steps:\n      - run: echo '````'\n");
  CliResult r = run({"--format", "github"});
  EXPECT_EQ(r.exit_code, 1);
  const std::string md = slurp(summary());
  EXPECT_NE(md.find("\n`````diff\n--- generated/job-a.yml (committed)\n"), std::string::npos) << md;
  EXPECT_NE(md.find("+      - run: echo '````'\n`````\n"), std::string::npos) << md;
}

TEST_F(CheckSummary, ACheckThatCannotRunSaysWhy) {
  spit(root / "templates/job.yml.j2", "!{{ oops(\n");
  CliResult r = run({"--format", "github"});
  EXPECT_EQ(r.exit_code, 1);
  const std::string md = slurp(summary());
  EXPECT_EQ(md.substr(0, md.find("```text\n") + 8),
            "## wfgen check: error\n\nThe check could not run:\n\n```text\n");
  // The error's excerpt is printed where the runner reads no workflow command.
  const std::string stop = "::stop-commands::wfgen-resume-0\n";
  ASSERT_EQ(r.err.substr(0, stop.size()), stop);
  const std::string resume = "::wfgen-resume-0::\n";
  EXPECT_EQ(r.err.substr(r.err.size() - resume.size()), resume);
  const std::string first = r.err.substr(stop.size(), r.err.find('\n', stop.size()) + 1 - stop.size());
  EXPECT_NE(md.find(first), std::string::npos) << md << r.err;
}

TEST_F(CheckSummary, AnUnwritableSummaryIsAnError) {
  ASSERT_EQ(generate().exit_code, 0);
  fs::create_directories(summary());
  CliResult r = run({"--format", "github"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "wfgen check: error: cannot append the step summary to " + summary().string() +
                       " ($GITHUB_STEP_SUMMARY): Is a directory\n");
}

// 30 drifted files, 8 hunk lines each (the marker line and the name changed), with
// bounds of 3 lines per file and 10 in all: the first three files show 3 lines, the fourth
// 1, the others none; each says how many it left out, and the report the total.
TEST_F(CheckSummary, DiffLinesAreBoundedPerFileAndPerRun) {
  std::string entries;
  for (int i = 0; i < 30; ++i) entries += "  - {name: j" + std::to_string(100 + i) + "}\n";
  spit(root / "matrices/jobs.yml",
       "fields: {name: string, runner: {type: string, default: ubuntu-latest}}\nentries:\n" + entries);
  ASSERT_EQ(generate().exit_code, 0);
  spit(root / "templates/job.yml.j2",
       "name: !{{ name }} changed\non: push\njobs:\n  run:\n    runs-on: !{{ runner }}\n"
       "    steps:\n      - run: echo ${{ github.sha }}\npermissions: {contents: read}\n");
  wfgen::pipeline::RunOptions opt;
  opt.diff_lines_per_file = 3;
  opt.diff_lines_per_run = 10;
  auto r = wfgen::pipeline::run_project(root, wfgen::pipeline::Mode::Check, opt);
  EXPECT_EQ(r.exit_code, 1);
  auto count = [&](const std::string& what) {
    size_t n = 0;
    for (size_t at = r.out.find(what); at != std::string::npos; at = r.out.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("@@ -1,6 +1,6 @@\n"), 4u) << r.out;
  EXPECT_EQ(count("\n... (5 more diff lines)\n"), 3u) << r.out;
  EXPECT_EQ(count("\n... (7 more diff lines)\n"), 1u) << r.out;
  EXPECT_EQ(count("\n... (8 more diff lines)\n"), 26u) << r.out;
  EXPECT_NE(r.out.find(" # Edit the sources, then run ./regenerate.sh.\n... (5 more diff lines)\n"
                       "generated/job-j101.yml: out of date"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("generated/job-j104.yml: out of date: the sources changed since it was "
                       "generated\n... (8 more diff lines)\ngenerated/job-j105.yml"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("wfgen check: 230 diff lines not shown (at most 3 per file and 10 in all); "
                       "wfgen check --full-diff shows every line\n"),
            std::string::npos)
      << r.out;

  // --full-diff: every line, no note.
  CliResult full = run_wfgen({"check", "-C", root.string(), "--full-diff"});
  EXPECT_EQ(full.exit_code, 1);
  EXPECT_EQ(full.out.find("more diff lines"), std::string::npos);
  EXPECT_EQ(full.out.find("not shown"), std::string::npos);
  EXPECT_NE(full.out.find("-name: j129\n+name: j129 changed\n"), std::string::npos);
}
