// Conditional axes (`name: {values: [...], when: EXPR}`) and a matrix's `tables:` (other
// matrices' rows in its expressions): what they expand to, and each mistake at its position.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "data/load.h"
#include "matrix/matrix.h"
#include "matrix/matrix_set.h"
#include "support/matrix_text.h"

namespace fs = std::filesystem;
using wfgen::data::DataError;
using wfgen::data::Json;
using wfgen::matrix::ExpressionEvaluator;

namespace {

// The rows of `text` expanded by `eval`, which counts the expressions it evaluates.
std::vector<wfgen::matrix::Row> rows_by(ExpressionEvaluator& eval, const std::string& text) {
  auto doc = std::make_shared<wfgen::data::Document>(wfgen::data::parse_yaml(text, "m.yml"));
  return wfgen::matrix::expand_matrix(doc, eval).rows;
}

Json rows_of(const std::string& text) {
  static ExpressionEvaluator eval;
  Json out = Json::array();
  for (auto& r : rows_by(eval, text)) out.push_back(r.values);
  return out;
}

// The formatted error `expand` throws, or "no error".
template <class F>
std::string error_from(F expand) {
  try {
    expand();
  } catch (const DataError& e) {
    return e.what();
  }
  return "no error";
}

std::string error_of(const std::string& text) {
  return error_from([&] { rows_of(text); });
}

// One row as "value value ..." over `keys`, for short expectations.
std::string brief(const Json& row, const std::vector<std::string>& keys) {
  std::string s;
  for (const auto& k : keys) s += (s.empty() ? "" : " ") + row[k].get<std::string>();
  return s;
}

// Every row of `rows` as brief() gives it.
std::vector<std::string> briefs(const Json& rows, const std::vector<std::string>& keys) {
  std::vector<std::string> all;
  for (const auto& r : rows) all.push_back(brief(r, keys));
  return all;
}

const char* kBuilds =
    "fields:\n"
    "  os: string\n"
    "  package: string\n"
    "  python: {type: string, default: '-'}\n"
    "  accelerator: string\n"
    "  cuda: {type: string, default: '-'}\n"
    "  runner: {type: string, default: small}\n";

}  // namespace

TEST(MatrixWhen, AConditionalAxisAppliesWhereItsConditionHolds) {
  Json rows = rows_of(std::string(kBuilds) +
                      "axes:\n"
                      "  os: [linux]\n"
                      "  package: [wheel, libtorch]\n"
                      "  python: {values: ['3.10', '3.11'], when: \"package == 'wheel'\"}\n"
                      "  accelerator: [cpu, cuda]\n"
                      "  cuda: {values: ['12.6', '12.8'], when: \"accelerator == 'cuda'\"}\n");
  EXPECT_EQ(briefs(rows, {"package", "python", "accelerator", "cuda"}),
            (std::vector<std::string>{
                "wheel 3.10 cpu -", "wheel 3.10 cuda 12.6", "wheel 3.10 cuda 12.8",
                "wheel 3.11 cpu -", "wheel 3.11 cuda 12.6", "wheel 3.11 cuda 12.8",
                "libtorch - cpu -", "libtorch - cuda 12.6", "libtorch - cuda 12.8"}));
}

TEST(MatrixWhen, ExcludeAndIncludeMatchOnlyRowsThatHaveTheAxis) {
  Json rows = rows_of(std::string(kBuilds) +
                      "axes:\n"
                      "  os: [linux, windows]\n"
                      "  package: [wheel]\n"
                      "  accelerator: [cpu, cuda]\n"
                      "  cuda: {values: ['12.6', '12.9'], when: \"accelerator == 'cuda'\"}\n"
                      "exclude:\n"
                      "  - {os: windows, cuda: '12.9'}\n"
                      "include:\n"
                      "  - {cuda: '12.6', runner: gpu}\n");
  EXPECT_EQ(
      briefs(rows, {"os", "accelerator", "cuda", "runner"}),
      (std::vector<std::string>{"linux cpu - small", "linux cuda 12.6 gpu", "linux cuda 12.9 small",
                                "windows cpu - small", "windows cuda 12.6 gpu"}));
}

