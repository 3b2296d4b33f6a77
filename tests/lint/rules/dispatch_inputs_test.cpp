#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using wfgen::testing::kJobs;
using V = std::vector<std::string>;

namespace {
std::vector<std::string> inputs(const std::string& body) {
  return findings("on:\n  workflow_dispatch:\n    inputs:\n" + body + kJobs, "dispatch-inputs");
}
}  // namespace

TEST(DispatchInputsRule, EveryTypeWithItsDefault) {
  EXPECT_EQ(inputs("      a: {type: string, default: x, description: d, required: true}\n"
                   "      b: {type: boolean, default: false}\n"
                   "      c: {type: number, default: 3}\n"
                   "      d: {type: choice, options: [x, y], default: y}\n"
                   "      e: {type: environment}\n      f:\n        description: no type\n"),
            (V{}));
  EXPECT_EQ(findings("on:\n  workflow_dispatch:\n" + std::string(kJobs), "dispatch-inputs"), (V{}));
}

TEST(DispatchInputsRule, Defaults) {
  EXPECT_EQ(inputs("      a: {type: boolean, default: 'true'}\n"),
            (V{"4:35: the default of boolean input 'a' must be true or false, not the string "
              "'true'"}));
  EXPECT_EQ(inputs("      a: {type: string, default: 5}\n"),
            (V{"4:34: the default of string input 'a' must be a string, not the number 5 (quote "
              "it)"}));
  EXPECT_EQ(inputs("      a: {type: number, default: five}\n"),
            (V{"4:34: the default of number input 'a' must be a number, not the string 'five'"}));
  EXPECT_EQ(inputs("      a: {type: choice, options: [x, y], default: z}\n"),
            (V{"4:51: the default 'z' of input 'a' is not one of its options"}));
}

TEST(DispatchInputsRule, OptionsBelongToChoices) {
  EXPECT_EQ(inputs("      a: {type: choice}\n"), (V{"4:7: choice input 'a' needs 'options'"}));
  EXPECT_EQ(inputs("      a: {type: choice, options: []}\n"),
            (V{"4:34: input 'a' 'options' must not be empty"}));
  EXPECT_EQ(inputs("      a: {options: [x]}\n"),
            (V{"4:20: input 'a' has 'options' but its type is 'string'; options are for type: "
              "choice"}));
}

TEST(DispatchInputsRule, NamesKeysAndShape) {
  EXPECT_EQ(inputs("      2fast: {}\n"),
            (V{"4:7: input name '2fast' must start with a letter or '_' and hold only letters, "
              "digits, '-' and '_'"}));
  EXPECT_EQ(inputs("      a: {type: text}\n"),
            (V{"4:17: input 'a' 'type' must be one of string, choice, boolean, number, "
              "environment, not 'text'"}));
  EXPECT_EQ(inputs("      a: {required: 'yes'}\n"),
            (V{"4:21: input 'a' 'required' must be true or false, not the string 'yes'"}));
  EXPECT_EQ(inputs("      a:\n"), (V{"4:7: input 'a' must be a mapping, not null"}));
  EXPECT_EQ(findings("on:\n  workflow_dispatch:\n    input: {}\n" + std::string(kJobs),
                     "dispatch-inputs"),
            (V{"3:5: unknown key 'input' in 'workflow_dispatch' (did you mean 'inputs'?)"}));
}
