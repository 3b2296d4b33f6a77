// Scalars: every style, escapes, folding, chomping and indentation indicators, the core
// schema, positions and source spans.
#include <cmath>

#include "yaml/yaml_test_util.h"

namespace wfgen::yaml {
namespace {

using testing::at;
using testing::strict;

std::string value(std::string_view text, std::initializer_list<std::string_view> path = {"a"}) {
  Tree t = strict(text);
  return std::string(at(t, path).value());
}

TEST(YamlScalars, PlainSingleAndMultiLine) {
  EXPECT_EQ(value("a: hello world\n"), "hello world");
  EXPECT_EQ(value("a: one\n  two\n\n  three\n"), "one two\nthree");
  EXPECT_EQ(value("a: x   \n"), "x");
  EXPECT_EQ(value("a: a#b\n"), "a#b");
  EXPECT_EQ(value("a: a #b\n"), "a");
  EXPECT_EQ(value("a: a:b\n"), "a:b");
  EXPECT_EQ(value("a: -x\n"), "-x");
  EXPECT_EQ(value("a: x\ty\n"), "x\ty");  // YAML 1.2: tabs are white space inside a line
  EXPECT_EQ(value("a: [a?b, c:d]\n", {"a", "0"}), "a?b");
  EXPECT_EQ(value("a: [a?b, c:d]\n", {"a", "1"}), "c:d");
}

TEST(YamlScalars, PlainScalarsAreViewsIntoTheText) {
  std::string text = "key: value\n";
  Tree t = strict(text);
  const Node& v = at(t, {"key"});
  EXPECT_EQ(v.value().data(), text.data() + 5);
  EXPECT_EQ(v.source_begin(), 5u);
  EXPECT_EQ(v.source_end(), 10u);
}

TEST(YamlScalars, APlainScalarOfSeveralWordsOnOneLineIsAViewToo) {
  std::string text = "run: echo one  two three\n";
  Tree t = strict(text);
  const Node& v = at(t, {"run"});
  EXPECT_EQ(v.value(), "echo one  two three");
  EXPECT_EQ(v.value().data(), text.data() + 5);
  // Folded over lines it is decoded: the line break becomes a space.
  std::string folded = "run: echo one\n  two\n";
  Tree f = strict(folded);
  EXPECT_EQ(at(f, {"run"}).value(), "echo one two");
}

TEST(YamlScalars, LongPlainRunsStopWhereTheGrammarSays) {
  // Runs longer than the scanner's 16-byte steps, with the stop in the second step.
  EXPECT_EQ(value("a: abcdefghijklmnopqrstuvwxyz:0123 tail\n"), "abcdefghijklmnopqrstuvwxyz:0123 tail");
  EXPECT_EQ(value("a: abcdefghijklmnopqrstuvwxyz #comment\n"), "abcdefghijklmnopqrstuvwxyz");
  EXPECT_EQ(value("abcdefghijklmnopqrstuvwxyz0123: v\n", {"abcdefghijklmnopqrstuvwxyz0123"}), "v");
  EXPECT_EQ(value("a: [abcdefghijklmnopqrstuvwxyz,b]\n", {"a", "0"}), "abcdefghijklmnopqrstuvwxyz");
  EXPECT_EQ(value("a: {abcdefghijklmnopqrstuvwxyz: b}\n", {"a", "abcdefghijklmnopqrstuvwxyz"}), "b");
  EXPECT_EQ(value("a: abcdefghijklmnopqrstuvwxyz]0123\n"), "abcdefghijklmnopqrstuvwxyz]0123");
}

TEST(YamlScalars, SingleQuoted) {
  EXPECT_EQ(value("a: 'it''s'\n"), "it's");
  EXPECT_EQ(value("a: 'x \\n y'\n"), "x \\n y");
  EXPECT_EQ(value("a: 'one\n  two\n\n  three'\n"), "one two\nthree");
  EXPECT_EQ(value("a: ''\n"), "");
}

TEST(YamlScalars, DoubleQuotedEscapes) {
  EXPECT_EQ(value(R"(a: "\0\a\b\t\n\v\f\r\e\ \"\/\\")" "\n"),
            std::string("\0\a\b\t\n\v\f\r\x1B \"/\\", 13));
  EXPECT_EQ(value(R"(a: "\x41\u00e9\U0001F600")" "\n"), "A\xC3\xA9\xF0\x9F\x98\x80");
  EXPECT_EQ(value(R"(a: "\N\_\L\P")" "\n"), "\xC2\x85\xC2\xA0\xE2\x80\xA8\xE2\x80\xA9");
  EXPECT_EQ(value("a: \"tab\\\there\"\n"), "tab\there");
}

TEST(YamlScalars, DoubleQuotedFolding) {
  EXPECT_EQ(value("a: \"one\n  two\n\n  three  \n  four\"\n"), "one two\nthree four");
  EXPECT_EQ(value("a: \"one \\\n  two\"\n"), "one two");
  EXPECT_EQ(value("a: \"one\\\n   two\"\n"), "onetwo");
  EXPECT_EQ(value("a: \"x\\ \n  y\"\n"), "x  y");
}

TEST(YamlScalars, LiteralChomping) {
  EXPECT_EQ(value("a: |\n  one\n  two\n\n\nb: 1\n"), "one\ntwo\n");
  EXPECT_EQ(value("a: |-\n  one\n  two\n\n\nb: 1\n"), "one\ntwo");
  EXPECT_EQ(value("a: |+\n  one\n  two\n\n\nb: 1\n"), "one\ntwo\n\n\n");
  EXPECT_EQ(value("a: |+\n  one"), "one");
  EXPECT_EQ(value("a: |\n  one"), "one");
  EXPECT_EQ(value("a: |\nb: 1\n"), "");
  EXPECT_EQ(value("a: |\n\n\n  text\n"), "\n\ntext\n");
  EXPECT_EQ(value("a: | # comment\n  text\n"), "text\n");
  EXPECT_EQ(value("a: |\n    deeper\n     more\nb: 1\n"), "deeper\n more\n");
}

TEST(YamlScalars, IndentationIndicator) {
  EXPECT_EQ(value("a: |2\n    lead\n  back\n"), "  lead\nback\n");
  EXPECT_EQ(value("a: |-2\n    x\n  y\n\n"), "  x\ny");
  EXPECT_EQ(value("a: >+1\n  x\n y\n\n"), " x\ny\n\n");
  EXPECT_EQ(value("- |1\n  x\n", {"0"}), " x\n");
}

TEST(YamlScalars, Folded) {
  EXPECT_EQ(value("a: >\n  one\n  two\n\n  three\n    more\n  four\n"), "one two\nthree\n  more\nfour\n");
  EXPECT_EQ(value("a: >-\n  one\n  two\n\n\n"), "one two");
  EXPECT_EQ(value("a: >+\n  one\n  two\n\n\n"), "one two\n\n\n");
}

TEST(YamlScalars, CoreSchemaTypes) {
  Tree t = strict(
      "[~, null, Null, NULL, '', true, True, FALSE, on, yes, 0, -7, +3, 007, 0o17, 0x1F, 1.5, .5, 1.,"
      " 1e3, -.inf, .NaN, 1_000, 0b1, 9223372036854775807, 9223372036854775808, -9223372036854775808]\n");
  auto items = t.root()->items();
  for (int i = 0; i < 4; ++i) EXPECT_EQ(items[i]->type(), ScalarType::Null) << i;
  EXPECT_EQ(items[4]->type(), ScalarType::String);  // quoted: a string
  EXPECT_TRUE(items[5]->boolean());
  EXPECT_TRUE(items[6]->boolean());
  EXPECT_EQ(items[7]->type(), ScalarType::Bool);
  EXPECT_FALSE(items[7]->boolean());
  EXPECT_EQ(items[8]->type(), ScalarType::String);  // `on`: a string in YAML 1.2, as GitHub reads it
  EXPECT_EQ(items[9]->type(), ScalarType::String);
  EXPECT_EQ(items[10]->int_value(), 0);
  EXPECT_EQ(items[11]->int_value(), -7);
  EXPECT_EQ(items[12]->int_value(), 3);
  EXPECT_EQ(items[13]->int_value(), 7);  // decimal, not octal
  EXPECT_EQ(items[14]->int_value(), 15);
  EXPECT_EQ(items[15]->int_value(), 31);
  EXPECT_EQ(items[16]->float_value(), 1.5);
  EXPECT_EQ(items[17]->float_value(), 0.5);
  EXPECT_EQ(items[18]->float_value(), 1.0);
  EXPECT_EQ(items[19]->float_value(), 1000.0);
  EXPECT_TRUE(std::isinf(items[20]->float_value()) && items[20]->float_value() < 0);
  EXPECT_TRUE(std::isnan(items[21]->float_value()));
  EXPECT_EQ(items[22]->type(), ScalarType::String);
  EXPECT_EQ(items[23]->type(), ScalarType::String);
  EXPECT_EQ(items[24]->int_value(), INT64_MAX);
  EXPECT_TRUE(items[25]->is_unsigned());
  EXPECT_EQ(items[25]->uint_value(), 9223372036854775808ull);
  EXPECT_EQ(items[26]->int_value(), INT64_MIN);
}

TEST(YamlScalars, OutOfRangeFloatsAsPythonReadsThem) {
  Tree t = strict("[1e999, -1e999, 1e-999]\n");
  auto items = t.root()->items();
  EXPECT_EQ(items[0]->float_value(), INFINITY);
  EXPECT_EQ(items[1]->float_value(), -INFINITY);
  EXPECT_EQ(items[2]->float_value(), 0.0);
  EXPECT_EQ(items[2]->type(), ScalarType::Float);
}

TEST(YamlScalars, CoreTags) {
  Tree t = strict("[!!str 12, !!int '12', !!float 1, !!bool \"true\", !!null '', !!str, ! 12, !<tag:yaml.org,2002:int> 5]\n");
  auto items = t.root()->items();
  EXPECT_EQ(items[0]->type(), ScalarType::String);
  EXPECT_EQ(items[0]->tag(), "tag:yaml.org,2002:str");
  EXPECT_EQ(items[1]->int_value(), 12);
  EXPECT_EQ(items[2]->type(), ScalarType::Float);
  EXPECT_EQ(items[2]->float_value(), 1.0);
  EXPECT_TRUE(items[3]->boolean());
  EXPECT_EQ(items[4]->type(), ScalarType::Null);
  EXPECT_EQ(items[5]->type(), ScalarType::String);
  EXPECT_EQ(items[5]->value(), "");
  // The non-specific tag `!` makes a string (YAML 1.2; PyYAML resolves it as if untagged).
  EXPECT_EQ(items[6]->type(), ScalarType::String);
  EXPECT_EQ(items[6]->tag(), "!");
  EXPECT_EQ(items[7]->int_value(), 5);
}

TEST(YamlScalars, StylesAndMarks) {
  Tree t = strict("a: plain\nb: 'single'\nc: \"double\"\nd: |\n  lit\ne: >\n  fold\nf: &x !!str tagged\ng:\n");
  EXPECT_EQ(at(t, {"a"}).style(), Style::Plain);
  EXPECT_EQ(at(t, {"b"}).style(), Style::SingleQuoted);
  EXPECT_EQ(at(t, {"c"}).style(), Style::DoubleQuoted);
  EXPECT_EQ(at(t, {"d"}).style(), Style::Literal);
  EXPECT_EQ(at(t, {"e"}).style(), Style::Folded);
  EXPECT_EQ(at(t, {"b"}).mark().line, 2);
  EXPECT_EQ(at(t, {"b"}).mark().col, 4);
  EXPECT_EQ(at(t, {"d"}).mark().col, 4);  // the '|'
  const Node& f = at(t, {"f"});
  EXPECT_EQ(f.mark().col, 4);  // the anchor: a node starts at its properties
  EXPECT_EQ(f.anchor(), "x");
  EXPECT_EQ(f.source_begin(), t.text().find("tagged"));
  const Node& g = at(t, {"g"});
  EXPECT_TRUE(g.empty());
  EXPECT_TRUE(g.is_null());
  EXPECT_EQ(g.mark().line, 9);
  EXPECT_EQ(g.mark().col, 3);  // just after the ':'
}

}  // namespace
}  // namespace wfgen::yaml
