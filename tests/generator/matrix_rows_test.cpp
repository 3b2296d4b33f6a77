// Rows that come from nested rows (`expand_table`), values that name sibling rows
// (`one_of: {field: ...}`) and keys declared by another data file (`one_of: {file: ...}`):
// what they make, and where each mistake is reported.
#include <gtest/gtest.h>

#include "support/matrix_text.h"

using wfgen::testing::error_of;
using wfgen::testing::expand;

namespace {

// A family written once that runs in several workflows, each with its own settings.
const char* kFamilies =
    "fields:\n"
    "  name: string\n"
    "  image: {type: string, default: plain}\n"
    "  runs:\n"
    "    type: table\n"
    "    fields:\n"
    "      workflow: {type: string, unique: true}\n"
    "      shards: {type: int, default: 1}\n"
    "  build_id: {type: string, unique: workflow}\n"
    "expand_table: runs\n"
    "derive: {build_id: \"name ~ '-build'\"}\n"
    "entries:\n"
    "  - name: a\n"
    "    runs: [{workflow: pull, shards: 2}, {workflow: trunk}]\n"
    "  - name: b\n"
    "    image: special\n"
    "    runs:\n"
    "      - workflow: trunk\n";

}  // namespace

TEST(MatrixExpandTable, OneRowPerNestedRowWithItsFields) {
  auto m = expand(kFamilies);
  ASSERT_EQ(m.rows.size(), 3u);
  EXPECT_EQ(m.rows[0].values.dump(),
            R"({"name":"a","image":"plain","build_id":"a-build","workflow":"pull","shards":2})");
  EXPECT_EQ(m.rows[1].values["workflow"], "trunk");
  EXPECT_EQ(m.rows[1].values["shards"], 1);
  EXPECT_EQ(m.rows[2].values["image"], "special");
  // Each row's origin is its nested row, so `wfgen list` and messages point at the run.
  EXPECT_EQ(m.origin(m.rows[1]).line, 14);
  EXPECT_EQ(m.origin(m.rows[1]).col, 41);
  EXPECT_EQ(m.origin(m.rows[2]).line, 18);
}

TEST(MatrixExpandTable, UniqueAcrossEntriesWithinAGroup) {
  EXPECT_EQ(error_of(std::string(kFamilies) + "  - name: a\n    runs: [{workflow: pull}]\n"),
            "m.yml:20:12: error: derived field 'build_id' must be unique among rows with the "
            "same workflow: 'a-build' is already used at line 14, column 12");
  // A run listed twice in one entry is the nested table's own `unique`.
  EXPECT_EQ(error_of(std::string(kFamilies) +
                     "  - name: c\n    runs: [{workflow: pull}, {workflow: pull}]\n"),
            "m.yml:20:41: error: field 'workflow' must be unique: 'pull' is already used at "
            "line 20, column 23");
}

TEST(MatrixExpandTable, NestedMapsAreMergedOverTheRows) {
  auto m = expand(
      "fields:\n"
      "  with: {type: map, default: {}}\n"
      "  runs: {type: table, fields: {workflow: string, with: {type: map, default: {}}}}\n"
      "expand_table: runs\n"
      "entries:\n"
      "  - with: {a: 1, b: 2}\n"
      "    runs: [{workflow: x, with: {b: 3, c: 4}}, {workflow: y}]\n");
  ASSERT_EQ(m.rows.size(), 2u);
  EXPECT_EQ(m.rows[0].values["with"].dump(), R"({"a":1,"b":3,"c":4})");
  EXPECT_EQ(m.rows[1].values["with"].dump(), R"({"a":1,"b":2})");
}

TEST(MatrixExpandTable, DeclarationMistakes) {
  EXPECT_EQ(error_of("fields: {a: string, t: {type: table, fields: {b: int}}}\n"
                     "expand_table: x\nentries: []\n"),
            "m.yml:2:15: error: unknown table field 'x' (did you mean 't'?): `expand_table` "
            "names a `type: table` field");
  EXPECT_EQ(error_of("fields: {a: string, t: {type: table, fields: {a: int}}}\n"
                     "expand_table: t\nentries: []\n"),
            "m.yml:1:47: error: field 'a' of table 't' is also a field of the row it expands "
            "(only two maps may share a name: the nested one is merged over the row's)");
  EXPECT_EQ(error_of("fields: {a: {type: string, expand_table: b}}\nentries: []\n"),
            "m.yml:1:13: error: only `type: table` fields may declare fields, derive, checks, "
            "expand_shards or expand_table");
}

