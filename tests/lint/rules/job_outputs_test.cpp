#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using V = std::vector<std::string>;

namespace {
std::vector<std::string> outputs(const std::string& o) {
  return findings("on: push\njobs:\n  a:\n    runs-on: x\n    outputs: " + o +
                      "\n    steps: [{run: x}]\n",
                  "job-outputs");
}
}  // namespace

TEST(JobOutputsRule, NamesToStrings) {
  EXPECT_EQ(outputs("{digest: '${{ steps.b.outputs.d }}', n-2: 3}"), (V{}));
}

TEST(JobOutputsRule, Mistakes) {
  EXPECT_EQ(outputs("{}"), (V{"5:14: the outputs of job 'a' must define at least one output"}));
  EXPECT_EQ(outputs("[x]"), (V{"5:14: the outputs of job 'a' must be a mapping, not a list"}));
  EXPECT_EQ(outputs("{'my out': x, o: [1]}"),
            (V{"5:15: output name 'my out' must start with a letter or '_' and hold only letters, "
              "digits, '-' and '_'",
              "5:31: output 'o' must be a string, not a list"}));
}
