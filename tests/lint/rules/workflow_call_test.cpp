#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using wfgen::testing::kJobs;
using V = std::vector<std::string>;

namespace {
std::vector<std::string> call(const std::string& body) {
  return findings("on:\n  workflow_call:\n" + body + kJobs, "workflow-call");
}
}  // namespace

TEST(WorkflowCallRule, AWellFormedInterface) {
  EXPECT_EQ(call("    inputs:\n      a: {type: string, required: true, description: d}\n"
                 "      b: {type: number, default: 2}\n      c: {type: boolean, default: "
                 "${{ github.event_name == 'push' }}}\n"
                 "    outputs:\n      o: {value: '${{ jobs.a.outputs.o }}', description: d}\n"
                 "    secrets:\n      s:\n      t: {required: true}\n"),
            (V{}));
  EXPECT_EQ(findings("on: workflow_call\n" + std::string(kJobs), "workflow-call"), (V{}));
}

TEST(WorkflowCallRule, InputsNeedATypeAndAMatchingDefault) {
  EXPECT_EQ(call("    inputs:\n      a: {required: true}\n"),
            (V{"4:7: input 'a' needs a 'type': boolean, number or string"}));
  EXPECT_EQ(call("    inputs:\n      a: {type: choice}\n"),
            (V{"4:17: input 'a' 'type' must be one of boolean, number, string, not 'choice'"}));
  EXPECT_EQ(call("    inputs:\n      a: {type: boolean, default: 1}\n"),
            (V{"4:35: the default of boolean input 'a' must be true or false, not the number 1"}));
}

TEST(WorkflowCallRule, OutputsNeedAValueSecretsTakeTwoKeys) {
  EXPECT_EQ(call("    outputs:\n      o: {description: d}\n"),
            (V{"4:7: output 'o' needs a 'value' (usually ${{ jobs.<job>.outputs.<name> }})"}));
  EXPECT_EQ(call("    secrets:\n      s: {default: x}\n"),
            (V{"4:11: unknown key 'default' in secret 's' (expected one of: description, "
              "required)"}));
  EXPECT_EQ(call("    secret: {}\n"),
            (V{"3:5: unknown key 'secret' in 'workflow_call' (did you mean 'secrets'?)"}));
}
