#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using V = std::vector<std::string>;

namespace {
std::vector<std::string> timeouts(const std::string& job, const std::string& step) {
  return findings("on: push\njobs:\n  a:\n    runs-on: x\n    timeout-minutes: " + job +
                      "\n    steps:\n      - run: x\n        timeout-minutes: " + step + "\n",
                  "timeout-minutes");
}
}  // namespace

TEST(TimeoutMinutesRule, NumbersAndExpressions) {
  EXPECT_EQ(timeouts("30", "${{ inputs.t }}"), (V{}));
  EXPECT_EQ(timeouts("0.5", "1e2"), (V{}));
}

TEST(TimeoutMinutesRule, Mistakes) {
  EXPECT_EQ(timeouts("'30'", "0"),
            (V{"5:22: the timeout-minutes of job 'a' must be a number or a ${{ }} expression, not "
              "the string '30'",
              "8:26: the timeout-minutes of step 1 of job 'a' must be more than 0, not 0"}));
  EXPECT_EQ(timeouts("-5", "ten ${{ x }}"),
            (V{"5:22: the timeout-minutes of job 'a' must be more than 0, not -5",
              "8:26: the timeout-minutes of step 1 of job 'a' must be a number or a ${{ }} "
              "expression, not the string 'ten ${{ x }}'"}));
}
