// The inspection commands' whole output, through the CLI, against golden files: `show`
// (YAML, JSON, --where, --vars), `graph` (Mermaid, DOT, one and several workflows, a real
// PyTorch workflow), `graph --diff` after a change of every kind. The project is
// tests/golden/project, copied to a temp dir and generated there.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "golden/golden.h"
#include "support/run_cli.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using wfgen::testing::CliResult;
using wfgen::testing::expect_golden;
using wfgen::testing::run_wfgen;

namespace {

class Golden : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::copy(wfgen::testing::golden_dir() / "project", dir.path(), fs::copy_options::recursive);
    CliResult r = run_wfgen({"generate", "-C", root()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }

  std::string root() const { return dir.path().string(); }

  // Runs `wfgen ARGS -C <project>` and expects exit 0 and nothing on stderr.
  std::string wfgen(std::vector<std::string> args) {
    args.insert(args.begin() + 1, {"-C", root()});
    CliResult r = run_wfgen(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    return r.out;
  }

  void replace(const std::string& file, const std::string& from, const std::string& to) {
    std::string text = wfgen::testing::slurp(dir / file);
    size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from << " is not in " << file;
    wfgen::testing::spit(dir / file, text.replace(at, from.size(), to));
  }

  // One change of every kind a job graph can see (see graph-diff.txt).
  void change_sources() {
    replace("matrices/builds.yml", "python: [\"3.10\", \"3.12\"]",
            "python: [\"3.10\", \"3.11\", \"3.12\"]");  // a workflow added
    replace("matrices/builds.yml", "  - {os: windows, python: \"3.10\"}",
            "  - {os: windows}");  // a workflow removed
    replace("matrices/builds.yml",
            "      - {config: default, shards: 3}\n      - {config: slow, runner: linux.4xlarge}",
            "      - {config: default, shards: 4}\n      - {config: perf, shards: 2}");
    replace("templates/ci.yml.j2", "uses: ./.github/workflows/_test.yml",
            "uses: ./.github/workflows/_test-v2.yml");
    replace("templates/ci.yml.j2", "          - {gpu: h100, dtype: fp8}\n",
            "          - {gpu: h100, dtype: fp8}\n          - {gpu: b200, dtype: fp8}\n");
    replace("templates/ci.yml.j2", "  report:\n    needs: [build, test]\n    if: always()",
            "{% if os == 'linux' %}\n  docs:\n    needs: build\n    runs-on: ubuntu-latest\n"
            "    steps:\n      - run: make docs\n{% endif %}\n{% if not nightly %}\n"
            "  report:\n    needs: [test]\n    if: \"!cancelled()\"");
    replace("templates/ci.yml.j2", "      - run: echo done\n", "      - run: echo done\n{% endif %}\n");
  }

  wfgen::testing::TempDir dir;
};

}  // namespace

TEST_F(Golden, ShowFamilies) {
  expect_golden("show-families.yml", wfgen({"show"}));
  expect_golden("show-families.json", wfgen({"show", "--format", "json"}));
}

TEST_F(Golden, ShowFamilyRows) {
  expect_golden("show-family.yml", wfgen({"show", "ci"}));
  expect_golden("show-family.json", wfgen({"show", "ci", "--format", "json"}));
}

TEST_F(Golden, ShowMatrixWhere) {
  expect_golden("show-matrix-where.yml",
                wfgen({"show", "matrices/builds.yml", "--where", "os == 'linux' and python > '3.10'"}));
}

TEST_F(Golden, ShowOutputRowAndVariables) {
  expect_golden("show-output.yml", wfgen({"show", "ci-linux-py3.12-cuda12.8.yml"}));
  expect_golden("show-vars.yml", wfgen({"show", "ci-linux-py3.12-cuda12.8.yml", "--vars"}));
  // An all_rows output: its rows and tables are its variables.
  expect_golden("show-vars.json", wfgen({"show", "overview", "--vars", "--format", "json"}));
}

TEST_F(Golden, GraphMermaidAndDot) {
  expect_golden("graph.mmd", wfgen({"graph", "ci-linux-py3.12-cuda12.8.yml"}));
  expect_golden("graph.dot", wfgen({"graph", "ci-linux-py3.12-cuda12.8.yml", "--format", "dot"}));
  // Several workflows: one box each.
  expect_golden("graph-two.mmd", wfgen({"graph", "nightly", "lint.yml"}));
  expect_golden("graph-two.dot", wfgen({"graph", "nightly", "lint.yml", "--format", "dot"}));
}

TEST_F(Golden, GraphDiff) {
  EXPECT_EQ(wfgen({"graph", "--diff"}), "wfgen graph --diff: no job graph changes (5 workflows)\n");
  change_sources();
  expect_golden("graph-diff.txt", wfgen({"graph", "--diff"}));
  expect_golden("graph-diff.mmd", wfgen({"graph", "--diff", "--format", "mermaid"}));
  expect_golden("graph-diff-nightly.dot", wfgen({"graph", "--diff", "nightly", "--format", "dot"}));
}

// A real PyTorch workflow as this repository's sources make it; the README shows it.
TEST(GoldenPytorch, InductorPerfNightlyGraph) {
  CliResult r = run_wfgen({"graph", "-C", wfgen::testing::source_dir().string(),
                           "inductor-perf-test-nightly-h100.yml"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_golden("pytorch-inductor-perf-test-nightly-h100.mmd", r.out);
}

// `check --format github` with $GITHUB_STEP_SUMMARY set: the log, and the markdown it
// appends to the summary file (what was there before stays).
TEST_F(Golden, CheckStepSummary) {
  const fs::path summary = dir / "step-summary.md";
  const std::string env = "GITHUB_STEP_SUMMARY=" + wfgen::testing::shell_quote(summary.string());
  wfgen::testing::spit(summary, "earlier step\n");
  CliResult ok = run_wfgen({"check", "-C", root(), "--format", "github"}, {}, env);
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(wfgen::testing::slurp(summary),
            "earlier step\n**wfgen check**: all 6 outputs in sync.\n\n");

  change_sources();
  replace("generated/repo/docs/builds.md", "\n", "\nedited by hand\n");
  wfgen::testing::spit(summary, "");
  CliResult r = run_wfgen({"check", "-C", root(), "--format", "github"}, {}, env);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "");
  expect_golden("check-github.txt", r.out);
  expect_golden("check-summary.md", wfgen::testing::slurp(summary));
}

// The README draws the same workflow in its "wfgen graph" section; it must be what
// `wfgen graph` draws now (paste the command's output there when it changes).
TEST(GoldenPytorch, ReadmeGraphIsCurrent) {
  const std::string readme = wfgen::testing::read_file(wfgen::testing::source_dir() / "README.md");
  const std::string marker = "<!-- build/wfgen graph inductor-perf-test-nightly-h100.yml -->\n```mermaid\n";
  size_t at = readme.find(marker);
  ASSERT_NE(at, std::string::npos) << "README.md has no graph after: " << marker;
  at += marker.size();
  const size_t end = readme.find("```\n", at);
  ASSERT_NE(end, std::string::npos) << "README.md: the mermaid block does not end";
  CliResult r = run_wfgen({"graph", "-C", wfgen::testing::source_dir().string(),
                           "inductor-perf-test-nightly-h100.yml"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(readme.substr(at, end - at), r.out)
      << "README.md's graph is stale: put there what build/wfgen graph "
         "inductor-perf-test-nightly-h100.yml prints";
}
