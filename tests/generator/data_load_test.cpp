// Data loading: YAML 1.2 core scalars, key order, positions, duplicate keys, JSON.
#include <gtest/gtest.h>

#include <cmath>

#include "data/load.h"
#include "files/error.h"

using wfgen::data::DataError;
using wfgen::data::Json;
using wfgen::data::parse_json;
using wfgen::data::parse_yaml;

namespace {

DataError yaml_error(const std::string& text) {
  try {
    parse_yaml(text, "x.yml");
  } catch (const DataError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for:\n" << text;
  return DataError("", {}, "");
}

DataError json_error(const std::string& text) {
  try {
    parse_json(text, "x.json");
  } catch (const DataError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for:\n" << text;
  return DataError("", {}, "");
}

}  // namespace

TEST(DataYaml, CoreSchemaScalars) {
  Json j = parse_yaml(
               "a: true\nb: False\nc: ~\nd:\ne: null\nf: 12\ng: -3\nh: 0x1F\ni: 0o17\n"
               "j: 1.5\nk: .5\nl: 1e3\nm: on\nn: yes\no: '12'\np: \"true\"\nq: |\n  lit\n"
               "r: !!str 7\ns: 1.2.3\nt: -.inf\nu: 007\n",
               "x.yml")
               .root();
  EXPECT_EQ(j["a"], true);
  EXPECT_EQ(j["b"], false);
  EXPECT_TRUE(j["c"].is_null());
  EXPECT_TRUE(j["d"].is_null());
  EXPECT_TRUE(j["e"].is_null());
  EXPECT_EQ(j["f"], 12);
  EXPECT_TRUE(j["f"].is_number_integer());
  EXPECT_EQ(j["g"], -3);
  EXPECT_EQ(j["h"], 31);
  EXPECT_EQ(j["i"], 15);
  EXPECT_TRUE(j["j"].is_number_float());
  EXPECT_EQ(j["j"], 1.5);
  EXPECT_EQ(j["k"], 0.5);
  EXPECT_EQ(j["l"], 1000.0);
  EXPECT_EQ(j["m"], "on");  // YAML 1.1 booleans stay strings
  EXPECT_EQ(j["n"], "yes");
  EXPECT_EQ(j["o"], "12");  // quoted scalars are strings
  EXPECT_EQ(j["p"], "true");
  EXPECT_EQ(j["q"], "lit\n");
  EXPECT_EQ(j["r"], "7");
  EXPECT_EQ(j["s"], "1.2.3");
  EXPECT_TRUE(j["t"].get<double>() < 0 && std::isinf(j["t"].get<double>()));
  EXPECT_EQ(j["u"], 7);
}

TEST(DataYaml, KeepsKeyOrder) {
  Json j = parse_yaml("z: 1\na: 2\nm: {y: 1, b: 2}\n", "x.yml").root();
  std::string keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys += it.key();
  EXPECT_EQ(keys, "zam");
  EXPECT_EQ(j["m"].begin().key(), "y");
}

TEST(DataYaml, PositionsOfValuesAndKeys) {
  auto doc = parse_yaml("top:\n  list:\n    - a\n    - {k: v}\n", "x.yml");
  EXPECT_EQ(doc.value_mark("/top/list/1/k").line, 4);
  EXPECT_EQ(doc.value_mark("/top/list/1/k").col, 11);
  EXPECT_EQ(doc.key_mark("/top/list").line, 2);
  EXPECT_EQ(doc.key_mark("/top/list").col, 3);
  // Unknown pointers fall back to the nearest ancestor.
  EXPECT_EQ(doc.value_mark("/top/list/0/zz").line, 3);
}

TEST(DataYaml, DuplicateKeyIsAnErrorAtTheSecondKey) {
  DataError e = yaml_error("a: 1\nb:\n  c: 1\n  c: 2\n");
  EXPECT_EQ(e.line(), 4);
  EXPECT_EQ(e.col(), 3);
  EXPECT_EQ(e.format(),
            "x.yml:4:3: error: duplicate key 'c' (first defined at line 3)\n"
            "    c: 2\n"
            "    ^\n");
}

// Data columns count bytes (as YAML parsers and GitHub do); the caret stands under the
// character, one space a character before it.
TEST(DataYaml, TheCaretStandsUnderTheCharacterAfterMultiByteText) {
  DataError e = yaml_error("a: {n: \"\u00e9\u00e9\u00e9\", n: 1}\n");
  EXPECT_EQ(e.col(), 18);  // 17 bytes, 14 characters, before the second `n`
  EXPECT_EQ(e.format(),
            "x.yml:1:18: error: duplicate key 'n' (first defined at line 1)\n"
            "  a: {n: \"\u00e9\u00e9\u00e9\", n: 1}\n"
            "  " + std::string(14, ' ') + "^\n");
}

// A control character in the excerpt is shown as '?': a NUL would end the message where a
// C string is made of it, and others would act on the terminal.
// A file whose lines end in "\r" alone (as YAML allows) has its excerpt too.
TEST(DataYaml, LinesBrokenByCarriageReturnsHaveTheirExcerpt) {
  DataError e = yaml_error("a: 1\rb: 2\rb: 3\r");
  EXPECT_EQ(e.format(),
            "x.yml:3:1: error: duplicate key 'b' (first defined at line 2)\n"
            "  b: 3\n"
            "  ^\n");
}

TEST(DataYaml, ControlCharactersInTheExcerptShowAsQuestionMarks) {
  DataError e = yaml_error(std::string("a: \"b\0c\"\r\n", 10));
  EXPECT_EQ(e.format(),
            "x.yml:1:6: error: control character 0x00 is not allowed (escape it in a "
            "double-quoted string)\n"
            "  a: \"b?c\"\n"
            "       ^\n");
}

TEST(DataYaml, SyntaxErrorIsPositioned) {
  DataError e = yaml_error("a: [1, 2\nb: 3\n");
  EXPECT_GT(e.line(), 0);
  EXPECT_NE(e.format().find("x.yml:"), std::string::npos);
  EXPECT_NE(e.format().find(": error: "), std::string::npos);
}

TEST(DataYaml, BadTagsAndHugeInts) {
  EXPECT_EQ(yaml_error("a: !!int abc\n").message(), "'abc' is not a valid int");
  EXPECT_EQ(yaml_error("a: !custom x\n").message(), "unsupported tag '!custom'");
  EXPECT_EQ(yaml_error("a: 99999999999999999999999\n").col(), 4);
}

TEST(DataJson, ParsesKeepingOrderAndTypes) {
  Json j = parse_json(R"({"b": 1, "a": [1.0, "x", null, true]})", "x.json").root();
  EXPECT_EQ(j.begin().key(), "b");
  EXPECT_TRUE(j["a"][0].is_number_float());
}

// An object of many keys keeps each once, in order (appended as read: a lookup per key in
// the ordered object made this quadratic, 25 s for 200,000 keys).
TEST(DataJson, AnObjectOfManyKeysKeepsThemInOrder) {
  constexpr int kKeys = 200'000;
  std::string text = "{";
  for (int i = 0; i < kKeys; ++i) text += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":" + std::to_string(i);
  text += "}";
  Json j = parse_json(text, "x.json").root();
  ASSERT_EQ(j.size(), static_cast<size_t>(kKeys));
  EXPECT_EQ(j.begin().key(), "k0");
  EXPECT_EQ((--j.end()).key(), "k199999");
  EXPECT_EQ(j["k123456"], 123456);
}

TEST(DataJson, DuplicateKey) {
  DataError e = json_error("{\n  \"a\": 1,\n  \"a\": 2\n}\n");
  EXPECT_EQ(e.message(), "duplicate key 'a'");
  EXPECT_EQ(e.line(), 3);
  EXPECT_EQ(e.col(), 3);
}

TEST(DataJson, SyntaxError) {
  DataError e = json_error("{\n  \"a\": 1,\n  oops\n}\n");
  EXPECT_EQ(e.line(), 3);
  EXPECT_EQ(e.message(), "invalid JSON");
}

TEST(DataLoad, MissingFile) {
  try {
    wfgen::data::load_data_file("/nonexistent/zzz.yml");
    FAIL();
  } catch (const wfgen::files::FileError& e) {
    EXPECT_STREQ(e.what(), "/nonexistent/zzz.yml: error: cannot read: No such file or directory");
  }
}

TEST(DataLoad, ADirectoryIsNotData) {
  try {
    wfgen::data::load_data_file("/");
    FAIL();
  } catch (const wfgen::files::FileError& e) {
    EXPECT_STREQ(e.what(), "/: error: cannot read: not a regular file (it is a directory)");
  }
}

// find_pointer finds what nlohmann's json_pointer finds, for every pointer pointer_child
// makes and for those that name nothing, without allocating a pointer object.
TEST(DataPointer, FindsWhatJsonPointerFinds) {
  const Json root = parse_yaml("a: {b/c: [1, {d~e: x, '': y}], '0': z}\nl: [[], [3]]\ns: t\n", "x.yml")
                        .root();
  using wfgen::data::find_pointer;
  using wfgen::data::pointer_child;
  std::vector<std::string> names = {
      "",
      "/a",
      pointer_child("/a", "b/c"),
      pointer_child(pointer_child("/a", "b/c"), 1),
      pointer_child(pointer_child(pointer_child("/a", "b/c"), 1), "d~e"),
      pointer_child(pointer_child(pointer_child("/a", "b/c"), 1), ""),
      "/a/0",
      "/l/1/0",
      "/s"};
  for (const std::string& ptr : names) {
    const Json* found = find_pointer(root, ptr);
    ASSERT_NE(found, nullptr) << ptr;
    EXPECT_EQ(found, &root.at(Json::json_pointer(ptr))) << ptr;
  }
  EXPECT_EQ(find_pointer(root, "/a/b~1c/1/d~0e")->get<std::string>(), "x");
  for (const char* none : {"/b", "/a/b", "/a/b~1c/2", "/a/b~1c/01", "/a/b~1c/-", "/a/b~1c/x",
                           "/l/0/0", "/s/t", "/a/b~2c", "/a/b~", "a", "/l/99999999999999999999"})
    EXPECT_EQ(find_pointer(root, none), nullptr) << none;
}
