#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using V = std::vector<std::string>;

TEST(IdsRule, ValidIds) {
  EXPECT_EQ(findings("on: push\njobs:\n  _build-1:\n    runs-on: x\n    steps:\n"
                     "      - {id: a_1, run: x}\n      - {id: b-2, run: y}\n"
                     "      - {id: '${{ matrix.id }}', run: z}\n",
                     "ids"),
            (V{}));
}

TEST(IdsRule, BadJobIds) {
  EXPECT_EQ(findings("on: push\njobs:\n  9lives: {}\n  -x: {}\n  a.b: {}\n", "ids"),
            (V{"3:3: job id '9lives' must start with a letter or '_'",
              "4:3: job id '-x' must start with a letter or '_'",
              "5:3: job id 'a.b' may hold only letters, digits, '-' and '_'"}));
}

TEST(IdsRule, StepIds) {
  EXPECT_EQ(findings("on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n      - {id: 'my step', "
                     "run: x}\n      - {id: dup, run: x}\n      - {id: DUP, run: y}\n",
                     "ids"),
            (V{"6:14: step id 'my step' may hold only letters, digits, '-' and '_'",
              "8:14: step id 'DUP' is already used in job 'a' (line 7)"}));
}
