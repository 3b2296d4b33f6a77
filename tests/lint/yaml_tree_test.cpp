// The positioned YAML tree: marks, styles, tags, anchors and aliases, duplicate keys kept,
// empty values marked at their key, every document, syntax errors recorded (not thrown).
#include <gtest/gtest.h>

#include "data/load.h"
#include "data/yaml_tree.h"

using namespace wfgen::data;

namespace {
std::string at(const YamlNode& n) {
  return std::to_string(n.mark().line) + ":" + std::to_string(n.mark().col);
}
}  // namespace

TEST(YamlTree, MarksStylesAndValues) {
  YamlStream s = parse_yaml_stream(
      "plain: a b\nsingle: 'it''s'\ndouble: \"x\\ty\"\nlit: |\n  one\n  two\nfold: >-\n  a\n  b\n"
      "flow: [1, {k: v}]\n");
  ASSERT_FALSE(s.error());
  const YamlNode& root = *s.root();
  ASSERT_EQ(root.pairs().size(), 6u);
  EXPECT_EQ(root.style(), YamlStyle::Block);
  EXPECT_EQ(root.find("plain")->style(), YamlStyle::Plain);
  EXPECT_EQ(at(*root.find("plain")), "1:8");
  EXPECT_EQ(root.find("single")->style(), YamlStyle::SingleQuoted);
  EXPECT_EQ(root.find("single")->scalar(), "it's");
  EXPECT_EQ(root.find("double")->style(), YamlStyle::DoubleQuoted);
  EXPECT_EQ(root.find("double")->scalar(), "x\ty");
  EXPECT_EQ(root.find("lit")->style(), YamlStyle::Literal);
  EXPECT_EQ(root.find("lit")->scalar(), "one\ntwo\n");
  EXPECT_EQ(at(*root.find("lit")), "4:6");
  EXPECT_EQ(root.find("fold")->style(), YamlStyle::Folded);
  EXPECT_EQ(root.find("fold")->scalar(), "a b");
  const YamlNode& flow = *root.find("flow");
  EXPECT_EQ(flow.style(), YamlStyle::Flow);
  EXPECT_EQ(at(*flow.items()[1]), "10:11");
  EXPECT_EQ(flow.items()[1]->find("k")->scalar(), "v");
}

TEST(YamlTree, CoreSchemaTypes) {
  EXPECT_EQ(core_schema_type(""), ScalarType::Null);
  EXPECT_EQ(core_schema_type("~"), ScalarType::Null);
  EXPECT_EQ(core_schema_type("True"), ScalarType::Bool);
  EXPECT_EQ(core_schema_type("yes"), ScalarType::String);
  EXPECT_EQ(core_schema_type("on"), ScalarType::String);
  EXPECT_EQ(core_schema_type("0x1F"), ScalarType::Int);
  EXPECT_EQ(core_schema_type("0o17"), ScalarType::Int);
  EXPECT_EQ(core_schema_type("-12"), ScalarType::Int);
  EXPECT_EQ(core_schema_type("1.5e3"), ScalarType::Float);
  EXPECT_EQ(core_schema_type(".inf"), ScalarType::Float);
  EXPECT_EQ(core_schema_type("1.2.3"), ScalarType::String);
  YamlStream s = parse_yaml_stream("a: '1'\nb: !!int 7\nc: 1\n");
  EXPECT_EQ(s.root()->find("a")->scalar_type(), ScalarType::String);
  EXPECT_EQ(s.root()->find("b")->scalar_type(), ScalarType::Int);
  EXPECT_EQ(s.root()->find("c")->scalar_type(), ScalarType::Int);
}

TEST(YamlTree, KeepsDuplicateKeysInOrder) {
  YamlStream s = parse_yaml_stream("a: 1\nb: 2\na: 3\n");
  ASSERT_EQ(s.root()->pairs().size(), 3u);
  EXPECT_EQ(at(*s.root()->pairs()[2].key), "3:1");
  EXPECT_EQ(s.root()->find("a")->scalar(), "1");  // find gives the first
}

