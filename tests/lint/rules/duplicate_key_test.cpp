#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using wfgen::testing::lint_text;
using V = std::vector<std::string>;

TEST(DuplicateKeyRule, DistinctKeysPass) {
  EXPECT_EQ(findings("on: push\nenv: {A: 1, B: 2}\njobs: {}\n", "duplicate-key"), (V{}));
}

TEST(DuplicateKeyRule, ExactDuplicateWithANoteAtTheFirst) {
  auto r = lint_text("on: push\nenv:\n  A: 1\n  A: 2\n" + std::string(wfgen::testing::kJobs));
  EXPECT_EQ(findings(r, "duplicate-key"),
            (V{"4:3: key 'A' is defined twice in this mapping (first at line 3)"}));
  ASSERT_EQ(r.findings.size(), 1u);
  ASSERT_EQ(r.findings[0].notes.size(), 1u);
  EXPECT_EQ(r.findings[0].notes[0].line, 3);
  EXPECT_EQ(r.findings[0].notes[0].col, 3);
  EXPECT_EQ(r.findings[0].notes[0].text, "'A' is first defined here");
}

TEST(DuplicateKeyRule, KeysDifferingOnlyInCase) {
  EXPECT_EQ(findings("on: push\njobs:\n  Build: {}\n  build: {}\n", "duplicate-key"),
            (V{"4:3: key 'build' repeats 'Build' (line 3): GitHub compares keys without regard "
              "to case"}));
}

TEST(DuplicateKeyRule, InsideListsAndFlowMappings) {
  EXPECT_EQ(findings("on: push\njobs:\n  a:\n    steps:\n      - {run: x, run: y}\n",
                     "duplicate-key"),
            (V{"5:18: key 'run' is defined twice in this mapping (first at line 5)"}));
}

TEST(DuplicateKeyRule, AnAnchoredMappingIsCheckedOnce) {
  EXPECT_EQ(findings("on: push\nx: &a {k: 1, k: 2}\ny: *a\nz: *a\n", "duplicate-key"),
            (V{"2:14: key 'k' is defined twice in this mapping (first at line 2)"}));
}
