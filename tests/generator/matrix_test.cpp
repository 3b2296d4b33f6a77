// The matrix language: every feature, and every mistake reported at its position.
#include <gtest/gtest.h>

#include "support/matrix_text.h"

using wfgen::data::DataError;
using wfgen::data::Json;
using wfgen::testing::error_of;
using wfgen::testing::expand;

namespace {

Json rows_of(const std::string& text) {
  Json out = Json::array();
  for (auto& r : expand(text).rows) out.push_back(r.values);
  return out;
}

}  // namespace

TEST(Matrix, ExplicitEntriesWithDefaultsAndOverrides) {
  Json rows = rows_of(
      "fields:\n"
      "  name: string\n"
      "  runner: {type: string, default: linux.2xlarge}\n"
      "  gpu: {type: bool, default: false}\n"
      "entries:\n"
      "  - {name: a}\n"
      "  - {name: b, runner: linux.g5, gpu: true}\n");
  EXPECT_EQ(rows.dump(), R"([{"name":"a","runner":"linux.2xlarge","gpu":false},)"
                         R"({"name":"b","runner":"linux.g5","gpu":true}])");
}

// A row's keys are in the order its fields are declared, derived ones among them, whatever
// the order an entry writes them in.
TEST(Matrix, RowKeysFollowTheFieldDeclarations) {
  Json rows = rows_of(
      "fields: {a: string, d: string, b: string, c: {type: string, default: z}}\n"
      "derive: {d: \"a ~ b\"}\n"
      "entries:\n"
      "  - {b: y, a: x}\n"
      "  - {c: w, a: x, b: y, d: v}\n");
  EXPECT_EQ(rows.dump(), R"([{"a":"x","d":"xy","b":"y","c":"z"},)"
                         R"({"a":"x","d":"v","b":"y","c":"w"}])");
}

TEST(Matrix, AxesProductIsStableFirstAxisOutermost) {
  Json rows = rows_of(
      "fields: {python: string, ref: string}\n"
      "axes:\n"
      "  python: ['3.10', '3.11']\n"
      "  ref: [main, release]\n");
  EXPECT_EQ(rows.dump(), R"([{"python":"3.10","ref":"main"},{"python":"3.10","ref":"release"},)"
                         R"({"python":"3.11","ref":"main"},{"python":"3.11","ref":"release"}])");
}

TEST(Matrix, ExcludeRemovesMatchingCombinations) {
  Json rows = rows_of(
      "fields: {os: string, py: string}\n"
      "axes: {os: [linux, windows], py: ['3.10', '3.11']}\n"
      "exclude:\n"
      "  - {os: windows, py: '3.10'}\n");
  EXPECT_EQ(rows.size(), 3u);
  for (const auto& r : rows) EXPECT_FALSE(r["os"] == "windows" && r["py"] == "3.10");
}

// GitHub's documented example for `include` (docs: "Expanding or adding matrix configurations").
TEST(Matrix, IncludeFollowsGitHubSemantics) {
  Json rows = rows_of(
      "fields:\n"
      "  fruit: string\n"
      "  animal: {type: string, default: null}\n"
      "  color: {type: string, default: null}\n"
      "  shape: {type: string, default: null}\n"
      "axes: {fruit: [apple, pear], animal: [cat, dog]}\n"
      "include:\n"
      "  - color: green\n"
      "  - {color: pink, animal: cat}\n"
      "  - {fruit: apple, shape: circle}\n"
      "  - {fruit: banana}\n"
      "  - {fruit: banana, animal: cat}\n");
  EXPECT_EQ(rows.dump(), R"([{"fruit":"apple","animal":"cat","color":"pink","shape":"circle"},)"
                         R"({"fruit":"apple","animal":"dog","color":"green","shape":"circle"},)"
                         R"({"fruit":"pear","animal":"cat","color":"pink","shape":null},)"
                         R"({"fruit":"pear","animal":"dog","color":"green","shape":null},)"
                         R"({"fruit":"banana","animal":null,"color":null,"shape":null},)"
                         R"({"fruit":"banana","animal":"cat","color":null,"shape":null}])");
}