TEST(MatrixExpandTable, ShardsAndErrorsOfNestedValues) {
  const char* spec =
      "fields:\n"
      "  name: string\n"
      "  runs:\n"
      "    type: table\n"
      "    fields: {workflow: string, tests: {type: table, expand_shards: true, fields: "
      "{config: string}, default: []}}\n"
      "checks:\n"
      "  - {assert: \"workflow != 'nightly' or name == 'x'\", message: only x runs nightly, at: "
      "workflow}\n"
      "expand_table: runs\n"
      "entries:\n";
  auto m = expand(std::string(spec) +
                  "  - {name: x, runs: [{workflow: nightly, tests: [{config: d, shards: 2}]}]}\n");
  ASSERT_EQ(m.rows.size(), 1u);
  EXPECT_EQ(m.rows[0].values["tests"].size(), 2u);
  EXPECT_EQ(error_of(std::string(spec) + "  - {name: y, runs: [{workflow: nightly}]}\n"),
            "m.yml:10:33: error: only x runs nightly");
  EXPECT_EQ(error_of(std::string(spec) +
                     "  - {name: y, runs: [{workflow: a, tests: [{config: d, shards: 0}]}]}\n"),
            "m.yml:10:64: error: `shards` must be an int >= 1");
  // An entry that runs nowhere makes no row.
  EXPECT_EQ(expand(std::string(spec) + "  - {name: x, runs: []}\n  - {name: y, runs: [{workflow: "
                                       "a}]}\n")
                .rows.size(),
            1u);
}

TEST(MatrixUnique, EachItemOfAListField) {
  const char* spec =
      "fields:\n"
      "  workflow: string\n"
      "  ids: {type: list, unique: workflow}\n"
      "entries:\n"
      "  - {workflow: pull, ids: [a-build, a-test]}\n"
      "  - {workflow: trunk, ids: [a-build]}\n";
  EXPECT_EQ(expand(spec).rows.size(), 2u);
  EXPECT_EQ(error_of(std::string(spec) + "  - {workflow: pull, ids: [b-build, a-test]}\n"),
            "m.yml:7:37: error: field 'ids' must be unique among rows with the same workflow: "
            "'a-test' is already used at line 5, column 37");
  EXPECT_EQ(error_of(std::string(spec) + "  - {workflow: pull, ids: [c, c]}\n"),
            "m.yml:7:31: error: field 'ids' must be unique among rows with the same workflow: "
            "'c' is already used at line 7, column 28");
}

TEST(MatrixSiblings, ValuesNameRowsOfTheSameTable) {
  const char* spec =
      "fields:\n"
      "  workflow: string\n"
      "  ids: list\n"
      "  needs:\n"
      "    type: list\n"
      "    default: []\n"
      "    items: {one_of: {field: ids, match: workflow}}\n"
      "entries:\n"
      "  - {workflow: pull, ids: [a-build, a-test]}\n"
      "  - {workflow: trunk, ids: [b-build]}\n";
  EXPECT_EQ(expand(std::string(spec) + "  - {workflow: pull, ids: [c], needs: [a-build]}\n")
                .rows.size(),
            3u);
  EXPECT_EQ(error_of(std::string(spec) + "  - {workflow: pull, ids: [c], needs: [a-test, a-biuld]}\n"),
            "m.yml:11:48: error: field 'needs': item 2: 'a-biuld' is not one of the 'ids' values "
            "of this table's rows with workflow 'pull' (did you mean 'a-build'?)");
  // b-build exists, but in trunk.
  EXPECT_EQ(error_of(std::string(spec) + "  - {workflow: pull, ids: [c], needs: [b-build]}\n"),
            "m.yml:11:40: error: field 'needs': item 1: 'b-build' is not one of the 'ids' values "
            "of this table's rows with workflow 'pull' (did you mean 'a-build'?)");
}

