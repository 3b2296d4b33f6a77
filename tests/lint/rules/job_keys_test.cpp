#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using V = std::vector<std::string>;

namespace {
std::vector<std::string> jobs(const std::string& body) {
  return findings("on: push\njobs:\n" + body, "job-keys");
}
}  // namespace

TEST(JobKeysRule, StepJobsAndCallJobsPass) {
  EXPECT_EQ(jobs("  a:\n    name: A\n    runs-on: [self-hosted, x64]\n    needs: b\n"
                 "    if: always()\n    continue-on-error: ${{ matrix.x }}\n"
                 "    environment: prod\n    container: node:20\n"
                 "    services: {db: {image: pg, command: --x}}\n    steps: [{run: x}]\n"
                 "  b:\n    uses: o/r/.github/workflows/w.yml@v1\n    needs: [a]\n"
                 "    with: {x: 1}\n    secrets: inherit\n"
                 "  c:\n    runs-on: {group: big, labels: [linux]}\n    steps: [{run: x}]\n"),
            (V{}));
}

TEST(JobKeysRule, ExactlyOneOfRunsOnAndUses) {
  EXPECT_EQ(jobs("  a:\n    steps: [{run: x}]\n"),
            (V{"3:3: job 'a' needs 'runs-on' (to run steps) or 'uses' (to call a reusable "
              "workflow)"}));
  EXPECT_EQ(jobs("  a:\n    uses: ./.github/workflows/w.yml\n    runs-on: x\n"),
            (V{"5:5: job 'a' has both 'runs-on' and 'uses': a job runs steps or calls a reusable "
              "workflow, not both"}));
}

TEST(JobKeysRule, KeysOfTheOtherKind) {
  EXPECT_EQ(jobs("  a:\n    uses: ./.github/workflows/w.yml\n    timeout-minutes: 5\n"),
            (V{"5:5: 'timeout-minutes' is not allowed in job 'a', which calls a reusable workflow "
              "(the called workflow's jobs set it)"}));
  EXPECT_EQ(jobs("  a:\n    runs-on: x\n    with: {a: 1}\n    steps: [{run: x}]\n"),
            (V{"5:5: 'with' is only for a job that calls a reusable workflow with 'uses'"}));
  EXPECT_EQ(jobs("  a:\n    runs-on: x\n    step: [{run: x}]\n"),
            (V{"3:3: job 'a' has no 'steps': GitHub refuses a job with no steps and no 'uses'",
              "5:5: unknown key 'step' in job 'a' (did you mean 'steps'?)"}));
}

TEST(JobKeysRule, Shapes) {
  EXPECT_EQ(jobs("  a: run\n"), (V{"3:6: job 'a' must be a mapping of its keys, not the string 'run'"}));
  EXPECT_EQ(jobs("  a:\n    runs-on: []\n    steps: [{run: x}]\n"),
            (V{"4:14: 'runs-on' must name at least one label"}));
  EXPECT_EQ(jobs("  a:\n    runs-on: {labels: x, size: 2}\n    steps: [{run: x}]\n"),
            (V{"4:26: unknown key 'size' in 'runs-on' (expected one of: group, labels)"}));
  EXPECT_EQ(jobs("  a:\n    runs-on: x\n    continue-on-error: 'true'\n    steps: [{run: x}]\n"),
            (V{"5:24: job 'a' 'continue-on-error' must be true, false or a ${{ }} expression, not "
              "the string 'true'"}));
  EXPECT_EQ(jobs("  a:\n    runs-on: x\n    services: {db: postgres}\n    steps: [{run: x}]\n"),
            (V{"5:20: service 'db' must be a mapping, not the string 'postgres'"}));
  EXPECT_EQ(jobs("  a:\n    runs-on: x\n    environment: {name: e, urls: u}\n    steps: [{run: x}]\n"),
            (V{"5:28: unknown key 'urls' in job 'a' 'environment' (did you mean 'url'?)"}));
}

TEST(JobKeysRule, AMergeKeyLeavesTheJobToYamlUnsupported) {
  EXPECT_EQ(jobs("  base: &b {runs-on: x, steps: [{run: x}]}\n  a:\n    <<: *b\n"), (V{}));
}