// Include and exclude items with string values find their combinations by a look-up
// (comparing every item with every combination took 44 s for an axis of 40,000 values
// and as many includes); items with other values, and excludes applied one after the
// other, keep GitHub's rules.
TEST(Matrix, IncludeAndExcludeFindTheirCombinationsAtAnySize) {
  const int n = 30000;
  std::string axis, include, exclude;
  for (int i = 0; i < n; ++i) {
    axis += (i ? ", v" : "v") + std::to_string(i);
    include += "  - {os: v" + std::to_string(i) + ", py: '3.10', tag: t" + std::to_string(i) + "}\n";
    if (i % 3 == 0) exclude += "  - {os: v" + std::to_string(i) + ", py: '3.11'}\n";
  }
  Json rows = rows_of("fields: {os: string, py: string, tag: {type: string, default: ''}}\n"
                      "axes: {os: [" + axis + "], py: ['3.10', '3.11']}\n"
                      "exclude:\n" + exclude + "include:\n" + include +
                      "  - {os: new, py: '3.12'}\n");
  ASSERT_EQ(rows.size(), 2u * n - n / 3 + 1);
  EXPECT_EQ(rows[0].dump(), R"({"os":"v0","py":"3.10","tag":"t0"})");
  EXPECT_EQ(rows[1].dump(), R"({"os":"v1","py":"3.10","tag":"t1"})");
  EXPECT_EQ(rows[2].dump(), R"({"os":"v1","py":"3.11","tag":""})");
  EXPECT_EQ(rows.back().dump(), R"({"os":"new","py":"3.12","tag":""})");
  // Values of other types compare as JSON does: 1 is 1.0, '1' is not 1; an exclude
  // that matches only what an earlier one removed matches nothing.
  rows = rows_of("fields: {n: any, m: any, tag: {type: any, default: null}}\n"
                 "axes: {n: [1, '1', x], m: [[1], a]}\n"
                 "exclude:\n  - {n: 1.0, m: [1]}\n"
                 "include:\n  - {n: '1', tag: s}\n  - {n: 1, m: a, tag: i}\n");
  EXPECT_EQ(rows.dump(), R"([{"n":1,"m":"a","tag":"i"},{"n":"1","m":[1],"tag":"s"},)"
                         R"({"n":"1","m":"a","tag":"s"},{"n":"x","m":[1],"tag":null},)"
                         R"({"n":"x","m":"a","tag":null}])");
  EXPECT_EQ(error_of("fields: {n: any}\naxes: {n: [a, b]}\n"
                     "exclude:\n  - {n: a}\n  - {n: a}\n"),
            "m.yml:5:5: error: exclude matches no combination of the axes");
}

TEST(Matrix, ShardExpansionAtTopLevelAndInTables) {
  Json rows = rows_of(
      "expand_shards: true\n"
      "fields: {config: string}\n"
      "entries:\n"
      "  - {config: a, shards: 3}\n"
      "  - {config: b}\n");
  EXPECT_EQ(rows.dump(),
            R"([{"config":"a","shard":1,"num_shards":3},{"config":"a","shard":2,"num_shards":3},)"
            R"({"config":"a","shard":3,"num_shards":3},{"config":"b","shard":1,"num_shards":1}])");

  Json nested = rows_of(
      "fields:\n"
      "  name: string\n"
      "  suites:\n"
      "    type: table\n"
      "    expand_shards: true\n"
      "    fields: {config: string, runner: {type: string, default: r}}\n"
      "entries:\n"
      "  - name: x\n"
      "    suites: [{config: hf, shards: 2}, {config: timm, runner: big}]\n");
  EXPECT_EQ(nested[0]["suites"].dump(),
            R"([{"config":"hf","runner":"r","shard":1,"num_shards":2},)"
            R"({"config":"hf","runner":"r","shard":2,"num_shards":2},)"
            R"({"config":"timm","runner":"big","shard":1,"num_shards":1}])");
}

