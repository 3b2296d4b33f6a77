#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using wfgen::testing::kJobs;
using V = std::vector<std::string>;

TEST(DefaultsRule, RunSettings) {
  EXPECT_EQ(findings("on: push\ndefaults: {run: {shell: bash, working-directory: src}}\n" +
                         std::string(kJobs),
                     "defaults"),
            (V{}));
}

TEST(DefaultsRule, Mistakes) {
  EXPECT_EQ(findings("on: push\ndefaults: {shell: bash}\n" + std::string(kJobs), "defaults"),
            (V{"2:12: unknown key 'shell' in the defaults of the workflow (expected one of: run)"}));
  EXPECT_EQ(findings("on: push\ndefaults: {run: {}}\n" + std::string(kJobs), "defaults"),
            (V{"2:17: 'defaults' 'run' must set 'shell' or 'working-directory'"}));
  EXPECT_EQ(findings("on: push\njobs:\n  a:\n    runs-on: x\n    defaults: {run: {shel: sh}}\n"
                     "    steps: [{run: x}]\n",
                     "defaults"),
            (V{"5:22: unknown key 'shel' in 'defaults' 'run' (did you mean 'shell'?)"}));
  EXPECT_EQ(findings("on: push\ndefaults: bash\n" + std::string(kJobs), "defaults"),
            (V{"2:11: the defaults of the workflow must be a mapping, not the string 'bash'"}));
}