// A condition is decided once per distinct values of the fields it names: every field it
// reads counts, and a field a combination lacks differs from any value.
TEST(MatrixWhen, AConditionIsDecidedByEveryFieldItReads) {
  Json rows = rows_of(
      "fields:\n"
      "  a: string\n"
      "  b: {type: string, default: '-'}\n"
      "  d: string\n"
      "  c: {type: string, default: '-'}\n"
      "axes:\n"
      "  a: [x, y]\n"
      "  b: {values: ['1', '2'], when: \"a == 'x'\"}\n"
      "  d: [p, q]\n"
      "  c: {values: [on], when: \"a == 'x' and b == '2' or a == 'y' and b is not defined\"}\n");
  EXPECT_EQ(briefs(rows, {"a", "b", "d", "c"}),
            (std::vector<std::string>{"x 1 p -", "x 1 q -", "x 2 p on", "x 2 q on", "y - p on",
                                      "y - q on"}));
}

// Values that print alike are still told apart: infinities, NaN and null (all `null` as
// JSON), 1 and 1.0, '1' and 1.
TEST(MatrixWhen, ValuesThatPrintAlikeAreToldApart) {
  Json rows = rows_of(
      "fields: {x: any, c: {type: string, default: '-'}}\n"
      "axes:\n"
      "  x: [.inf, -.inf, .nan, null, 1, 1.0, '1', [1], ['1']]\n"
      "  c: {values: [on], when: \"x is number and x > 0 and x is float or x == ['1']\"}\n");
  std::vector<std::string> got;
  for (const Json& r : rows) got.push_back(r["c"].get<std::string>());
  EXPECT_EQ(got, (std::vector<std::string>{"on", "-", "-", "-", "-", "on", "-", "-", "on"}));
}

TEST(MatrixWhenErrors, AConditionThatFailsOnlyForLaterValuesFailsThere) {
  EXPECT_EQ(error_of("fields: {n: int, m: string, c: {type: string, default: ''}}\n"
                     "axes:\n"
                     "  n: [1, 1, 0]\n"
                     "  m: [a, b]\n"
                     "  c: {values: [on], when: \"10 // n > 1\"}\n"),
            "m.yml:5:31: error: in `when` of axis 'c': integer division or modulo by zero");
}

TEST(MatrixWhenErrors, PositionedAtTheAxis) {
  EXPECT_EQ(error_of("fields: {package: string, python: string}\n"
                     "axes:\n"
                     "  package: [wheel]\n"
                     "  python: {values: ['3.10'], when: \"package == 'wheel'\"}\n"),
            "m.yml:4:36: error: axis 'python' applies only `when` its condition holds, so "
            "field 'python' needs a default (its value everywhere else)");
  EXPECT_EQ(error_of("fields: {package: string, python: {type: string, default: ''}}\n"
                     "axes:\n"
                     "  package: [wheel]\n"
                     "  python: {values: ['3.10'], when: \"pkg == 'wheel'\"}\n"),
            "m.yml:4:37: error: in `when` of axis 'python': 'pkg' is undefined");
  EXPECT_EQ(error_of("fields: {package: string, python: {type: string, default: ''}}\n"
                     "axes:\n"
                     "  package: [wheel]\n"
                     "  python: {valuse: ['3.10']}\n"),
            "m.yml:4:12: error: unknown axis option 'valuse' (did you mean 'values'?)");
  EXPECT_EQ(error_of("fields: {package: string, python: {type: string, default: ''}}\n"
                     "axes:\n"
                     "  package: [wheel]\n"
                     "  python: {when: 'true'}\n"),
            "m.yml:4:11: error: axis 'python' needs `values`");
  EXPECT_EQ(error_of("fields: {package: string, python: {type: string, default: ''}}\n"
                     "axes:\n"
                     "  package: [wheel]\n"
                     "  python: {values: [], when: 'true'}\n"),
            "m.yml:4:20: error: axis 'python' is empty, so the product has no rows");
}

TEST(MatrixWhenErrors, AnIncludeThatMatchesNoRowSaysSo) {
  EXPECT_EQ(error_of(std::string(kBuilds) +
                     "axes:\n"
                     "  os: [linux]\n"
                     "  package: [wheel]\n"
                     "  accelerator: [cpu, cuda]\n"
                     "  cuda: {values: ['12.6'], when: \"accelerator == 'cuda'\"}\n"
                     "include:\n"
                     "  - {cuda: '12.9', runner: gpu}\n"),
            "m.yml:14:5: error: missing required field 'os' (this include item agrees with no "
            "combination of the axes, so it is a new row)");
}

