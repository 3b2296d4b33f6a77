#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using V = std::vector<std::string>;

namespace {
std::vector<std::string> steps(const std::string& list) {
  return findings("on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n" + list, "steps");
}
}  // namespace

TEST(StepsRule, ActionAndScriptSteps) {
  EXPECT_EQ(steps("      - uses: actions/checkout@v4\n        with: {fetch-depth: 0, ref: ''}\n"
                  "      - uses: ./local/action\n      - uses: docker://alpine:3\n"
                  "      - uses: org/repo/sub/dir@abc\n"
                  "      - run: make\n        shell: bash\n        working-directory: src\n"
                  "        id: x\n        if: success()\n        continue-on-error: true\n"),
            (V{}));
}

TEST(StepsRule, UsesOrRunButNotBoth) {
  EXPECT_EQ(steps("      - name: x\n"),
            (V{"6:9: step 1 of job 'a' needs 'uses' (an action) or 'run' (a script)"}));
  EXPECT_EQ(steps("      - {uses: a/b@c, run: x}\n"),
            (V{"6:9: step 1 of job 'a' has both 'uses' and 'run': a step runs an action or a "
              "script"}));
}

TEST(StepsRule, KeysOfTheOtherKind) {
  EXPECT_EQ(steps("      - {uses: a/b@c, working-directory: x}\n"),
            (V{"6:23: 'working-directory' is only for a 'run' step; step 1 of job 'a' uses an "
              "action"}));
  EXPECT_EQ(steps("      - {run: x, with: {a: 1}}\n"),
            (V{"6:18: 'with' is only for a step that 'uses' an action; step 1 of job 'a' runs a "
              "script (use 'env' to pass values)"}));
  EXPECT_EQ(steps("      - {run: x, background: true}\n"),
            (V{"6:18: unknown key 'background' in step 1 of job 'a' (expected one of: id, if, "
              "name, uses, run, working-directory, shell, with, env, continue-on-error, "
              "timeout-minutes)"}));
}

TEST(StepsRule, ActionReferences) {
  EXPECT_EQ(steps("      - uses: checkout@v4\n"),
            (V{"6:15: 'uses: checkout@v4' must be OWNER/REPO[/PATH]@REF, ./PATH (an action in "
              "this repository) or docker://IMAGE"}));
  EXPECT_EQ(steps("      - uses: actions/checkout@\n"),
            (V{"6:15: 'uses: actions/checkout@' must be OWNER/REPO[/PATH]@REF, ./PATH (an action "
              "in this repository) or docker://IMAGE"}));
  EXPECT_EQ(steps("      - uses: ${{ matrix.action }}\n"),
            (V{"6:15: 'uses' cannot hold an expression: GitHub resolves actions before the run "
              "starts"}));
}

TEST(StepsRule, Shapes) {
  EXPECT_EQ(steps("      - run: [make]\n"),
            (V{"6:14: step 1 of job 'a' 'run' must be a string, not a list"}));
  EXPECT_EQ(steps("      - uses: a/b@c\n        with: [x]\n"),
            (V{"7:15: step 1 of job 'a' 'with' must be a mapping, not a list"}));
  EXPECT_EQ(steps("      - uses: a/b@c\n        with: {x: {y: 1}}\n"),
            (V{"7:19: input 'x' must be a string, not a mapping"}));
  EXPECT_EQ(steps("      - run\n"), (V{"6:9: step 1 of job 'a' must be a mapping, not the string 'run'"}));
}
