// The YAML writer: exact text for each shape, strings quoted exactly when YAML (1.2, or
// GitHub's 1.1) would read them as something else, and every matrix of this repository
// written and read back as the same data.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>

#include "data/load.h"
#include "data/yaml_writer.h"
#include "support/matrix_text.h"
#include "support/shared_dir.h"

using wfgen::data::Json;
using wfgen::data::to_yaml;
using wfgen::data::to_yaml_inline;

TEST(YamlWriter, BlockShapes) {
  Json v = Json::parse(R"({"name": "build", "tags": ["a", "b"], "empty": {}, "none": [],
    "with": {"runner": "linux", "count": 3}, "rows": [{"x": 1, "ys": [true, null]}, [1, 2], "s"]})");
  EXPECT_EQ(to_yaml(v),
            "name: build\n"
            "tags:\n  - a\n  - b\n"
            "empty: {}\n"
            "none: []\n"
            "with:\n  runner: linux\n  count: 3\n"
            "rows:\n  - x: 1\n    ys:\n      - true\n      - null\n  - - 1\n    - 2\n  - s\n");
  EXPECT_EQ(to_yaml(Json::array()), "[]\n");
  EXPECT_EQ(to_yaml(Json("x")), "x\n");
}

TEST(YamlWriter, QuotesWhatWouldReadAsSomethingElse) {
  struct Case {
    const char* in;
    const char* out;
  } cases[] = {
      {"plain", "plain"},
      {"3.10", "\"3.10\""},          // a float
      {"12", "\"12\""},              // an int
      {"0x1F", "\"0x1F\""},          // hex
      {"1:30", "\"1:30\""},          // YAML 1.1 sexagesimal
      {"-5", "\"-5\""},
      {".5", "\".5\""},
      {".github/workflows", ".github/workflows"},
      {"true", "\"true\""},
      {"False", "\"False\""},
      {"on", "\"on\""},              // YAML 1.1 bool: GitHub's `on:` key
      {"yes", "\"yes\""},
      {"N", "\"N\""},
      {"null", "\"null\""},
      {"~", "\"~\""},
      {".inf", "\".inf\""},
      {"", "\"\""},
      {" lead", "\" lead\""},
      {"trail ", "\"trail \""},
      {"a: b", "\"a: b\""},
      {"key:", "\"key:\""},
      {"a #b", "\"a #b\""},
      {"a#b", "a#b"},
      {"#x", "\"#x\""},
      {"- item", "\"- item\""},
      {"*alias", "\"*alias\""},
      {"&anchor", "\"&anchor\""},
      {"!tag", "\"!tag\""},
      {"{flow}", "\"{flow}\""},
      {"[x]", "\"[x]\""},
      {"|", "\"|\""},
      {"'q'", "\"'q'\""},
      {"\"q\"", "\"\\\"q\\\"\""},
      {"two\nlines", "\"two\\nlines\""},
      {"tab\there", "\"tab\\there\""},
      {"${{ github.sha }}", "${{ github.sha }}"},
      {"linux.2xlarge", "linux.2xlarge"},
      {"a, b [c] {d}", "a, b [c] {d}"},
      {"<<", "\"<<\""},
      {"...", "\"...\""},
      {"gfx94X-dcgpu", "gfx94X-dcgpu"},
      {"ünïcode", "ünïcode"},
  };
  for (const Case& c : cases) EXPECT_EQ(to_yaml_inline(Json(c.in)), c.out) << c.in;
}

TEST(YamlWriter, Scalars) {
  EXPECT_EQ(to_yaml_inline(Json(nullptr)), "null");
  EXPECT_EQ(to_yaml_inline(Json(false)), "false");
  EXPECT_EQ(to_yaml_inline(Json(-7)), "-7");
  EXPECT_EQ(to_yaml_inline(Json(1.5)), "1.5");
  EXPECT_EQ(to_yaml_inline(Json(std::numeric_limits<double>::infinity())), ".inf");
  EXPECT_EQ(to_yaml_inline(Json(-std::numeric_limits<double>::infinity())), "-.inf");
  EXPECT_EQ(to_yaml_inline(Json(std::nan(""))), ".nan");
  EXPECT_EQ(to_yaml_inline(Json::parse(R"({"a": [1, "x"]})")), R"({"a":[1,"x"]})");
}

TEST(YamlWriter, KeysAreQuotedByTheSameRules) {
  Json v = Json::object();
  v["on"] = 1;
  v["3.10"] = 2;
  v["a: b"] = 3;
  v["runs-on"] = 4;
  v["y"] = 5;  // YAML 1.1's short true
  EXPECT_EQ(to_yaml(v), "\"on\": 1\n\"3.10\": 2\n\"a: b\": 3\nruns-on: 4\n\"y\": 5\n");
}

TEST(YamlWriter, TrickyStringsReadBackAsWritten) {
  Json v = Json::object();
  for (const char* s : {"3.10", "on", "a: b", " x", "#c", "- d", "two\nlines", "", "~", "0o17",
                        "+1", "1e3", ".nan", "x\\y", "\"q\"", "ünï", "a\tb", "key:"})
    v[std::string("k") + s] = s;
  EXPECT_EQ(wfgen::data::parse_yaml(to_yaml(v), "t.yml").root(), v);
}

// Every matrix of this repository, expanded, written and parsed back: the same rows.
TEST(YamlWriter, EveryMatrixOfTheRepositoryRoundTrips) {
  namespace fs = std::filesystem;
  const fs::path root = wfgen::testing::source_dir();
  size_t matrices = 0;
  for (const auto& e : fs::recursive_directory_iterator(root / "matrices")) {
    // Interfaces describe reusable workflows' inputs for the matrices; they are no matrices.
    if (e.path().extension() != ".yml" || e.path().parent_path().filename() == "interfaces")
      continue;
    Json rows = Json::array();
    for (const auto& r :
         wfgen::testing::load_project_matrix(root, fs::relative(e.path(), root).generic_string())
             .rows)
      rows.push_back(r.values);
    ASSERT_FALSE(rows.empty()) << e.path();
    EXPECT_EQ(wfgen::data::parse_yaml(to_yaml(rows), "rows.yml").root(), rows) << e.path();
    ++matrices;
  }
  EXPECT_GE(matrices, 7u);
}