TEST(Matrix, DerivedFieldsAreComputedDefaults) {
  Json rows = rows_of(
      "fields:\n"
      "  family: string\n"
      "  expect_failure: {type: bool, default: false}\n"
      "  expect_pytorch_failure: {type: bool, default: false}\n"
      "  build_pytorch: bool\n"
      "  label: string\n"
      "derive:\n"
      "  build_pytorch: not expect_failure and not expect_pytorch_failure\n"
      "  label: \"family ~ ('-nopt' if not build_pytorch else '')\"\n"
      "entries:\n"
      "  - {family: gfx94X}\n"
      "  - {family: gfx101X, expect_pytorch_failure: true}\n"
      "  - {family: gfx110X, build_pytorch: true, expect_failure: true}\n");
  EXPECT_EQ(rows[0]["build_pytorch"], true);
  EXPECT_EQ(rows[1]["build_pytorch"], false);
  EXPECT_EQ(rows[1]["label"], "gfx101X-nopt");
  EXPECT_EQ(rows[2]["build_pytorch"], true);  // an entry may override a derivation
  // Declaration order is kept for derived keys.
  std::string keys;
  for (auto it = rows[0].begin(); it != rows[0].end(); ++it) keys += it.key() + ",";
  EXPECT_EQ(keys, "family,expect_failure,expect_pytorch_failure,build_pytorch,label,");
}

// A later derivation sees an earlier derived value as the row holds it: a tuple as a list,
// Markup as a plain string; lists and mappings of data as they are.
TEST(Matrix, DerivedValuesAreSeenAsData) {
  Json rows = rows_of(
      "fields: {name: string, t: list, m: string, l: list, s1: string, s2: string, "
      "s3: string}\n"
      "derive:\n"
      "  t: '(1, 2)'\n"
      "  m: \"'<b>' | safe\"\n"
      "  l: \"[{'k': ['v'], 'n': none}]\"\n"
      "  s1: \"t ~ ''\"\n"
      "  s2: m | e\n"
      "  s3: \"l[0].k[0] ~ (l | tojson)\"\n"
      "entries: [{name: x}]\n");
  EXPECT_EQ(rows[0]["t"], Json::parse("[1, 2]"));
  EXPECT_EQ(rows[0]["s1"], "[1, 2]");
  EXPECT_EQ(rows[0]["s2"], "&lt;b&gt;");
  EXPECT_EQ(rows[0]["s3"], R"(v[{"k": ["v"], "n": null}])");
}

TEST(Matrix, DerivedFieldsSeeShardsAndTables) {
  Json rows = rows_of(
      "fields:\n"
      "  suites: {type: table, expand_shards: true, fields: {config: string}}\n"
      "  configs: string\n"
      "derive:\n"
      "  configs: \"suites | map(attribute='config') | unique | join(',')\"\n"
      "entries:\n"
      "  - suites: [{config: a, shards: 2}, {config: b}]\n");
  EXPECT_EQ(rows[0]["configs"], "a,b");
}

TEST(MatrixErrors, UnknownKeyWithDidYouMean) {
  EXPECT_EQ(error_of("expand_shards: true\n"
                     "fields: {config: string}\n"
                     "entries:\n"
                     "  - config: a\n"
                     "    shard: 3\n"),
            "m.yml:5:5: error: unknown key 'shard' (did you mean 'shards'?)");
  EXPECT_EQ(error_of("fields: {name: string}\nentires: []\n"),
            "m.yml:2:1: error: unknown key 'entires' (did you mean 'entries'?)");
}

TEST(MatrixErrors, WrongTypes) {
  EXPECT_EQ(error_of("fields: {name: string, n: int}\nentries:\n  - {name: a, n: 'x'}\n"),
            "m.yml:3:18: error: field 'n' must be of type int, not string");
  EXPECT_EQ(error_of("fields: {name: strng}\nentries: []\n"),
            "m.yml:1:16: error: unknown type 'strng' (did you mean 'string'?)");
  EXPECT_EQ(error_of("fields: {n: {type: int, default: 'x'}}\nentries: []\n"),
            "m.yml:1:34: error: default of field 'n' must be of type int, not string");
}

TEST(MatrixErrors, DuplicateKeys) {
  EXPECT_EQ(error_of("fields: {name: string}\nentries:\n  - name: a\n    name: b\n"),
            "m.yml:4:5: error: duplicate key 'name' (first defined at line 3)");
}

TEST(MatrixErrors, EmptyProducts) {
  EXPECT_EQ(error_of("fields: {a: string}\naxes:\n  a: []\n"),
            "m.yml:3:6: error: axis 'a' is empty, so the product has no rows");
  EXPECT_EQ(error_of("fields: {a: string}\naxes: {a: [x]}\nexclude:\n  - {a: x}\n"),
            "m.yml:1:1: error: the matrix has no rows (every combination is excluded)");
  EXPECT_EQ(error_of("fields: {a: string}\nentries: []\n"),
            "m.yml:2:10: error: the matrix has no rows (no entries)");
}

