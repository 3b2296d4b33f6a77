// Collections, documents, directives, anchors, aliases and merge keys.
#include "data/load.h"
#include "yaml/yaml_test_util.h"

namespace wfgen::yaml {
namespace {

using testing::at;
using testing::strict;

std::string json(std::string_view text) {
  return data::parse_yaml(std::string(text), "x.yml").root().dump();
}

TEST(YamlStructure, BlockAndFlowCollections) {
  EXPECT_EQ(json("a: [1, {b: c, d: [e]}]\nf: {g: h}\n"), R"({"a":[1,{"b":"c","d":["e"]}],"f":{"g":"h"}})");
  EXPECT_EQ(json("a:\n- 1\n- - 2\n  - 3\nb:\n  - x: 1\n    y: 2\n"), R"({"a":[1,[2,3]],"b":[{"x":1,"y":2}]})");
  EXPECT_EQ(json("[a: 1, b]\n"), R"([{"a":1},"b"])");
  EXPECT_EQ(json("{a, b: , c: d}\n"), R"({"a":null,"b":null,"c":"d"})");
  EXPECT_EQ(json("a: [\n  1,\n  2,\n]\n"), R"({"a":[1,2]})");
  EXPECT_EQ(json("{\"a\":1, \"b\":[x]}\n"), R"({"a":1,"b":["x"]})");
  EXPECT_EQ(json("- \n- a\n-\n"), R"([null,"a",null])");
}

// The arena's first block is sized from the text: a small workflow's tree does not hold
// the 16 KiB a large one starts with, and a text whose tree outgrows its first block
// still builds whole (blocks are added).
TEST(YamlStructure, TheArenaGrowsWithTheText) {
  const std::string small = "on: push\njobs:\n  a: {runs-on: x, steps: [{run: 'true'}]}\n";
  Tree t = strict(small);
  EXPECT_EQ(t.arena_bytes(), small.size() * 4 + 2048);
  std::string big = "on: push\njobs:\n";
  for (int i = 0; i < 400; ++i)
    big += "  j" + std::to_string(i) + ": {runs-on: x, needs: [a, b], steps: [{run: 'x'}]}\n";
  Tree b = strict(big);
  EXPECT_GT(b.arena_bytes(), size_t{16} << 10);
  EXPECT_EQ(at(b, {"jobs", "j399", "needs"}).items().size(), 2u);
  EXPECT_EQ(at(b, {"jobs", "j0", "runs-on"}).value(), "x");
}

TEST(YamlStructure, ExplicitKeys) {
  EXPECT_EQ(json("? a\n: 1\n? b\n"), R"({"a":1,"b":null})");
}

TEST(YamlStructure, KeysAreTheirText) {
  EXPECT_EQ(json("on: 1\n~: 2\n1: 3\ntrue: 4\n0x1F: 5\n'a: b': 6\n"),
            R"({"on":1,"null":2,"1":3,"true":4,"0x1F":5,"a: b":6})");
}

TEST(YamlStructure, Documents) {
  EXPECT_EQ(json(""), "null");
  EXPECT_EQ(json("# only a comment\n"), "null");
  EXPECT_EQ(json("---\n"), "null");
  EXPECT_EQ(json("--- 5\n...\n"), "5");
  EXPECT_EQ(json("%YAML 1.2\n---\na: 1\n"), R"({"a":1})");
  EXPECT_EQ(json("\xEF\xBB\xBF" "a: 1\n"), R"({"a":1})");
  EXPECT_EQ(json("a: 1\r\nb: |\r\n  x\r\n  y\r\n"), R"({"a":1,"b":"x\ny\n"})");
  ParseOptions many;
  many.single_document = false;
  Tree t = strict("a: 1\n---\nb: 2\n--- 3\n", many);
  ASSERT_EQ(t.documents().size(), 3u);
  EXPECT_EQ(t.documents()[1].start.line, 2);
  EXPECT_EQ(t.documents()[2].root->int_value(), 3);
}

TEST(YamlStructure, TagDirective) {
  EXPECT_EQ(json("%TAG !e! tag:yaml.org,2002:\n---\na: !e!int '7'\n"), R"({"a":7})");
}

TEST(YamlStructure, AnchorsAndAliases) {
  Tree t = strict("base: &b {x: 1}\nuse: *b\nlist: [*b, *b]\n");
  const Node* use = t.root()->find_pair("use")->value;
  EXPECT_TRUE(use->is_alias());
  EXPECT_EQ(use->target(), t.root()->find_pair("base")->value);
  EXPECT_EQ(use->mark().col, 6);
  // The is_* tests and type() look through the alias; kind() does not.
  EXPECT_EQ(use->kind(), Kind::Alias);
  EXPECT_TRUE(use->is_mapping());
  EXPECT_FALSE(use->is_scalar());
  Tree s = strict("a: &v hello\nb: *v\nc: &n\nd: *n\n");
  const Node* b = s.root()->find_pair("b")->value;
  EXPECT_TRUE(b->is_scalar());
  EXPECT_TRUE(b->is_string());
  EXPECT_EQ(b->type(), ScalarType::String);
  EXPECT_TRUE(s.root()->find_pair("d")->value->is_null());
  EXPECT_FALSE(s.root()->find_pair("d")->value->is_string());
  EXPECT_EQ(json("base: &b {x: 1}\nuse: *b\nlist: [*b, *b]\n"),
            R"({"base":{"x":1},"use":{"x":1},"list":[{"x":1},{"x":1}]})");
  EXPECT_EQ(json("a: &v hello\nb: *v\nc: &n\nd: *n\n"), R"({"a":"hello","b":"hello","c":null,"d":null})");
  // An anchor may be defined again; an alias names the latest one.
  EXPECT_EQ(json("a: &x 1\nb: &x 2\nc: *x\n"), R"({"a":1,"b":2,"c":2})");
}

TEST(YamlStructure, MergeKeys) {
  // Explicit keys win; merged keys come first, in PyYAML's order.
  EXPECT_EQ(json("b: &b {x: 1, y: 2}\nd:\n  z: 0\n  <<: *b\n  x: 9\n"),
            R"({"b":{"x":1,"y":2},"d":{"x":9,"y":2,"z":0}})");
  // From a list, the first mapping that has a key wins.
  EXPECT_EQ(json("a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nc:\n  <<: [*a, *b]\n  w: 0\n"),
            R"({"a":{"x":1,"y":1},"b":{"y":2,"z":2},"c":{"y":1,"z":2,"x":1,"w":0}})");
  EXPECT_EQ(json("a: &a {x: 1}\nb: &b\n  <<: *a\n  y: 2\nc:\n  <<: *b\n"),
            R"({"a":{"x":1},"b":{"x":1,"y":2},"c":{"x":1,"y":2}})");
  EXPECT_EQ(json("a:\n  '<<': 1\n"), R"({"a":{"<<":1}})");
  Tree t = strict("b: &b {x: 1}\nd:\n  <<: *b\n  y: 2\n");
  const Node& d = at(t, {"d"});
  EXPECT_TRUE(d.pairs()[0].key->is_merge_key());
  EXPECT_EQ(d.find("x")->int_value(), 1);  // find() sees merged keys
  EXPECT_EQ(d.find_pair("x")->key->mark().line, 1);
}

TEST(YamlStructure, FindAnswersEveryKeyOfALargeMapping) {
  // 64 keys fill every bit of a mapping's key filter many times over: each is found, and
  // keys of the same length and first and last letters that are not there are not.
  std::string text;
  for (int i = 0; i < 64; ++i) text += "k" + std::to_string(i) + "x: " + std::to_string(i) + "\n";
  text += "~: nothing\n'': empty\n";
  Tree t = strict(text);
  const Node& root = *t.root();
  for (int i = 0; i < 64; ++i) {
    const Node* v = root.find("k" + std::to_string(i) + "x");
    ASSERT_NE(v, nullptr) << i;
    EXPECT_EQ(v->int_value(), i);
    EXPECT_EQ(root.find("k" + std::to_string(i + 64) + "x"), nullptr) << i;
  }
  EXPECT_EQ(root.find("null")->value(), "nothing");  // a null key reads as "null"
  EXPECT_EQ(root.find("~"), nullptr);
  EXPECT_EQ(root.find("")->value(), "empty");
  EXPECT_EQ(root.find("k0y"), nullptr);
}

TEST(YamlStructure, DocumentPositionsWalkTheTree) {
  data::Document doc = data::parse_yaml("b: &b {x: 1}\nd:\n  <<: *b\n  y: 2\nl: [a, b]\n", "x.yml");
  EXPECT_EQ(doc.value_mark("/d/y").line, 4);
  EXPECT_EQ(doc.value_mark("/d/x").col, 11);  // where the merged value is written
  EXPECT_EQ(doc.key_mark("/d/y").col, 3);
  EXPECT_EQ(doc.value_mark("/l/1").col, 8);
  EXPECT_EQ(doc.value_mark("/l/7").col, 4);  // nearest ancestor
  EXPECT_EQ(doc.value_mark("").line, 1);
  ASSERT_NE(doc.tree(), nullptr);
  EXPECT_EQ(doc.tree()->root()->pairs().size(), 3u);
}

TEST(YamlStructure, PointerTokensAreUnescaped) {
  data::Document doc = data::parse_yaml("a/b: 1\n~c: 2\n", "x.yml");
  EXPECT_EQ(doc.value_mark("/a~1b").col, 6);
  EXPECT_EQ(doc.value_mark("/~0c").line, 2);
}

}  // namespace
}  // namespace wfgen::yaml
