// Field constraints (one_of, pattern, min/max, items/keys/values, unique), row checks and
// references to another matrix's rows: each promise kept, and each break reported at the
// value that breaks it.
#include <gtest/gtest.h>

#include <string>

#include "support/matrix_text.h"

using wfgen::testing::error_of;
using wfgen::testing::expand;

TEST(MatrixConstraints, KeptPromisesExpandAsBefore) {
  auto m = expand(
      "fields:\n"
      "  platform: {type: string, one_of: [linux, windows]}\n"
      "  repo: {type: string, pattern: '[A-Za-z0-9-]+/[A-Za-z0-9._-]+', unique: true}\n"
      "  level: {type: int, min: 1, max: 4}\n"
      "  oncall: {type: list, default: [], items: {type: string, pattern: '[a-z]+'}}\n"
      "  runs_in: {type: map, default: {}, keys: {one_of: [pull, trunk]}, values: int}\n"
      "entries:\n"
      "  - {platform: linux, repo: a/b, level: 1}\n"
      "  - {platform: windows, repo: a/c.d, level: 4, oncall: [x, y], runs_in: {pull: 1}}\n");
  ASSERT_EQ(m.rows.size(), 2u);
  EXPECT_EQ(m.rows[1].values["runs_in"]["pull"], 1);
}

TEST(MatrixConstraints, OneOfWithDidYouMean) {
  EXPECT_EQ(error_of("fields: {platform: {type: string, one_of: [linux, windows]}}\n"
                     "entries:\n  - {platform: linx}\n"),
            "m.yml:3:16: error: field 'platform': 'linx' is not one of: linux, windows "
            "(did you mean 'linux'?)");
  EXPECT_EQ(error_of("fields: {platform: {type: string, one_of: [linux, windows]}}\n"
                     "entries:\n  - {platform: macos}\n"),
            "m.yml:3:16: error: field 'platform': 'macos' is not one of: linux, windows");
}

TEST(MatrixConstraints, PatternIsAFullMatch) {
  EXPECT_EQ(error_of("fields: {repo: {type: string, pattern: '[a-z]+/[a-z]+'}}\n"
                     "entries:\n  - {repo: owner/repo/extra}\n"),
            "m.yml:3:12: error: field 'repo': 'owner/repo/extra' does not match the pattern "
            "[a-z]+/[a-z]+");
  EXPECT_EQ(error_of("fields: {repo: {type: string, pattern: '[a-z'}}\nentries: []\n"),
            "m.yml:1:40: error: invalid regular expression: missing ] for this [ (at character "
            "1 of the pattern)");
  EXPECT_EQ(error_of("fields: {repo: {type: string, pattern: '(a)\\1'}}\nentries: []\n"),
            "m.yml:1:40: error: invalid regular expression: backreferences are not supported "
            "(at character 4 of the pattern)");
  EXPECT_EQ(error_of("fields: {n: {type: int, pattern: 'x'}}\nentries: []\n"),
            "m.yml:1:34: error: `pattern` applies to strings, not to a int field");
}

