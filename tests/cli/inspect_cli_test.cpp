// `wfgen --version`, and the inspection commands' errors through the CLI: the exact
// message (positioned when it is in a file), the exit code, and nothing on stdout.
#include <gtest/gtest.h>

#include <regex>

#include "support/run_cli.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using wfgen::testing::CliResult;
using wfgen::testing::run_wfgen;

TEST(Cli, VersionIsTheProjectVersion) {
  std::smatch m;
  std::string cmake = wfgen::testing::read_file(wfgen::testing::source_dir() / "CMakeLists.txt");
  ASSERT_TRUE(std::regex_search(cmake, m, std::regex(R"(project\(wfgen VERSION ([0-9.]+))")));
  CliResult r = run_wfgen({"--version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "wfgen " + m[1].str() + "\n");
  EXPECT_EQ(r.err, "");
}

namespace {

class InspectErrors : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::copy(wfgen::testing::source_dir() / "tests/golden/project", dir.path(),
             fs::copy_options::recursive);
  }
  // Expects exit `code`, nothing on stdout and exactly `message` on stderr.
  void expect_error(std::vector<std::string> args, const std::string& message, int code = 1) {
    args.insert(args.begin() + 1, {"-C", dir.path().string()});
    CliResult r = run_wfgen(args);
    EXPECT_EQ(r.exit_code, code);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, message);
  }
  wfgen::testing::TempDir dir;
};

}  // namespace

TEST_F(InspectErrors, Show) {
  expect_error({"show", "cii"},
               "wfgen show: error: no family, output or matrix file is named 'cii' (did you mean "
               "'ci'?)\n");
  expect_error({"show", "ci", "--where", "oss == 1"},
               "wfgen show: error: in --where 'oss == 1': 'oss' is undefined\n");
  expect_error({"show", "--where", "os"}, "wfgen show: error: --where needs a FAMILY, OUTPUT or MATRIX\n");
  expect_error({"show", "--vars"}, "wfgen show: error: --vars needs an OUTPUT\n");
  expect_error({"show", "ci", "--vars"},
               "wfgen show: error: --vars needs one OUTPUT: family 'ci' makes 3 outputs\n");
  expect_error({"show", "lint"},
               "wfgen show: error: family 'lint' has no matrix (--vars shows what its output is "
               "rendered with)\n");
  expect_error({"show", "ci", "--vars", "--where", "x"},
               "wfgen show: error: --where filters rows, not --vars\n");
  expect_error({"show", "ci", "--format", "xml"},
               "--format: xml not in {yaml,json}\nRun with --help for more information.\n", 2);
}

TEST_F(InspectErrors, Graph) {
  expect_error({"graph", "builds.md"},
               "wfgen graph: error: generated/repo/docs/builds.md is not a workflow (not a .yml or "
               ".yaml file)\n");
  expect_error({"graph", "--format", "text"},
               "wfgen graph: error: --format text lists changes: it needs --diff\n");
  expect_error({"graph", "nosuch"},
               "wfgen graph: error: 'nosuch' is no output or family of the project, and no file\n");
  expect_error({"graph", "--diff", "nosuch"},
               "wfgen graph: error: 'nosuch' is no output or family of the project\n");
}

// A mistake in the sources is reported as `generate` reports it: positioned, with a caret.
TEST_F(InspectErrors, SourceErrorsArePositioned) {
  std::string m = wfgen::testing::slurp(dir / "matrices/builds.yml");
  wfgen::testing::spit(dir / "matrices/builds.yml",
                       m.replace(m.find("{os: windows, python"), 3, "{oz"));
  const std::string error =
      "matrices/builds.yml:21:6: error: unknown axis 'oz' (did you mean 'os'?)\n"
      "    - {oz: windows, python: \"3.10\"}\n"
      "       ^\n";
  expect_error({"show", "ci"}, error);
  expect_error({"graph"}, error);
}

// An output name that is the end of several outputs' paths names none of them.
TEST_F(InspectErrors, AmbiguousOutputName) {
  std::string w = wfgen::testing::slurp(dir / "wfgen.yml");
  wfgen::testing::spit(dir / "wfgen.yml", w + "  - name: lint-copy\n    template: lint.yml.j2\n"
                                              "    output: other/.github/workflows/lint.yml\n");
  expect_error({"graph", "workflows/lint.yml"},
               "wfgen: error: 'workflows/lint.yml' names several outputs: "
               "generated/other/.github/workflows/lint.yml, "
               "generated/repo/.github/workflows/lint.yml\n");
  // Its whole path still names one.
  CliResult r = run_wfgen({"graph", "-C", dir.path().string(), "generated/repo/.github/workflows/lint.yml"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}