// A derivation is kept by the values of the fields it names (as a `when` is): every value
// it reads counts, a derived one included, and values that print alike are told apart.
TEST(MatrixKept, ADerivationIsDecidedByEveryFieldItReads) {
  Json rows = rows_of(
      "fields: {a: any, b: string, x: string, y: string}\n"
      "axes:\n"
      "  a: [1, 1.0, '1', 1, .inf, -.inf]\n"
      "  b: [p, q]\n"
      "derive:\n"
      "  x: \"(a is float) ~ (a is string) ~ (a > 2 if a is number else '') ~ b\"\n"
      "  y: \"x ~ '/' ~ b\"\n");
  EXPECT_EQ(briefs(rows, {"x", "y"}),
            (std::vector<std::string>{
                "FalseFalseFalsep FalseFalseFalsep/p", "FalseFalseFalseq FalseFalseFalseq/q",
                "TrueFalseFalsep TrueFalseFalsep/p", "TrueFalseFalseq TrueFalseFalseq/q",
                "FalseTruep FalseTruep/p", "FalseTrueq FalseTrueq/q",
                "FalseFalseFalsep FalseFalseFalsep/p", "FalseFalseFalseq FalseFalseFalseq/q",
                "TrueFalseTruep TrueFalseTruep/p", "TrueFalseTrueq TrueFalseTrueq/q",
                "TrueFalseFalsep TrueFalseFalsep/p", "TrueFalseFalseq TrueFalseFalseq/q"}));
}

// Values are kept: 12 rows that repeat 2 values of the field a derivation reads evaluate it
// twice; a `when` over 3 values of its field, for 6 combinations, 3 times.
TEST(MatrixKept, EachDistinctValueIsEvaluatedOnce) {
  ExpressionEvaluator eval;
  auto rows = rows_by(eval,
                      "fields: {os: string, n: string, tag: string, py: {type: string, default: '-'}}\n"
                      "axes:\n"
                      "  os: [linux, windows, linux]\n"
                      "  n: ['1', '2', '3', '4']\n"
                      "derive: {tag: \"os ~ '-build'\"}\n");
  ASSERT_EQ(rows.size(), 12u);
  EXPECT_EQ(rows[4].values["tag"], "windows-build");
  EXPECT_EQ(eval.evaluations(), 2u);
  ExpressionEvaluator eval2;
  EXPECT_EQ(rows_by(eval2,
                    "fields: {os: string, n: string, py: {type: string, default: '-'}}\n"
                    "axes:\n"
                    "  n: ['1', '2']\n"
                    "  os: [linux, windows, macos]\n"
                    "  py: {values: ['3.12'], when: \"os != 'macos'\"}\n")
                .size(),
            6u);
  EXPECT_EQ(eval2.evaluations(), 3u);
}

// A row's scope holds only the fields its matrix's expressions name: a check sees a field
// and a derived value no derivation reads, a field an entry set over its derivation, and
// the values derived before it.
TEST(MatrixScope, ChecksSeeWhatNoDerivationReads) {
  const std::string spec =
      "fields: {a: string, b: string, c: string, d: string, e: {type: string, default: ''}}\n"
      "derive: {c: \"a ~ '1'\", d: \"c ~ '2'\"}\n"
      "checks: [{assert: \"b ~ d ~ e != 'nx12'\", message: b d e, at: b}]\n";
  Json rows = rows_of(spec + "entries: [{a: x, b: m}, {a: y, b: n, c: z, e: w}]\n");
  EXPECT_EQ(briefs(rows, {"c", "d", "e"}), (std::vector<std::string>{"x1 x12 ", "z z2 w"}));
  EXPECT_EQ(error_of(spec + "entries: [{a: y, b: m}, {a: x, b: n}]\n"),
            "m.yml:4:35: error: b d e");
}

// An expression fails over what its scope holds of the row as it would over the whole row:
// nothing it mentions is missing, and a message names no other variable.
TEST(MatrixScope, AFailingExpressionFailsAsOverTheWholeRow) {
  EXPECT_EQ(error_of("fields: {a: string, b: string, c: string}\n"
                     "derive: {c: \"a ~ b.x.y\"}\n"
                     "entries: [{a: x, b: m}]\n"),
            "m.yml:2:21: error: in derived field 'c': 'str object' has no attribute 'x'");
  EXPECT_EQ(error_of("fields: {a: string, b: string, c: string}\n"
                     "derive: {c: \"a ~ '1'\"}\n"
                     "checks: [{assert: \"c ~ bb\", message: m}]\n"
                     "entries: [{a: x, b: m}]\n"),
            "m.yml:3:22: error: in check: 'bb' is undefined");
}

