// The three single-number limits: workflow_dispatch inputs, file size, expression length.
#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using wfgen::testing::kJobs;
using wfgen::testing::lint_text;
using V = std::vector<std::string>;

namespace {
std::string dispatch(int n) {
  std::string s = "on:\n  workflow_dispatch:\n    inputs:\n";
  for (int i = 1; i <= n; ++i) s += "      in" + std::to_string(i) + ": {type: string}\n";
  return s + kJobs;
}
}  // namespace

TEST(DispatchInputCountRule, TwentyFiveIsTheLimit) {
  EXPECT_EQ(findings(dispatch(25), "dispatch-input-count"), (V{}));
  EXPECT_EQ(findings(dispatch(27), "dispatch-input-count"),
            (V{"29:7: workflow_dispatch defines 27 inputs; GitHub allows at most 25 (this is "
              "input 26, 'in26')"}));
}

TEST(FileSizeRule, FiveHundredTwelveThousandBytes) {
  std::string text = "on: push\n" + std::string(kJobs);
  std::string at_limit = text + "#" + std::string(512'000 - text.size() - 2, 'x') + "\n";
  ASSERT_EQ(at_limit.size(), 512'000u);
  EXPECT_EQ(findings(at_limit, "file-size"), (V{}));
  EXPECT_EQ(findings(at_limit + "\n", "file-size"),
            (V{"1:1: the file is 512001 bytes; GitHub does not run a workflow file over 512,000 "
              "bytes (500 KB)"}));
  // Even a file that does not parse is measured.
  EXPECT_EQ(findings("[" + at_limit, "file-size").size(), 1u);
}

namespace {
// A run script of `n` bytes holding one expression.
std::string run_script(size_t n) {
  std::string body = "echo ${{ github.sha }}\n";
  while (body.size() < n) body += "echo 0123456789012345678901234567890123456789012345678\n";
  body.resize(n);
  std::string indented;
  for (size_t i = 0; i < body.size(); ++i) {
    if (i == 0 || body[i - 1] == '\n') indented += "          ";
    indented += body[i];
  }
  return "on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n      - run: |\n" + indented + "\n";
}
}  // namespace

TEST(ExpressionLengthRule, AScriptWithAnExpressionIsOneExpression) {
  EXPECT_EQ(findings(run_script(20'000), "expression-length"), (V{}));
  auto f = findings(run_script(21'100), "expression-length");
  ASSERT_EQ(f.size(), 1u);
  // The value is 21,101 bytes (the block keeps its final newline); GitHub evaluates
  // format('<value with {0} for the 17-byte ${{ github.sha }}>', github.sha): 21,109.
  EXPECT_EQ(f[0], "6:14: 'run' is one expression of 21109 characters to GitHub (its text joined "
                  "with its 1 ${{ }} by format()); GitHub allows at most 21,000: move the text "
                  "into a file, or pass the values through env");
}

TEST(ExpressionLengthRule, AValueWithSeveralExpressionsIsReportedOnce) {
  std::string text = run_script(21'100);
  text.replace(text.find("echo 0123"), 4, "echo ${{ github.ref }} ${{ github.actor }}");
  auto f = findings(text, "expression-length");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_NE(f[0].find("with its 3 ${{ }} by format()"), std::string::npos) << f[0];
  // Two long values, one finding each, in file order.
  std::string two = text;
  size_t steps = two.find("      - run: |");
  two.insert(two.size(), two.substr(steps));
  f = findings(two, "expression-length");
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].substr(0, 5), "6:14:");
}

TEST(ExpressionLengthRule, WithoutAnExpressionThereIsNoLimit) {
  std::string text = run_script(30'000);
  size_t at = text.find("${{ github.sha }}");
  text.replace(at, 17, "$GITHUB_SHA");
  EXPECT_EQ(findings(text, "expression-length"), (V{}));
}

TEST(ExpressionLengthRule, EscapesCountAsGitHubWritesThem) {
  // 7,000 quotes and 7,000 braces, each doubled in format('...'): 28,016 characters.
  std::string text = "on: push\nenv:\n  Q: \"" + std::string(7'000, '\'') +
                     std::string(7'000, '{') + "${{ x }}\"\n" + kJobs;
  auto f = findings(text, "expression-length");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].substr(0, 50), "3:6: 'Q' is one expression of 28016 characters to ");
}
