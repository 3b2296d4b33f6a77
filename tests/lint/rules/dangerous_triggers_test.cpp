#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using V = std::vector<std::string>;

TEST(DangerousTriggersRule, CheckingOutThePullRequestInAPrivilegedWorkflow) {
  V got = findings("on: [pull_request_target]\njobs:\n  a:\n    runs-on: x\n    steps:\n"
                   "      - uses: actions/checkout@v4\n"
                   "        with: {ref: '${{ github.event.pull_request.head.sha }}'}\n"
                   "      - uses: actions/checkout@v4\n"
                   "        with: {ref: main}\n",
                   "dangerous-triggers");
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].substr(0, got[0].find(",")),
            "7:21: job 'a' checks out the pull request's code in a pull_request_target workflow");
  EXPECT_EQ(findings("on:\n  workflow_run: {workflows: [ci]}\njobs:\n  a:\n    runs-on: x\n    steps:\n"
                     "      - uses: actions/checkout@v4\n"
                     "        with: {ref: 'refs/pull/${{ github.event.number }}/merge'}\n",
                     "dangerous-triggers")
                .size(),
            1u);
}

TEST(DangerousTriggersRule, OrdinaryTriggersAreFine) {
  EXPECT_EQ(findings("on: pull_request\njobs:\n  a:\n    runs-on: x\n    steps:\n"
                     "      - uses: actions/checkout@v4\n"
                     "        with: {ref: '${{ github.event.pull_request.head.sha }}'}\n",
                     "dangerous-triggers"),
            V{});
}