// In a matrix that keeps nothing (an expression changes a value) a row's expressions still
// share one scope, in order: a check sees the list a derivation appended to, and fails
// where it reads a name the row does not have only when it gets there.
TEST(MatrixScope, ExpressionsOfAnImpureMatrixShareTheRowsScope) {
  const std::string spec =
      "fields: {l: list, a: int}\n"
      "derive: {a: \"l.append(9) or l | length\"}\n";
  Json rows = rows_of(spec + "checks: [{assert: \"l | length == 4 or boom\", message: m}]\n"
                             "entries: [{l: [1, 2, 3]}]\n");
  EXPECT_EQ(rows[0]["a"], 4);
  EXPECT_EQ(error_of(spec + "checks: [{assert: \"l | length == 3 or boom\", message: m}]\n"
                            "entries: [{l: [1, 2, 3]}]\n"),
            "m.yml:3:19: error: in check: 'boom' is undefined");
}

// A list (or mapping) is kept only once the values it was made from come again: over 12
// rows that repeat 3 values, its derivation is evaluated twice for each (a scalar's, once).
TEST(MatrixKept, AListIsKeptOnceItsValuesComeAgain) {
  ExpressionEvaluator eval;
  auto rows = rows_by(eval,
                      "fields: {os: string, n: string, tags: list}\n"
                      "axes:\n"
                      "  n: ['1', '2', '3', '4']\n"
                      "  os: [linux, windows, macos]\n"
                      "derive: {tags: \"[os, os ~ '-build']\"}\n");
  ASSERT_EQ(rows.size(), 12u);
  for (const auto& row : rows) {
    const std::string os = row.values["os"];
    EXPECT_EQ(row.values["tags"], Json::array({os, os + "-build"}));
  }
  EXPECT_EQ(eval.evaluations(), 6u);
}

// An expression that changes a value (`l.append(a)`) makes its matrix keep nothing: every
// expression of it is evaluated for every row, so a later one reads what the change made.
TEST(MatrixKept, AnImpureExpressionKeepsNothing) {
  Json rows = rows_of(
      "fields: {a: string, l: {type: list, default: [0]}, n: any, m: any}\n"
      "axes:\n"
      "  a: [x, y, x]\n"
      "derive:\n"
      "  n: \"l.append(a) or l | length\"\n"
      "  m: \"l | last\"\n");
  std::vector<std::string> got;
  for (const Json& r : rows) got.push_back(r["n"].dump() + " " + r["m"].get<std::string>());
  EXPECT_EQ(got, (std::vector<std::string>{"2 x", "2 y", "2 x"}));
}

// `tables:` gives a matrix's expressions the rows of other matrices of the project.
class MatrixTables : public ::testing::Test {
 protected:
  void SetUp() override {
    root = fs::temp_directory_path() /
           ("wfgen-matrix-tables-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root);
    write("matrices/builds.yml",
          "fields: {os: string, name: string}\n"
          "entries: [{os: linux, name: a}, {os: linux, name: b}, {os: windows, name: c}]\n");
  }
  void TearDown() override { fs::remove_all(root); }
  void write(const std::string& rel, const std::string& text) {
    fs::create_directories((root / rel).parent_path());
    std::ofstream(root / rel, std::ios::binary) << text;
  }
  Json rows(const std::string& path) {
    Json out = Json::array();
    for (const auto& r : wfgen::testing::load_project_matrix(root, path).rows)
      out.push_back(r.values);
    return out;
  }
  std::string error_of(const std::string& path) {
    return error_from([&] { rows(path); });
  }
  // The rows of matrices/workflows.yml, written as `text`.
  Json workflows(const std::string& text) {
    write("matrices/workflows.yml", text);
    return rows("matrices/workflows.yml");
  }
  fs::path root;
};

TEST_F(MatrixTables, DeriveAndChecksSeeTheRows) {
  const std::string spec =
      "tables: {builds: matrices/builds.yml}\n"
      "fields: {os: string, names: list}\n"
      "derive:\n"
      "  names: \"builds | selectattr('os', 'eq', os) | map(attribute='name') | list\"\n"
      "checks:\n"
      "  - {assert: names, message: the workflow builds nothing}\n";
  write("matrices/workflows.yml", spec + "entries: [{os: linux}, {os: windows}]\n");
  EXPECT_EQ(rows("matrices/workflows.yml").dump(),
            R"([{"os":"linux","names":["a","b"]},{"os":"windows","names":["c"]}])");
  write("matrices/workflows.yml", spec + "entries:\n  - {os: linux}\n  - {os: macos}\n");
  EXPECT_EQ(error_of("matrices/workflows.yml"),
            "matrices/workflows.yml:9:5: error: the workflow builds nothing");
}

// A check that changes a table (`builds.pop()`) is seen by the derivations of the rows
// after it: nothing of the matrix is kept.
TEST_F(MatrixTables, AChangedTableIsReadAgain) {
  Json got = workflows(
        "tables: {builds: matrices/builds.yml}\n"
        "fields: {os: string, count: int}\n"
        "derive: {count: \"builds | length\"}\n"
        "checks: [{assert: \"builds.pop()\", message: none left}]\n"
        "entries: [{os: linux}, {os: linux}, {os: linux}]\n");
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0]["count"], 3);
  EXPECT_EQ(got[1]["count"], 2);
  EXPECT_EQ(got[2]["count"], 1);
}

