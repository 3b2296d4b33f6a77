#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using V = std::vector<std::string>;

namespace {
std::vector<std::string> strategy(const std::string& body) {
  return findings("on: push\njobs:\n  a:\n    runs-on: x\n    steps: [{run: x}]\n    strategy:\n" +
                      body,
                  "strategy");
}
}  // namespace

TEST(StrategyRule, MatricesPass) {
  EXPECT_EQ(strategy("      fail-fast: false\n      max-parallel: 2\n      matrix:\n"
                     "        os: [a, b]\n        cfg: [{x: 1}, {x: 2}]\n"
                     "        exclude: [{os: a, cfg: {x: 1}}]\n        include: [{os: c, extra: 1}]\n"),
            (V{}));
  EXPECT_EQ(strategy("      matrix: ${{ fromJSON(needs.setup.outputs.matrix) }}\n"), (V{}));
  EXPECT_EQ(strategy("      matrix:\n        os: ${{ fromJSON(inputs.os) }}\n"
                     "        exclude: [{anything: 1}]\n"),
            (V{}));
  EXPECT_EQ(strategy("      matrix:\n        include: ${{ fromJSON(x) }}\n"), (V{}));
}

TEST(StrategyRule, MatrixShape) {
  EXPECT_EQ(strategy("      matrix: [a]\n"),
            (V{"7:15: 'matrix' must be a mapping of axes or a ${{ }} expression, not a list"}));
  EXPECT_EQ(strategy("      matrix: {}\n"), (V{"7:15: 'matrix' must define at least one axis"}));
  EXPECT_EQ(strategy("      matrix:\n        os: linux\n"),
            (V{"8:13: matrix axis 'os' must be a list of values or a ${{ }} expression, not the "
              "string 'linux'"}));
  EXPECT_EQ(strategy("      matrix:\n        os: [a]\n        include: [a]\n"),
            (V{"9:19: an item of 'include' must be a mapping, not the string 'a'"}));
  EXPECT_EQ(strategy("      matrix:\n        os: [a]\n        exclude: []\n"),
            (V{"9:18: 'exclude' must not be empty"}));
}

TEST(StrategyRule, ExcludeKeysMustBeAxes) {
  EXPECT_EQ(strategy("      matrix:\n        os: [a, b]\n        exclude:\n          - {os: a, "
                     "arch: x}\n"),
            (V{"10:21: exclude key 'arch' matches no axis of the matrix; GitHub refuses it"}));
}

TEST(StrategyRule, FailFastAndMaxParallel) {
  EXPECT_EQ(strategy("      fail-fast: 'no'\n      max-parallel: 0\n      matrix: {a: [1]}\n"),
            (V{"7:18: 'fail-fast' must be true, false or a ${{ }} expression, not the string 'no'",
              "8:21: 'max-parallel' must be at least 1"}));
  EXPECT_EQ(strategy("      matrix: {a: [1]}\n      fail_fast: true\n"),
            (V{"8:7: unknown key 'fail_fast' in the strategy of job 'a' (did you mean "
              "'fail-fast'?)"}));
}

// Aliases read as what they name (GitHub expands them): `os2: *v` has v's values. A
// problem inside an anchor is reported once, where the anchor is; a job that uses it
// through an alias has it reported at that alias.
TEST(StrategyRule, AliasesAreReadAsWhatTheyName) {
  EXPECT_EQ(strategy("      matrix:\n        os: &v [a, b]\n        os2: *v\n"), (V{}));
  const std::string jobs =
      "on: push\njobs:\n"
      "  a:\n    runs-on: x\n    steps: [{run: x}]\n    strategy:\n      matrix:\n"
      "        os: [a, b]\n        include: &inc\n          - {os: a, extra: 1}\n"
      "        exclude: &exc\n          - {os: b}\n"
      "  b:\n    runs-on: x\n    steps: [{run: x}]\n    strategy:\n      matrix:\n"
      "        os: [a, b]\n        include: *inc\n        exclude: *exc\n";
  EXPECT_EQ(findings(jobs, "strategy"), (V{}));
  const std::string shared =
      "on: push\njobs:\n"
      "  c:\n    runs-on: x\n    steps: [{run: x}]\n    strategy:\n      matrix:\n"
      "        os: [a, b]\n        exclude: [&e {nope: 1}]\n"
      "  d:\n    runs-on: x\n    steps: [{run: x}]\n    strategy:\n      matrix:\n"
      "        os: [a, b]\n        exclude: [*e]\n"
      "  e:\n    runs-on: x\n    steps: [{run: x}]\n    strategy:\n      matrix: &m\n"
      "        os: []\n"
      "  f:\n    runs-on: x\n    steps: [{run: x}]\n    strategy:\n      matrix: *m\n";
  EXPECT_EQ(findings(shared, "strategy"),
            (V{"9:23: exclude key 'nope' matches no axis of the matrix; GitHub refuses it",
               "16:19: exclude key 'nope' matches no axis of the matrix; GitHub refuses it",
               "22:13: matrix axis 'os' must have at least one value",
               "27:15: matrix axis 'os' must have at least one value"}));
}

// A whole strategy reused through an alias: what is wrong inside the anchor is reported
// where it is written, and again at the alias of the job that reuses it.
TEST(StrategyRule, AWholeStrategyAliasReportsAtTheAlias) {
  const std::string jobs =
      "on: push\njobs:\n"
      "  g:\n    runs-on: x\n    steps: [{run: x}]\n    strategy: &s\n"
      "      max-parallel: 0\n      matrix: {os: []}\n      fail_fast: true\n"
      "  h:\n    runs-on: x\n    steps: [{run: x}]\n    strategy: *s\n";
  EXPECT_EQ(findings(jobs, "strategy"),
            (V{"7:21: 'max-parallel' must be at least 1",
               "8:20: matrix axis 'os' must have at least one value",
               "9:7: unknown key 'fail_fast' in the strategy of job 'g' (did you mean "
               "'fail-fast'?)",
               "13:15: 'max-parallel' must be at least 1",
               "13:15: matrix axis 'os' must have at least one value",
               "13:15: unknown key 'fail_fast' in the strategy of job 'h' (did you mean "
               "'fail-fast'?)"}));
}