TEST(YamlTree, AnchorsAliasesAndTags) {
  YamlStream s = parse_yaml_stream("base: &b\n  x: 1\ncopy: *b\nt: !!str 3\nc: !custom q\n");
  ASSERT_FALSE(s.error());
  const YamlNode& base = *s.root()->find("base");
  EXPECT_EQ(base.anchor(), "b");
  EXPECT_EQ(at(base), "2:3");  // the content, after the anchor
  EXPECT_EQ(base.start().line, 1);
  EXPECT_EQ(base.start().col, 7);
  const YamlNode& copy = *s.root()->pairs()[1].value;
  EXPECT_EQ(copy.kind(), YamlKind::Alias);
  EXPECT_EQ(copy.alias_target(), &base);
  EXPECT_EQ(&copy.resolved(), &base);
  EXPECT_EQ(s.root()->find("copy"), &base);  // find looks through aliases
  EXPECT_EQ(s.root()->find("t")->tag(), "tag:yaml.org,2002:str");
  EXPECT_EQ(s.root()->find("c")->tag(), "!custom");
}

TEST(YamlTree, EmptyValuesAreMarkedAtTheirKey) {
  YamlStream s = parse_yaml_stream("a:\nb: ~\nc: null\n");
  const YamlNode& a = *s.root()->pairs()[0].value;
  EXPECT_TRUE(a.empty());
  EXPECT_EQ(at(a), "1:1");
  EXPECT_FALSE(s.root()->find("b")->empty());
  EXPECT_EQ(at(*s.root()->find("b")), "2:4");
  EXPECT_TRUE(s.root()->find("c")->is_null());
}

TEST(YamlTree, EveryDocumentAndSyntaxErrorsRecorded) {
  YamlStream two = parse_yaml_stream("a: 1\n---\nb: 2\n");
  ASSERT_EQ(two.documents().size(), 2u);
  EXPECT_EQ(two.documents()[1].start.line, 2);
  EXPECT_EQ(two.documents()[1].root->find("b")->scalar(), "2");

  YamlStream bad = parse_yaml_stream("a: 1\nb: [1, 2\n");
  ASSERT_TRUE(bad.error());
  EXPECT_EQ(bad.error()->message, "end of sequence flow not found");
  EXPECT_EQ(bad.error()->mark.line, 3);
  EXPECT_EQ(bad.root(), nullptr);

  YamlStream empty = parse_yaml_stream("# nothing\n");
  EXPECT_FALSE(empty.error());
  EXPECT_EQ(empty.root(), nullptr);
}

TEST(YamlTree, DeepNestingIsAnErrorNotACrash) {
  std::string deep(100000, '[');
  YamlStream s = parse_yaml_stream(deep);
  ASSERT_TRUE(s.error());
}

TEST(YamlToJson, LenientConversion) {
  YamlStream s = parse_yaml_stream("a: &x [1, '2', true, ~, 1.5]\nb: *x\nc: {k: 1, k: 2}\n");
  Json j = yaml_to_json(*s.root());
  EXPECT_EQ(j.dump(), R"({"a":[1,"2",true,null,1.5],"b":[1,"2",true,null,1.5],"c":{"k":2}})");
}

TEST(YamlLoader, BillionLaughsIsAnError) {
  std::string text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  for (char c = 'b'; c <= 'h'; ++c)
    text += std::string(1, c) + ": &" + c + " [*" + char(c - 1) + ", *" + char(c - 1) + ", *" +
            char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" +
            char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + "]\n";
  try {
    parse_yaml(text, "laughs.yml");
    FAIL() << "expected an error";
  } catch (const DataError& e) {
    EXPECT_EQ(e.message(), "aliases expand to more than 1000000 values");
  }
}

TEST(YamlLoader, ASecondDocumentIsAnError) {
  try {
    parse_yaml("a: 1\n---\nb: 2\n", "two.yml");
    FAIL() << "expected an error";
  } catch (const DataError& e) {
    EXPECT_EQ(e.format(),
              "two.yml:2:1: error: a second YAML document starts here; a data file holds one\n"
              "  ---\n  ^\n");
  }
}
