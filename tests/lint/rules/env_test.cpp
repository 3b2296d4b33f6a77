#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using wfgen::testing::kJobs;
using V = std::vector<std::string>;

TEST(EnvRule, PlainValuesAndExpressions) {
  EXPECT_EQ(findings("on: push\nenv: {A: x, B: 1, C: true, D: '', E: '${{ x }}'}\n" +
                         std::string(kJobs),
                     "env"),
            (V{}));
  EXPECT_EQ(findings("on: push\njobs:\n  a:\n    runs-on: x\n    env: ${{ fromJSON(vars.ENV) }}\n"
                     "    steps: [{run: x}]\n",
                     "env"),
            (V{}));
}

TEST(EnvRule, AVariableWithoutAValue) {
  EXPECT_EQ(findings("on: push\nenv:\n  A:\n" + std::string(kJobs), "env"),
            (V{"3:3: variable 'A' has no value: write '' for an empty one"}));
}

TEST(EnvRule, EveryPlaceEnvAppears) {
  EXPECT_EQ(findings("on: push\nenv: [A]\njobs:\n  a:\n    runs-on: x\n    env: {'A=B': 1}\n"
                     "    container: {image: i, env: {X: {y: 1}}}\n"
                     "    services: {db: {image: p, env: {P: [1]}}}\n"
                     "    steps: [{run: x, env: {'': 1}}]\n",
                     "env"),
            (V{"2:6: the env of the workflow must be a mapping of variables or a ${{ }} expression, "
              "not a list",
              "6:11: 'A=B' cannot be an environment variable name (no '=' or whitespace)",
              "7:36: variable 'X' must be a string, number or boolean, not a mapping",
              "8:40: variable 'P' must be a string, number or boolean, not a list",
              "9:28: '' cannot be an environment variable name (no '=' or whitespace)"}));
}
