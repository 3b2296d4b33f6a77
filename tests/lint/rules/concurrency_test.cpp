#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using wfgen::testing::kJobs;
using V = std::vector<std::string>;

TEST(ConcurrencyRule, GroupNamesAndMappings) {
  EXPECT_EQ(findings("on: push\nconcurrency: ci-${{ github.ref }}\n" + std::string(kJobs),
                     "concurrency"),
            (V{}));
  EXPECT_EQ(findings("on: push\nconcurrency: {group: g, cancel-in-progress: true, queue: max}\n" +
                         std::string(kJobs),
                     "concurrency"),
            (V{}));
}

TEST(ConcurrencyRule, Mistakes) {
  EXPECT_EQ(findings("on: push\nconcurrency: {cancel-in-progress: true}\n" + std::string(kJobs),
                     "concurrency"),
            (V{"2:14: the concurrency of the workflow needs a 'group'"}));
  EXPECT_EQ(findings("on: push\nconcurrency: {group: g, cancel-in-progress: 'true'}\n" +
                         std::string(kJobs),
                     "concurrency"),
            (V{"2:45: 'cancel-in-progress' must be true, false or a ${{ }} expression, not the "
              "string 'true'"}));
  EXPECT_EQ(findings("on: push\njobs:\n  a:\n    runs-on: x\n    concurrency: {group: g, queue: "
                     "all}\n    steps: [{run: x}]\n",
                     "concurrency"),
            (V{"5:36: 'queue' must be one of single, max, not 'all'"}));
  EXPECT_EQ(findings("on: push\nconcurrency: [g]\n" + std::string(kJobs), "concurrency"),
            (V{"2:14: the concurrency of the workflow must be a group name or a mapping with "
              "'group', not a list"}));
}