// So does a nested table's derivation that pops it: the whole matrix keeps nothing.
TEST_F(MatrixTables, AChangeInANestedTableIsSeenByItsRow) {
  Json got = workflows(
        "tables: {builds: matrices/builds.yml}\n"
        "fields:\n"
        "  os: string\n"
        "  count: int\n"
        "  runs:\n"
        "    type: table\n"
        "    fields: {w: string, popped: string}\n"
        "    derive: {popped: \"builds.pop().name\"}\n"
        "derive: {count: \"builds | length\"}\n"
        "entries: [{os: a, runs: [{w: x}]}, {os: a, runs: [{w: y}]}, {os: a, runs: [{w: z}]}]\n");
  ASSERT_EQ(got.size(), 3u);
  std::vector<std::string> seen;
  for (const Json& r : got) seen.push_back(r["count"].dump() + r["runs"][0]["popped"].get<std::string>());
  EXPECT_EQ(seen, (std::vector<std::string>{"2c", "1b", "0a"}));
}

// A nested field named like a table: the table is what its expressions see until the
// field is derived, then the derived value, in every row, kept or not.
TEST_F(MatrixTables, ADerivedFieldNamedLikeATableIsSeenOverIt) {
  Json got = workflows(
        "tables: {os: matrices/builds.yml}\n"
        "fields:\n"
        "  job: string\n"
        "  steps:\n"
        "    type: table\n"
        "    fields: {k: string, os: string, n: int}\n"
        "    derive: {n: \"os | length\", os: \"'linux'\"}\n"
        "    checks: [{assert: \"os == 'linux'\", message: os is not linux}]\n"
        "entries: [{job: a, steps: [{k: x}, {k: y}, {k: z}]}]\n");
  ASSERT_EQ(got.size(), 1u);
  ASSERT_EQ(got[0]["steps"].size(), 3u);
  for (const Json& step : got[0]["steps"]) {
    EXPECT_EQ(step["os"], "linux");
    EXPECT_EQ(step["n"], 3);  // the table's rows
  }
}

// A kept value is a copy, so a matrix whose expressions can tell an object from its copy
// (`sameas`) keeps nothing: `x` is the table itself in every row.
TEST_F(MatrixTables, SameasSeesTheObjectEveryTime) {
  Json got = workflows(
        "tables: {builds: matrices/builds.yml}\n"
        "fields: {os: string, x: any, same: bool}\n"
        "derive: {x: \"builds\", same: \"x is sameas builds\"}\n"
        "entries: [{os: a}, {os: a}, {os: a}]\n");
  ASSERT_EQ(got.size(), 3u);
  for (const Json& r : got) EXPECT_EQ(r["same"], true);
}

TEST_F(MatrixTables, MistakesAtTheTable) {
  write("matrices/w.yml",
        "tables: {builds: matrices/none.yml}\nfields: {os: string}\nentries: [{os: a}]\n");
  EXPECT_EQ(error_of("matrices/w.yml"),
            "matrices/w.yml:1:18: error: matrix 'matrices/none.yml' does not exist");
  write("matrices/w.yml",
        "tables: {os: matrices/builds.yml}\nfields: {os: string}\nentries: [{os: a}]\n");
  EXPECT_EQ(error_of("matrices/w.yml"),
            "matrices/w.yml:1:10: error: table 'os' has the name of a field");
  write("matrices/w.yml", "tables: {builds: [a]}\nfields: {os: string}\nentries: [{os: a}]\n");
  EXPECT_EQ(error_of("matrices/w.yml"),
            "matrices/w.yml:1:18: error: a table is the path of a matrix file");
  write("matrices/w.yml",
        "tables: {builds: ../builds.yml}\nfields: {os: string}\nentries: [{os: a}]\n");
  EXPECT_EQ(error_of("matrices/w.yml"),
            "matrices/w.yml:1:18: error: '../builds.yml' must be a relative path inside the "
            "project");
  write("matrices/w.yml",
        "tables: {me: matrices/w.yml}\nfields: {os: string}\nentries: [{os: a}]\n");
  EXPECT_EQ(error_of("matrices/w.yml"),
            "matrices/w.yml:1:14: error: matrices refer to each other's rows in a cycle: "
            "matrices/w.yml -> matrices/w.yml");
}