TEST(MatrixErrors, ExcludeThatMatchesNothing) {
  EXPECT_EQ(error_of("fields: {a: string, b: string}\n"
                     "axes: {a: [x, y], b: [z]}\n"
                     "exclude:\n"
                     "  - {a: x}\n"
                     "  - {a: w}\n"),
            "m.yml:5:5: error: exclude matches no combination of the axes");
  EXPECT_EQ(error_of("fields: {a: string, b: string}\n"
                     "axes: {a: [x, y]}\n"
                     "exclude:\n"
                     "  - {aa: x}\n"),
            "m.yml:4:6: error: unknown axis 'aa' (did you mean 'a'?)");
}

// An expression error points into the file where its value is not written as read: a
// folded scalar (lines joined), an escape; the rest of the line from the column is found.
TEST(MatrixErrors, ExpressionErrorsPointIntoFoldedAndEscapedValues) {
  EXPECT_EQ(error_of("fields: {n: int, z: int}\n"
                     "derive:\n"
                     "  z: >-\n"
                     "    n +\n"
                     "    n // 0\n"
                     "entries: [{n: 1}]\n"),
            "m.yml:5:7: error: in derived field 'z': integer division or modulo by zero");
  EXPECT_EQ(error_of("fields: {n: int, z: string}\n"
                     "derive: {z: \"'\\u00e9' ~ missing_name\"}\n"
                     "entries: [{n: 1}]\n"),
            "m.yml:2:23: error: in derived field 'z': 'missing_name' is undefined");
}

// Columns in the file count bytes: text of several bytes before the error, written as read.
TEST(MatrixErrors, ExpressionErrorsAfterMultiByteTextCountBytes) {
  EXPECT_EQ(error_of("fields: {n: int, z: string}\n"
                     "derive: {z: \"'\xc3\xa9\xc3\xa9' ~ missing_name\"}\n"
                     "entries: [{n: 1}]\n"),
            "m.yml:2:21: error: in derived field 'z': 'missing_name' is undefined");
  // A long value not written as read (an escape): its lines are read once (100,000 spaces
  // once made this quadratic).
  EXPECT_EQ(error_of("fields: {n: int, z: string}\n"
                     "derive: {z: \"'\\u00e9'" + std::string(100'000, ' ') + "~ missing_name\"}\n"
                     "entries: [{n: 1}]\n"),
            "m.yml:2:100022: error: in derived field 'z': 'missing_name' is undefined");
}

TEST(MatrixErrors, MissingRequiredFieldAtTheEntry) {
  EXPECT_EQ(error_of("fields: {name: string, os: string}\nentries:\n  - {name: a}\n"),
            "m.yml:3:5: error: missing required field 'os'");
}

TEST(MatrixErrors, BadDerivation) {
  EXPECT_EQ(error_of("fields: {a: string, b: string}\n"
                     "derive: {b: \"missing ~ 'x'\"}\n"
                     "entries: [{a: x}]\n"),
            "m.yml:2:22: error: in derived field 'b': 'missing' is undefined");
  EXPECT_EQ(error_of("fields: {a: string, b: string}\n"
                     "derive: {b: \"1 + 1\"}\n"
                     "entries: [{a: x}]\n"),
            "m.yml:2:13: error: derived field 'b' must be of type string, but is int 2");
  EXPECT_EQ(error_of("fields: {a: string}\nderive: {c: a}\nentries: [{a: x}]\n"),
            "m.yml:2:10: error: unknown field 'c' (did you mean 'a'?): a derived field must be "
            "declared in `fields`");
}

TEST(MatrixErrors, ShardsMustBePositive) {
  EXPECT_EQ(error_of("expand_shards: true\nfields: {c: string}\nentries:\n  - {c: a, shards: 0}\n"),
            "m.yml:4:20: error: `shards` must be an int >= 1");
}

TEST(Matrix, ErrorExcerptHasCaret) {
  try {
    expand(
        "expand_shards: true\nfields: {config: string}\nentries:\n  - config: a\n    shard: 3\n");
    FAIL();
  } catch (const DataError& e) {
    EXPECT_EQ(e.format(),
              "m.yml:5:5: error: unknown key 'shard' (did you mean 'shards'?)\n"
              "      shard: 3\n"
              "      ^\n");
  }
}