// std::regex recursed once per character and crashed on values of ~30,000 characters.
TEST(MatrixConstraints, PatternsMatchValuesOfAnyLength) {
  const std::string word(300'000, 'a');
  auto m = expand("fields: {name: {type: string, pattern: '[a-z]*'}}\nentries:\n  - {name: " +
                  word + "}\n");
  ASSERT_EQ(m.rows.size(), 1u);
  EXPECT_EQ(m.rows[0].values["name"], word);
  EXPECT_EQ(error_of("fields: {name: {type: string, pattern: '(?:(?=[a-z]*b)[a-z]|a)*'}}\n"
                     "entries:\n  - {name: " + word + "}\n"),
            "m.yml:3:12: error: field 'name': matching the pattern (?:(?=[a-z]*b)[a-z]|a)*: the "
            "text is too long for this pattern's lookaheads (more than 50000000 steps)");
}

TEST(MatrixConstraints, BoundsOnNumbersAndLengths) {
  EXPECT_EQ(error_of("fields: {level: {type: int, min: 1, max: 4}}\nentries:\n  - {level: 5}\n"),
            "m.yml:3:13: error: field 'level': 5 is above the maximum 4");
  EXPECT_EQ(error_of("fields: {level: {type: int, min: 1, max: 4}}\nentries:\n  - {level: 0}\n"),
            "m.yml:3:13: error: field 'level': 0 is below the minimum 1");
  EXPECT_EQ(error_of("fields: {oncall: {type: list, min: 1}}\nentries:\n  - {oncall: []}\n"),
            "m.yml:3:14: error: field 'oncall': has 0 items, fewer than 1");
  EXPECT_EQ(error_of("fields: {n: {type: int, min: 3, max: 2}}\nentries: []\n"),
            "m.yml:1:38: error: `max` is below `min`");
}

TEST(MatrixConstraints, ElementsAreCheckedAtTheirOwnPosition) {
  EXPECT_EQ(error_of("fields: {oncall: {type: list, items: {type: string, pattern: '[a-z]+'}}}\n"
                     "entries:\n  - oncall: [ok, Not-OK]\n"),
            "m.yml:3:18: error: field 'oncall': item 2: 'Not-OK' does not match the pattern "
            "[a-z]+");
  EXPECT_EQ(error_of("fields: {oncall: {type: list, items: string}}\n"
                     "entries:\n  - oncall: [ok, 3]\n"),
            "m.yml:3:18: error: field 'oncall': item 2 must be of type string, not int");
  EXPECT_EQ(error_of("fields: {runs_in: {type: map, keys: {one_of: [pull, trunk]}}}\n"
                     "entries:\n  - runs_in:\n      pull: {}\n      trnk: {}\n"),
            "m.yml:5:7: error: field 'runs_in': key 'trnk': 'trnk' is not one of: pull, trunk "
            "(did you mean 'trunk'?)");
  EXPECT_EQ(error_of("fields: {shards: {type: map, values: {type: int, min: 1}}}\n"
                     "entries:\n  - shards: {default: 0}\n"),
            "m.yml:3:23: error: field 'shards': value of 'default': 0 is below the minimum 1");
}

TEST(MatrixConstraints, DefaultsKeepThePromisesToo) {
  EXPECT_EQ(error_of("fields: {p: {type: string, one_of: [a, b], default: c}}\nentries: []\n"),
            "m.yml:1:53: error: default of field 'p': 'c' is not one of: a, b (did you mean 'a'?)");
}

TEST(MatrixConstraints, DerivedValuesAreCheckedAtTheRow) {
  EXPECT_EQ(error_of("fields: {a: string, b: {type: string, pattern: '[a-z]+'}}\n"
                     "derive: {b: \"a ~ '-x'\"}\n"
                     "entries:\n  - {a: x}\n"),
            "m.yml:4:5: error: derived field 'b': 'x-x' does not match the pattern [a-z]+");
}

TEST(MatrixConstraints, UniqueAcrossRowsPointsAtBothPlaces) {
  EXPECT_EQ(error_of("fields: {repo: {type: string, unique: true}, level: int}\n"
                     "entries:\n"
                     "  - {repo: a/b, level: 1}\n"
                     "  - {repo: a/c, level: 1}\n"
                     "  - {repo: a/b, level: 3}\n"),
            "m.yml:5:12: error: field 'repo' must be unique: 'a/b' is already used at line 3, "
            "column 12");
}

TEST(MatrixConstraints, UniqueWithinAGroupAndOfDerivedValues) {
  const char* base =
      "fields:\n"
      "  workflow: string\n"
      "  name: string\n"
      "  job_id: {type: string, unique: workflow}\n"
      "derive: {job_id: \"name | replace('.', '_')\"}\n"
      "entries:\n"
      "  - {workflow: pull, name: py3.10}\n"
      "  - {workflow: trunk, name: py3.10}\n";
  EXPECT_EQ(expand(base).rows.size(), 2u);
  EXPECT_EQ(error_of(std::string(base) + "  - {workflow: pull, name: py3_10}\n"),
            "m.yml:9:5: error: derived field 'job_id' must be unique among rows with the same "
            "workflow: "
            "'py3_10' is already used at line 7, column 5");
  EXPECT_EQ(error_of("fields: {a: {type: string, unique: [b]}}\nentries: []\n"),
            "m.yml:1:36: error: unknown field 'b' (did you mean 'a'?): `unique` names the fields "
            "a value is unique among");
}

// Values that print alike as JSON (.inf, -.inf and .nan all print null) are told apart,
// in the value and in the group it is unique within (a null value is never a duplicate);
// the same value is not, every NaN included.
TEST(MatrixConstraints, UniqueTellsValuesThatPrintAlikeApart) {
  const char* fields = "fields: {g: any, v: {type: any, unique: g}}\n";
  EXPECT_EQ(expand(std::string(fields) +
                   "entries:\n"
                   "  - {g: 1, v: .inf}\n"
                   "  - {g: 1, v: -.inf}\n"
                   "  - {g: 1, v: .nan}\n"
                   "  - {g: .inf, v: 1}\n"
                   "  - {g: .nan, v: 1}\n"
                   "  - {g: null, v: 1}\n")
                .rows.size(),
            6u);
  EXPECT_EQ(error_of(std::string(fields) +
                     "entries:\n"
                     "  - {g: .inf, v: .inf}\n"
                     "  - {g: .inf, v: .inf}\n"),
            "m.yml:4:18: error: field 'v' must be unique among rows with the same g: .inf is "
            "already used at line 3, column 18");
  // .nan * 0 and .inf * 0 are NaNs of opposite signs.
  EXPECT_EQ(error_of("fields: {x: any, v: {type: any, unique: true}}\n"
                     "derive: {v: \"x * 0\"}\n"
                     "entries:\n"
                     "  - {x: .nan}\n"
                     "  - {x: .inf}\n"),
            "m.yml:5:5: error: derived field 'v' must be unique: .nan is already used at line "
            "4, column 5");
}

// The names a sibling rule accepts are those of its own field and group: a field whose
// name is another's with a letter more, checked in a group of null, is not confused with it.
TEST(MatrixConstraints, SiblingRulesOfDifferentFieldsAreKeptApart) {
  EXPECT_EQ(expand("fields:\n"
                   "  a: string\n"
                   "  an: {type: string, default: x}\n"
                   "  k: {type: any, default: null}\n"
                   "  m: {type: map, default: {}, keys: {one_of: {field: an}},\n"
                   "      values: {one_of: {field: a, match: k}}}\n"
                   "entries:\n"
                   "  - {a: p, an: q}\n"
                   "  - {a: r, an: s, m: {q: p}}\n")
                .rows.size(),
            2u);
}

TEST(MatrixConstraints, ShardsOfOneEntryDoNotCollide) {
  auto m = expand(
      "expand_shards: true\n"
      "fields: {config: {type: string, unique: true}}\n"
      "entries:\n  - {config: default, shards: 3}\n");
  EXPECT_EQ(m.rows.size(), 3u);
}

TEST(MatrixConstraints, ChecksFailAtTheFieldOrTheRow) {
  const char* spec =
      "fields:\n"
      "  level: int\n"
      "  label: {type: string, default: ''}\n"
      "  oncall: {type: list, default: []}\n"
      "checks:\n"
      "  - assert: level != 3 or label\n"
      "    message: an L3 repo needs a label\n"
      "  - assert: level < 3 or oncall\n"
      "    message: an L3 or L4 repo needs at least one on-call\n"
      "    at: oncall\n"
      "entries:\n";
  EXPECT_EQ(error_of(std::string(spec) + "  - {level: 3, oncall: [a]}\n"),
            "m.yml:12:5: error: an L3 repo needs a label");
  EXPECT_EQ(error_of(std::string(spec) + "  - {level: 4, oncall: []}\n"),
            "m.yml:12:24: error: an L3 or L4 repo needs at least one on-call");
  EXPECT_EQ(error_of(std::string(spec) + "  - {level: 4}\n"),
            "m.yml:12:5: error: an L3 or L4 repo needs at least one on-call");
  EXPECT_EQ(error_of("fields: {a: int}\nchecks:\n  - {assert: 'nope > 1', message: m}\n"
                     "entries: [{a: 1}]\n"),
            "m.yml:3:15: error: in check: 'nope' is undefined");
  EXPECT_EQ(error_of("fields: {a: int}\nchecks:\n  - {assert: 'a', message: m, at: b}\n"
                     "entries: [{a: 1}]\n"),
            "m.yml:3:35: error: unknown field 'b' (did you mean 'a'?)");
}

TEST(MatrixConstraints, ChecksInNestedTables) {
  EXPECT_EQ(error_of("fields:\n"
                     "  tests:\n"
                     "    type: table\n"
                     "    fields: {config: string, shards_n: int}\n"
                     "    checks:\n"
                     "      - {assert: shards_n >= 1, message: a test needs a shard, at: shards_n}\n"
                     "entries:\n"
                     "  - tests: [{config: a, shards_n: 1}, {config: b, shards_n: 0}]\n"),
            "m.yml:8:61: error: a test needs a shard");
}

// `one_of: {matrix: ..., field: ...}` names the rows of another matrix of the project.
class MatrixReferences : public wfgen::testing::MatrixProject {
 protected:
  void SetUp() override {
    MatrixProject::SetUp();
    write("matrices/workflows.yml", "fields: {name: string}\nentries: [{name: pull}, {name: trunk}]\n");
  }
};

TEST_F(MatrixReferences, ValuesMustNameARowOfTheOtherMatrix) {
  write("matrices/families.yml",
        "fields:\n"
        "  name: string\n"
        "  workflows:\n"
        "    type: list\n"
        "    items: {one_of: {matrix: matrices/workflows.yml, field: name}}\n"
        "entries:\n"
        "  - {name: a, workflows: [pull, trunk]}\n"
        "  - {name: b, workflows: [trunk, periodc]}\n");
  EXPECT_EQ(error_of("matrices/families.yml"),
            "matrices/families.yml:8:34: error: field 'workflows': item 2: 'periodc' is not one "
            "of the 'name' values of matrices/workflows.yml");
  write("matrices/families.yml",
        "fields:\n"
        "  workflow: {type: string, one_of: {matrix: matrices/workflows.yml, field: name}}\n"
        "entries: [{workflow: trunk}, {workflow: pul}]\n");
  EXPECT_EQ(error_of("matrices/families.yml"),
            "matrices/families.yml:3:41: error: field 'workflow': 'pul' is not one of the 'name' "
            "values of matrices/workflows.yml (did you mean 'pull'?)");
}

TEST_F(MatrixReferences, MissingMatrixFieldAndCycles) {
  write("matrices/a.yml",
        "fields: {x: {type: string, one_of: {matrix: matrices/none.yml, field: name}}}\n"
        "entries: [{x: a}]\n");
  EXPECT_EQ(error_of("matrices/a.yml"),
            "matrices/a.yml:1:45: error: matrix 'matrices/none.yml' does not exist");
  write("matrices/a.yml",
        "fields: {x: {type: string, one_of: {matrix: matrices/workflows.yml, field: nme}}}\n"
        "entries: [{x: a}]\n");
  EXPECT_EQ(error_of("matrices/a.yml"),
            "matrices/a.yml:1:76: error: unknown field 'nme' (did you mean 'name'?) in "
            "matrices/workflows.yml");
  write("matrices/a.yml",
        "fields: {x: {type: string, one_of: {matrix: matrices/b.yml, field: x}}}\n"
        "entries: [{x: a}]\n");
  write("matrices/b.yml",
        "fields: {x: {type: string, one_of: {matrix: matrices/a.yml, field: x}}}\n"
        "entries: [{x: a}]\n");
  EXPECT_EQ(error_of("matrices/a.yml"),
            "matrices/b.yml:1:45: error: matrices refer to each other's rows in a cycle: "
            "matrices/a.yml -> matrices/b.yml -> matrices/a.yml");
}

// A matrix that fails to expand leaves no trace in its set: a later matrix referring to it
// meets its error again, not a cycle through it.
TEST_F(MatrixReferences, AFailedMatrixIsNoCycleForTheNextOne) {
  write("matrices/bad.yml", "fields: {x: string}\nentries: [{x: 1}]\n");
  write("matrices/user.yml",
        "fields: {y: {type: string, one_of: {matrix: matrices/bad.yml, field: x}}}\n"
        "entries: [{y: a}]\n");
  wfgen::matrix::ExpressionEvaluator eval;
  wfgen::files::Tree project(root, "the project directory");
  wfgen::matrix::MatrixSet set([&](const std::string& p) { return project.read(p); }, eval);
  auto error = [&](const std::string& path) -> std::string {
    try {
      set.find(path);
    } catch (const wfgen::data::DataError& e) {
      return e.what();
    }
    return "no error";
  };
  const std::string bad = "matrices/bad.yml:2:15: error: field 'x' must be of type string, not int";
  EXPECT_EQ(error("matrices/bad.yml"), bad);
  EXPECT_EQ(error("matrices/user.yml"), bad);
}

// `match`: a value may only name the rows of the other matrix that agree with its own row
// on those fields (a build variant of the row's own platform).
TEST_F(MatrixReferences, MatchScopesTheReferenceToAgreeingRows) {
  write("matrices/variants.yml",
        "fields: {platform: string, name: string}\n"
        "entries: [{platform: linux, name: release}, {platform: linux, name: asan},\n"
        "          {platform: windows, name: release}]\n");
  const std::string fields =
      "fields:\n"
      "  platform: string\n"
      "  variants:\n"
      "    type: list\n"
      "    items: {one_of: {matrix: matrices/variants.yml, field: name, match: platform}}\n";
  write("matrices/families.yml", fields +
                                     "entries:\n"
                                     "  - {platform: linux, variants: [release, asan]}\n"
                                     "  - {platform: windows, variants: [release, asan]}\n");
  EXPECT_EQ(error_of("matrices/families.yml"),
            "matrices/families.yml:8:45: error: field 'variants': item 2: 'asan' is not one of "
            "the 'name' values of matrices/variants.yml with platform 'windows'");
  write("matrices/families.yml", fields +
                                     "entries:\n"
                                     "  - {platform: windows, variants: [relese]}\n");
  EXPECT_EQ(error_of("matrices/families.yml"),
            "matrices/families.yml:7:36: error: field 'variants': item 1: 'relese' is not one of "
            "the 'name' values of matrices/variants.yml with platform 'windows' (did you mean "
            "'release'?)");
  write("matrices/families.yml", fields +
                                     "entries:\n"
                                     "  - {platform: linux, variants: [release, asan]}\n"
                                     "  - {platform: windows, variants: [release]}\n");
  EXPECT_EQ(error_of("matrices/families.yml"), "no error");

  // Inside a nested table, the row is the nested row.
  write("matrices/nested.yml",
        "fields:\n"
        "  name: string\n"
        "  platforms:\n"
        "    type: table\n"
        "    fields:\n"
        "      platform: string\n"
        "      variant: {type: string, one_of: {matrix: matrices/variants.yml, field: name, "
        "match: [platform]}}\n"
        "entries:\n"
        "  - {name: a, platforms: [{platform: linux, variant: asan}, "
        "{platform: windows, variant: asan}]}\n");
  EXPECT_EQ(error_of("matrices/nested.yml"),
            "matrices/nested.yml:9:90: error: field 'variant': 'asan' is not one of the 'name' "
            "values of matrices/variants.yml with platform 'windows'");
}

// one_of's strings are looked up, other values searched: a value is one of them exactly
// when it equals one (1 is 1.0, '1' is not 1), whatever the match values are.
TEST_F(MatrixReferences, LookedUpValuesKeepTheirTypes) {
  EXPECT_EQ(wfgen::testing::error_of("fields: {n: {type: any, one_of: [1, '2', x]}}\n"
                                     "entries: [{n: 1.0}, {n: '2'}, {n: x}, {n: 2}]\n"),
            "m.yml:2:43: error: field 'n': 2 is not one of: 1, 2, x");
  write("matrices/variants.yml",
        "fields: {gen: any, name: any}\n"
        "entries: [{gen: 1, name: a}, {gen: '1', name: b}, {gen: x, name: 3}]\n");
  const std::string fields =
      "fields:\n"
      "  gen: any\n"
      "  variant: {type: any, one_of: {matrix: matrices/variants.yml, field: name, match: gen}}\n";
  write("matrices/families.yml",
        fields + "entries: [{gen: 1.0, variant: a}, {gen: '1', variant: b}, {gen: x, variant: 3}]\n");
  EXPECT_EQ(error_of("matrices/families.yml"), "no error");
  write("matrices/families.yml", fields + "entries: [{gen: '1', variant: a}]\n");
  EXPECT_EQ(error_of("matrices/families.yml"),
            "matrices/families.yml:4:31: error: field 'variant': 'a' is not one of the 'name' "
            "values of matrices/variants.yml with gen '1' (did you mean 'b'?)");
  write("matrices/families.yml", fields + "entries: [{gen: x, variant: '3'}]\n");
  EXPECT_EQ(error_of("matrices/families.yml"),
            "matrices/families.yml:4:29: error: field 'variant': '3' is not one of the 'name' "
            "values of matrices/variants.yml with gen 'x' (did you mean '3'?)");
}

// A long one_of list, another matrix's thousands of rows, this table's own: each row's
// value is found in one look-up (a search of every value took 27 s for 80,000 rows).
TEST_F(MatrixReferences, LongListsOfValuesAreLookedUp) {
  const int n = 50000;
  std::string values, rows, refs;
  for (int i = 0; i < n; ++i) {
    values += (i ? ", v" : "v") + std::to_string(i);
    rows += "  - {name: v" + std::to_string(i) + ", g: g" + std::to_string(i % 7) + "}\n";
    refs += "  - {ref: v" + std::to_string(n - 1 - i) + ", g: g" + std::to_string((n - 1 - i) % 7) +
            "}\n";
  }
  write("matrices/names.yml", "fields: {name: {type: string, one_of: [" + values +
                                  "]}, g: string}\nentries:\n" + rows);
  write("matrices/refs.yml",
        "fields:\n  g: string\n"
        "  ref: {type: string, one_of: {matrix: matrices/names.yml, field: name, match: g}}\n"
        "entries:\n" + refs);
  EXPECT_EQ(error_of("matrices/refs.yml"), "no error");
  std::string siblings;  // each names a row of its group, 7 rows before it
  for (int i = 0; i < n; ++i)
    siblings += "  - {name: v" + std::to_string(i) + ", g: g" + std::to_string(i % 7) + ", ref: v" +
                std::to_string(i >= 7 ? i - 7 : i) + "}\n";
  write("matrices/siblings.yml",
        "fields:\n  name: string\n  g: string\n"
        "  ref: {type: string, one_of: {field: name, match: g}}\n"
        "entries:\n" + siblings);
  EXPECT_EQ(error_of("matrices/siblings.yml"), "no error");
}

TEST_F(MatrixReferences, MatchNamesFieldsOfBothMatrices) {
  write("matrices/variants.yml",
        "fields: {platform: string, name: string}\nentries: [{platform: linux, name: release}]\n");
  write("matrices/a.yml",
        "fields:\n"
        "  os: string\n"
        "  v: {type: string, one_of: {matrix: matrices/variants.yml, field: name, match: os}}\n"
        "entries: [{os: linux, v: release}]\n");
  EXPECT_EQ(error_of("matrices/a.yml"),
            "matrices/a.yml:3:81: error: unknown field 'os' (expected one of: platform, name) in "
            "matrices/variants.yml: `match` names fields both matrices have");
  write("matrices/a.yml",
        "fields:\n"
        "  os: string\n"
        "  v: {type: string, one_of: {matrix: matrices/variants.yml, field: name, "
        "match: platfrm}}\n"
        "entries: [{os: linux, v: release}]\n");
  EXPECT_EQ(error_of("matrices/a.yml"),
            "matrices/a.yml:3:81: error: unknown field 'platfrm' (did you mean 'platform'?) in "
            "matrices/variants.yml: `match` names fields both matrices have");
  write("matrices/a.yml",
        "fields:\n"
        "  os: string\n"
        "  v: {type: string, one_of: {matrix: matrices/variants.yml, field: name, "
        "match: platform}}\n"
        "entries: [{os: linux, v: release}]\n");
  EXPECT_EQ(error_of("matrices/a.yml"),
            "matrices/a.yml:3:81: error: unknown field 'platform' (expected one of: os, v): "
            "`match` names fields both matrices have");
  write("matrices/a.yml",
        "fields:\n"
        "  v: {type: string, one_of: {matrix: matrices/variants.yml, field: name, match: 3}}\n"
        "entries: [{v: release}]\n");
  EXPECT_EQ(error_of("matrices/a.yml"),
            "matrices/a.yml:2:81: error: `match` must be a field name or a list of field names");
}
