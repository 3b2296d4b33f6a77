#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using V = std::vector<std::string>;

TEST(YamlSyntaxRule, WellFormedFileHasNoFinding) {
  EXPECT_EQ(findings("on: push\njobs: {}\n", "yaml-syntax"), (V{}));
}

TEST(YamlSyntaxRule, SyntaxErrorIsPositioned) {
  EXPECT_EQ(findings("on: push\njobs:\n  a: 'open\n", "yaml-syntax"),
            (V{"3:6: invalid YAML: unterminated single-quoted scalar"}));
}

TEST(YamlSyntaxRule, TabInIndentationNamesTheTab) {
  EXPECT_EQ(findings("on: push\njobs:\n\ta: {}\n", "yaml-syntax"),
            (V{"3:1: a tab in the indentation: YAML indents with spaces only"}));
  EXPECT_EQ(findings("on: push\njobs:\n  a:\n  \t b: 1\n", "yaml-syntax"),
            (V{"4:3: a tab in the indentation: YAML indents with spaces only"}));
}

TEST(YamlSyntaxRule, EmptyFileAndNonMappingTopLevel) {
  EXPECT_EQ(findings("# nothing here\n", "yaml-syntax"),
            (V{"1:1: the file holds no YAML document: a workflow is a mapping with at least 'on' "
              "and 'jobs'"}));
  EXPECT_EQ(findings("- on: push\n", "yaml-syntax"),
            (V{"1:1: the top level must be a mapping of workflow keys, not a list"}));
}

TEST(YamlSyntaxRule, ASecondDocument) {
  EXPECT_EQ(findings("on: push\njobs: {}\n---\non: fork\n", "yaml-syntax"),
            (V{"3:1: a second YAML document starts here: a workflow file is one document (GitHub "
              "stops at the first)"}));
}

TEST(YamlSyntaxRule, OtherRulesDoNotRunOnAnUnparsedFile) {
  auto all = findings(wfgen::testing::lint_text("on: [push\n"), "");
  ASSERT_EQ(all.size(), 1u) << ::testing::PrintToString(all);
  EXPECT_EQ(all[0].substr(0, 14), "[yaml-syntax] ");
}
