// Hostile data, matrices and manifests (issue 14): nesting a million deep, aliases that
// contain themselves or repeat a node billions of times, products and shards of billions
// of rows, expressions that try to close their template. Each ends in an error at its
// position, before anything of that size is made; the limits are set in wfgen.yml's
// `limits:` and on the command line.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "data/error.h"
#include "data/json_direct.h"
#include "data/load.h"
#include "jinja/error.h"
#include "jinja/limits.h"
#include "jinja/python/ops.h"
#include "matrix/matrix.h"
#include "pipeline/pipeline.h"
#include "support/big_stack.h"

namespace fs = std::filesystem;
using wfgen::data::DataError;

namespace {

std::string repeat(std::string_view s, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

// The first line of the error loading `text` gives (JSON straight to values, or the
// positioned loader of matrices and manifests), or its repr when it loads.
std::string direct_json(const std::string& text) {
  try {
    return wfgen::jinja::to_repr(wfgen::data::parse_json_value(text, "d.json"));
  } catch (const DataError& e) {
    return e.what();
  }
}
std::string positioned(const std::string& text, const std::string& name) {
  try {
    wfgen::data::Document doc = name.ends_with(".json") ? wfgen::data::parse_json(text, name)
                                                        : wfgen::data::parse_yaml(text, name);
    return doc.root().dump();
  } catch (const DataError& e) {
    return e.what();
  }
}

std::string expand_error(const std::string& text) {
  return wfgen::testing::on_big_stack([&]() -> std::string {
    wfgen::matrix::ExpressionEvaluator eval;
    try {
      auto doc = std::make_shared<wfgen::data::Document>(wfgen::data::parse_yaml(text, "m.yml"));
      wfgen::matrix::expand_matrix(doc, eval);
    } catch (const DataError& e) {
      return e.what();
    }
    return "no error";
  });
}

const size_t kDeep = 1'000'000;

TEST(HostileData, JsonNestedAMillionDeepIsAPositionedError) {
  std::string deep = "{\"x\": " + repeat("[", kDeep) + repeat("]", kDeep) + "}";
  const std::string expected =
      "d.json:1:1006: error: data nested more than 1000 levels deep (limit max_depth = 1000)";
  EXPECT_EQ(direct_json(deep), expected);
  EXPECT_EQ(positioned(deep, "d.json"), expected);
  // Deeper than the old hidden limit of 512, within max_depth: accepted by both.
  std::string six_hundred = repeat("[", 600) + repeat("]", 600);
  EXPECT_EQ(direct_json(six_hundred).size(), 1200u);
  EXPECT_EQ(positioned(six_hundred, "d.json").size(), 1200u);
}

// A NUL byte ends the input for nlohmann's lexer; both loaders refuse it where it is
// (json_fuzz found `{"s": "\u2713"}` + NUL accepted by one and refused by the other).
TEST(HostileData, JsonWithANulByteIsRefusedWhereItIs) {
  const std::string text = std::string(R"({"s": "\u2713"})") + '\0' + "junk";
  EXPECT_EQ(positioned(text, "d.json"), "d.json:1:16: error: invalid JSON: a NUL byte");
  EXPECT_EQ(direct_json(text), "d.json:1:16: error: invalid JSON: a NUL byte");
  EXPECT_EQ(positioned(std::string("[\"a") + '\0' + "b\"]", "d.json"),
            "d.json:1:4: error: invalid JSON: a NUL byte");
}

// Python's json and float() read what a double cannot hold as inf, -inf and 0.0.
TEST(HostileData, OutOfRangeNumbersAsPython) {
  EXPECT_EQ(direct_json(R"({"x": [1e999, -1e999, 1e-999, -1e-999]})"),
            "{'x': [inf, -inf, 0.0, -0.0]}");
  // nlohmann's parser (matrices and manifests in JSON) refuses them: an error, positioned.
  EXPECT_EQ(positioned(R"([1, -1e999])", "d.json"),
            "d.json:1:5: error: the number -1e999 is beyond a double's range (write it as a "
            "string)");
  EXPECT_EQ(direct_json("123" + repeat("4", 5000)),
            "d.json:1:1: error: Exceeds the limit (4300 digits) for integer string conversion: "
            "value has 5003 digits; use sys.set_int_max_str_digits() to increase the limit");
}

TEST(HostileData, YamlAliasCyclesAndBombs) {
  EXPECT_EQ(positioned("x: &a [*a]\n", "d.yml"),
            "d.yml:1:8: error: alias '*a' refers to a node that contains it (a cycle)");
  EXPECT_EQ(positioned("a: &m {k: [1, *m]}\n", "d.yml"),
            "d.yml:1:15: error: alias '*m' refers to a node that contains it (a cycle)");
  // Nine levels of ten aliases each: a billion values from 250 bytes.
  std::string bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i <= 9; ++i) {
    std::string prev = "*a" + std::to_string(i - 1);
    bomb += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [" + prev;
    for (int j = 1; j < 10; ++j) bomb += ", " + prev;
    bomb += "]\n";
  }
  // The YAML reader counts the nodes each alias adds and stops at the alias that passes
  // its budget (yaml/options.h), before anything is expanded.
  EXPECT_EQ(positioned(bomb, "d.yml"),
            "d.yml:5:45: error: aliases expand to more than 100000 nodes (the limit on alias "
            "expansion)");
}

TEST(HostileData, MatrixSizesAreCheckedBeforeExpanding) {
  std::string axes = "fields: {a: int, b: int, c: int, d: int, e: int}\naxes:\n";
  for (char k : std::string("abcde")) {
    axes += std::string("  ") + k + ": [0";
    for (int i = 1; i < 100; ++i) axes += ", " + std::to_string(i);
    axes += "]\n";
  }
  EXPECT_EQ(expand_error(axes),
            "m.yml:3:3: error: the axes make 10000000000 combinations (limit max_rows = 100000)");
  EXPECT_EQ(expand_error("expand_shards: true\nfields: {a: string}\nentries:\n"
                         "  - {a: x, shards: 99999999999}\n"),
            "m.yml:4:20: error: `shards` makes 99999999999 rows (limit max_rows = 100000)");
  // The YAML reader nests data as deep as max_depth allows, and names the setting.
  wfgen::jinja::Limits shallow;
  shallow.max_depth = 100;
  wfgen::jinja::LimitsScope scope(shallow);
  EXPECT_EQ(expand_error("fields: {a: string}\nentries:\n  - {a: " + repeat("[", 150) +
                         repeat("]", 150) + "}\n"),
            "m.yml:3:106: error: collections nested deeper than 100 levels (limit max_depth = 100)");
}

// derive/assert are compiled as one expression: text that would close a template's `}}`
// is a syntax error inside the expression, at its column in the file.
TEST(HostileData, DeriveIsAnExpressionNotTemplateText) {
  EXPECT_EQ(expand_error("fields: {a: string, b: string}\n"
                         "derive: {b: \"1)) }}INJECTED{{ f((7\"}\n"
                         "entries: [{a: x}]\n"),
            "m.yml:2:15: error: in derived field 'b': unexpected ')'");
  EXPECT_EQ(expand_error("fields: {a: string, b: string}\n"
                         "derive:\n  b: |-\n    a ~\n    'x' }}\n"
                         "entries: [{a: x}]\n"),
            "m.yml:5:9: error: in derived field 'b': chunk after expression");
  EXPECT_EQ(expand_error("fields: {a: string, b: string}\n"
                         "derive: {b: \"" + repeat("(", kDeep) + "a" + repeat(")", kDeep) +
                         "\"}\nentries: [{a: x}]\n"),
            "m.yml:2:514: error: in derived field 'b': expressions and statements nested more "
            "than 500 levels deep (limit max_nesting = 500)");
}

// --- the project: limits from wfgen.yml and the command line -----------------------

class HostileProject : public ::testing::Test {
 protected:
  void SetUp() override {
    root = fs::temp_directory_path() /
           ("wfgen-hostile-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root);
    write("templates/t.j2", "a: !{{ a }}\nb: !{{ a * 20 }}\n");
    write("matrices/m.yml", "fields: {a: string}\nentries: [{a: x}, {a: y}, {a: z}]\n");
  }
  void TearDown() override { fs::remove_all(root); }
  void write(const std::string& rel, const std::string& text) {
    fs::create_directories((root / rel).parent_path());
    std::ofstream(root / rel, std::ios::binary) << text;
  }
  void manifest(const std::string& extra) {
    write("wfgen.yml", "engine: {variable_start: '!{{'}\n" + extra +
                           "families:\n  - name: f\n    template: t.j2\n"
                           "    matrix: matrices/m.yml\n    output: \"out-!{{ a }}.yml\"\n");
  }
  // The first line of what `check` printed, and its exit code.
  static wfgen::pipeline::RunOptions with(const std::vector<wfgen::pipeline::LimitOverride>& o) {
    wfgen::pipeline::RunOptions options;
    options.limits = o;
    return options;
  }
  std::pair<int, std::string> check(const std::vector<wfgen::pipeline::LimitOverride>& o = {}) {
    auto r = wfgen::pipeline::run_project(root, wfgen::pipeline::Mode::Check, with(o));
    return {r.exit_code, r.err.substr(0, r.err.find('\n'))};
  }
  fs::path root;
};

TEST_F(HostileProject, LimitsFromTheManifestAndTheCommandLine) {
  manifest("limits: {max_rows: 2}\n");
  EXPECT_EQ(check(), std::make_pair(1, std::string("matrices/m.yml:2:27: error: the matrix and "
                                                   "its tables would have more than 2 rows "
                                                   "(limit max_rows = 2)")));
  // The command line wins over wfgen.yml.
  auto generate =
      wfgen::pipeline::run_project(root, wfgen::pipeline::Mode::Generate, with({{"max_rows", 3}}));
  EXPECT_EQ(generate.exit_code, 0) << generate.err;
  EXPECT_TRUE(fs::exists(root / "generated/out-z.yml"));
  EXPECT_EQ(check({{"max_rows", 3}, {"max_output", 20}}).second,
            "templates/t.j2:2:10: error: the output would be 28 bytes long (limit max_output = 20)");
}

TEST_F(HostileProject, BadLimitsArePositionedInTheManifest) {
  manifest("limits: {max_rows: 0}\n");
  EXPECT_EQ(check().second, "wfgen.yml:2:20: error: limit 'max_rows' must be a whole number >= 1");
  manifest("limits: {max_rowz: 5}\n");
  EXPECT_EQ(check().second, "wfgen.yml:2:10: error: unknown limit 'max_rowz' (did you mean "
                            "'max_rows'?)");
  manifest("limits: [1]\n");
  EXPECT_EQ(check().second.substr(0, 23), "wfgen.yml:2:9: error: `");
}

TEST_F(HostileProject, CyclicVarsAndBadDelimitersAreErrors) {
  manifest("vars: {x: &a [*a]}\n");
  EXPECT_EQ(check().second,
            "wfgen.yml:2:15: error: alias '*a' refers to a node that contains it (a cycle)");
  write("wfgen.yml", "engine: {block_start: ''}\nfamilies: []\n");
  EXPECT_EQ(check().second, "wfgen.yml:1:23: error: 'block_start' must be a non-empty string");
  write("wfgen.yml", "engine: {comment_start: '{%'}\nfamilies: []\n");
  EXPECT_EQ(check().second, "wfgen.yml:1:25: error: bad delimiters: block_start and "
                            "comment_start must differ (both are '{%')");
}

// `where` is evaluated over the fields it names (a row's other fields are not converted):
// the rows it keeps, and its errors, are those of the whole row.
TEST_F(HostileProject, WhereKeepsRowsByTheFieldsItNames) {
  write("matrices/m.yml",
        "fields: {a: string, big: {type: list, default: [[1, 2], [3]]}}\n"
        "entries: [{a: x}, {a: y}, {a: z}]\n");
  write("wfgen.yml",
        "engine: {variable_start: '!{{'}\nfamilies:\n  - name: f\n    template: t.j2\n"
        "    matrix: matrices/m.yml\n    where: \"a != 'y' and big|length == 2\"\n"
        "    output: \"out-!{{ a }}.yml\"\n");
  auto r = wfgen::pipeline::list_project(root, {});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\t')), "generated/out-x.yml");
  EXPECT_NE(r.out.find("\ngenerated/out-z.yml\t"), std::string::npos);
  EXPECT_EQ(r.out.find("out-y.yml"), std::string::npos);
  write("wfgen.yml",
        "engine: {variable_start: '!{{'}\nfamilies:\n  - name: f\n    template: t.j2\n"
        "    matrix: matrices/m.yml\n    where: \"b != 'y'\"\n"
        "    output: \"out-!{{ a }}.yml\"\n");
  EXPECT_EQ(check().second, "wfgen.yml:6:13: error: in 'where': 'b' is undefined");
}

TEST_F(HostileProject, WhereIsAnExpressionAtItsColumn) {
  write("wfgen.yml",
        "engine: {variable_start: '!{{'}\nfamilies:\n  - name: f\n    template: t.j2\n"
        "    matrix: matrices/m.yml\n    where: \"a == 'x' }}{{ a\"\n"
        "    output: \"out-!{{ a }}.yml\"\n");
  EXPECT_EQ(check().second, "wfgen.yml:6:22: error: in 'where': chunk after expression");
}

}  // namespace
