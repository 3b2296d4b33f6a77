#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using wfgen::testing::lint_text;
using V = std::vector<std::string>;

TEST(DuplicateKeyRule, DistinctKeysPass) {
  EXPECT_EQ(findings("on: push\nenv: {A: 1, B: 2}\njobs: {}\n", "duplicate-key"), (V{}));
}

TEST(DuplicateKeyRule, ExactDuplicateWithANoteAtTheFirst) {
  auto r = lint_text("on: push\nenv:\n  A: 1\n  A: 2\n" + std::string(wfgen::testing::kJobs) +
                     "permissions: {}\n");
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

// A mapping of a few keys and one of many are read two ways (a list, a hash table): the
// findings are the same, with the first key each repeat is compared against.
TEST(DuplicateKeyRule, SmallAndLargeMappingsFindTheSameRepeats) {
  for (int keys : {3, 16, 17, 400}) {
    SCOPED_TRACE(keys);
    std::string text = "on: push\nenv:\n";
    for (int i = 0; i < keys; ++i) text += "  K" + std::to_string(i) + ": 1\n";
    text += "  k1: 2\n  K0: 3\n";  // lines keys+3 and keys+4
    const std::string l = std::to_string(keys + 3), m = std::to_string(keys + 4);
    EXPECT_EQ(findings(text, "duplicate-key"),
              (V{l + ":3: key 'k1' repeats 'K1' (line 4): GitHub compares keys without regard "
                     "to case",
                 m + ":3: key 'K0' is defined twice in this mapping (first at line 3)"}));
  }
}

// Keys are compared only in a mapping where two of them share length, first and last byte
// (folded): such keys that differ inside are no repeat; repeats among many keys whose
// filter bits collide are all found.
TEST(DuplicateKeyRule, KeysAlikeAtTheEndsButDifferentInsideAreDistinct) {
  EXPECT_EQ(findings("on: push\nenv: {abc: 1, aXc: 2, ABC2: 3, axc2: 4}\n", "duplicate-key"),
            (V{}));
  EXPECT_EQ(findings("on: push\nenv: {abc: 1, aXc: 2, AbC: 3}\n", "duplicate-key"),
            (V{"2:23: key 'AbC' repeats 'abc' (line 2): GitHub compares keys without regard "
               "to case"}));
}

TEST(DuplicateKeyRule, RepeatsAmongKeysOfEveryLengthAndEnd) {
  // 80 distinct keys fill the 64-bit filter; the repeats are still the only findings.
  std::string text = "on: push\nenv:\n";
  for (int i = 0; i < 80; ++i) text += "  " + std::string(1 + i % 7, static_cast<char>('a' + i % 26)) +
                                       std::to_string(i) + ": 1\n";
  text += "  A0: 2\n";  // line 83
  EXPECT_EQ(findings(text, "duplicate-key"),
            (V{"83:3: key 'A0' repeats 'a0' (line 3): GitHub compares keys without regard to "
               "case"}));
}