TEST(MatrixSiblings, ScalarsInNestedTablesAndDeclarationMistakes) {
  EXPECT_EQ(error_of("fields:\n"
                     "  jobs:\n"
                     "    type: table\n"
                     "    fields:\n"
                     "      id: string\n"
                     "      after: {type: string, default: null, one_of: {field: id}}\n"
                     "entries:\n"
                     "  - jobs: [{id: a}, {id: b, after: a}]\n"
                     "  - jobs: [{id: c, after: a}]\n"),
            "m.yml:9:27: error: field 'after': 'a' is not one of the 'id' values of this "
            "table's rows (did you mean 'c'?)");
  EXPECT_EQ(error_of("fields: {id: string, after: {type: string, one_of: {field: idd}}}\n"
                     "entries: []\n"),
            "m.yml:1:60: error: unknown field 'idd' (did you mean 'id'?): `one_of: {field: ...}` "
            "names a field of this table's rows");
  EXPECT_EQ(error_of("fields: {id: string, after: {type: string, one_of: {field: id, match: "
                     "wf}}}\nentries: []\n"),
            "m.yml:1:71: error: unknown field 'wf' (did you mean 'id'?): `match` names fields "
            "of this table's rows");
  EXPECT_EQ(error_of("fields: {id: {type: string, one_of: {file: m.yml, keys_at: /a, match: "
                     "id}}}\nentries: []\n"),
            "m.yml:1:64: error: `match` does not go with `file`");
}

// `one_of: {file: PATH, keys_at: POINTER}`: the keys of a mapping in a data file.
class MatrixFileKeys : public wfgen::testing::MatrixProject {
 protected:
  void SetUp() override {
    MatrixProject::SetUp();
    write("interfaces/_build.yml",
          "name: build\non:\n  workflow_call:\n    inputs:\n"
          "      build-environment: {required: true, type: string}\n"
          "      sync-tag: {required: false, type: string, default: ''}\n");
  }
};

TEST_F(MatrixFileKeys, MapKeysMustBeDeclaredByTheFile) {
  const std::string spec =
      "fields:\n"
      "  with:\n"
      "    type: map\n"
      "    keys: {one_of: {file: interfaces/_build.yml, keys_at: /on/workflow_call/inputs}}\n"
      "entries:\n";
  write("m.yml", spec + "  - with: {sync-tag: x}\n");
  EXPECT_EQ(error_of("m.yml"), "no error");
  write("m.yml", spec + "  - with: {sync-tag: x, synctag: y}\n");
  EXPECT_EQ(error_of("m.yml"),
            "m.yml:6:25: error: field 'with': key 'synctag': 'synctag' is not one of the keys of "
            "/on/workflow_call/inputs in interfaces/_build.yml (did you mean 'sync-tag'?)");
}

TEST_F(MatrixFileKeys, MissingFileOrMapping) {
  write("m.yml",
        "fields: {k: {type: string, one_of: {file: interfaces/none.yml, keys_at: /on}}}\n"
        "entries: [{k: a}]\n");
  EXPECT_EQ(error_of("m.yml"), "m.yml:1:43: error: file 'interfaces/none.yml' does not exist");
  write("m.yml",
        "fields: {k: {type: string, one_of: {file: interfaces/_build.yml, keys_at: /name}}}\n"
        "entries: [{k: a}]\n");
  EXPECT_EQ(error_of("m.yml"),
            "m.yml:1:75: error: no mapping at '/name' in interfaces/_build.yml");
  write("m.yml",
        "fields: {k: {type: string, one_of: {file: interfaces/_build.yml, keys_at: on}}}\n"
        "entries: [{k: a}]\n");
  EXPECT_EQ(error_of("m.yml"),
            "m.yml:1:75: error: `keys_at` is a JSON pointer: '/on/workflow_call/inputs'");
}

// `one_of: {matrix: ..., field: F}` with a list field F: each item is a value to name.
class MatrixListReferences : public wfgen::testing::MatrixProject {};

TEST_F(MatrixListReferences, AListFieldOffersItsItems) {
  write("jobs.yml", "fields: {ids: list}\nentries: [{ids: [a-build, a-test]}, {ids: [b-build]}]\n");
  write("m.yml",
        "fields: {needs: {type: string, one_of: {matrix: jobs.yml, field: ids}}}\n"
        "entries: [{needs: a-test}, {needs: b-test}]\n");
  EXPECT_EQ(error_of("m.yml"),
            "m.yml:2:36: error: field 'needs': 'b-test' is not one of the 'ids' values of jobs.yml "
            "(did you mean 'a-test'?)");
}
