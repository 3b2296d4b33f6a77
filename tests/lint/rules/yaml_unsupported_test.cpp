#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using V = std::vector<std::string>;

TEST(YamlUnsupportedRule, AnchorsAliasesAndCoreTagsPass) {
  EXPECT_EQ(findings("on: push\nenv: &e {A: !!str 1}\nx: *e\ny: !!int 3\n", "yaml-unsupported"),
            (V{}));
}

TEST(YamlUnsupportedRule, MergeKey) {
  EXPECT_EQ(findings("on: push\nbase: &b {A: 1}\nenv:\n  <<: *b\n  B: 2\n", "yaml-unsupported"),
            (V{"4:3: GitHub does not support YAML merge keys: '<<' is read as a key named '<<', "
              "not merged; repeat the keys or alias the whole mapping"}));
}

TEST(YamlUnsupportedRule, QuotedLessThanLessThanIsAnOrdinaryKey) {
  EXPECT_EQ(findings("on: push\nenv: {'<<': 1}\n", "yaml-unsupported"), (V{}));
}

TEST(YamlUnsupportedRule, CustomTagsAndComplexKeys) {
  EXPECT_EQ(findings("on: push\nname: !secret x\n? [a, b]\n: 1\n", "yaml-unsupported"),
            (V{"2:7: tag '!secret' is not supported: GitHub reads only plain YAML values",
              "3:3: a key must be a plain value, not a list"}));
}

// The rule reads the parser's record of tags, merge keys and complex keys: one written
// through an alias (a key that is an alias of a list) is found as well.
TEST(YamlUnsupportedRule, AComplexKeyThroughAnAlias) {
  EXPECT_EQ(findings("on: push\nx: &l [a, b]\ny:\n  *l : 1\n", "yaml-unsupported"),
            (V{"4:3: a key must be a plain value, not a list"}));
}
