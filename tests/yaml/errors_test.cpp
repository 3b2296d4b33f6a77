// Every error a strict parse reports: message and position (file:line:col).
#include "yaml/yaml_test_util.h"

namespace wfgen::yaml {
namespace {

using testing::error_of;

TEST(YamlErrors, Syntax) {
  EXPECT_EQ(error_of("a: 1\n  b: 2\n"), "x.yml:2:4: error: a mapping value (': ') is not allowed here");
  EXPECT_EQ(error_of("a: 1\nb\nc: 2\n"), "x.yml:2:1: error: could not find expected ':' after this key");
  EXPECT_EQ(error_of("a: 1\n- b\n"), "x.yml:2:1: error: expected a key of the block mapping, found '-'");
  EXPECT_EQ(error_of("- a\nb: 1\n"), "x.yml:2:1: error: expected a '- ' entry of the block sequence, found a mapping key");
  EXPECT_EQ(error_of("a: @x\n"), "x.yml:1:4: error: '@' is reserved and cannot start a plain scalar; quote the value");
  EXPECT_EQ(error_of("a: b: c\n"), "x.yml:1:5: error: a mapping value (': ') is not allowed here");
  EXPECT_EQ(error_of("a: 1\n]\n"), "x.yml:2:1: error: expected a key of the block mapping, found ']'");
  EXPECT_EQ(error_of("a: - b\n"), "x.yml:1:4: error: a block sequence entry ('- ') is not allowed here");
  EXPECT_EQ(error_of("- a\n - b\n"), "");  // one plain scalar, "a - b"
}

TEST(YamlErrors, UnterminatedQuotesAtTheOpeningQuote) {
  EXPECT_EQ(error_of("a: \"abc\n\n"), "x.yml:1:4: error: unterminated double-quoted scalar");
  EXPECT_EQ(error_of("a: 1\nb: 'abc"), "x.yml:2:4: error: unterminated single-quoted scalar");
  EXPECT_EQ(error_of("a: 'x\n---\ny'\n"),
            "x.yml:1:4: error: unterminated single-quoted scalar (a document marker at line 2 ends it)");
  EXPECT_EQ(error_of("a: \"x\\"), "x.yml:1:6: error: unterminated double-quoted scalar");
}

TEST(YamlErrors, UnclosedFlowCollectionsAtTheBracket) {
  EXPECT_EQ(error_of("a: [1, 2\n"), "x.yml:1:4: error: unclosed flow sequence: no ']' before the end of the input");
  EXPECT_EQ(error_of("a: {b: [1]\n"), "x.yml:1:4: error: unclosed flow mapping: no '}' before the end of the input");
  EXPECT_EQ(error_of("a: [1, 2\nb: 3\n"),
            "x.yml:2:2: error: expected ',' or ']' in the flow sequence that starts at line 1, found ':'");
  EXPECT_EQ(error_of("a: {b: 1]}\n"),
            "x.yml:1:9: error: expected ',' or '}' in the flow mapping that starts at line 1, found ']'");
}

TEST(YamlErrors, Escapes) {
  EXPECT_EQ(error_of("a: \"\\q\"\n"), "x.yml:1:5: error: unknown escape sequence '\\q'");
  EXPECT_EQ(error_of("a: \"\\x4\"\n"), "x.yml:1:5: error: expected 2 hex digits after '\\x'");
  EXPECT_EQ(error_of("a: \"\\ud800\"\n"), "x.yml:1:5: error: escape '\\ud800' is not a Unicode scalar value");
}

TEST(YamlErrors, BlockScalarHeaders) {
  EXPECT_EQ(error_of("a: |0\n  x\n"), "x.yml:1:5: error: the indentation indicator of a block scalar must be 1-9, not 0");
  EXPECT_EQ(error_of("a: |x\n"), "x.yml:1:5: error: expected a chomping or indentation indicator, not 'x'");
  EXPECT_EQ(error_of("a: | x\n"), "x.yml:1:6: error: expected a comment or a line break after the block scalar header, not 'x'");
}

TEST(YamlErrors, TabsInIndentation) {
  EXPECT_EQ(error_of("a:\n\tb: 1\n"), "x.yml:2:1: error: tabs are not allowed in indentation");
  EXPECT_EQ(error_of("a:\n  \tb: 1\n"), "x.yml:2:3: error: tabs are not allowed in indentation");
  // Tabs after content, and on lines without content, are fine.
  EXPECT_EQ(error_of("a:\tb\n\t# comment\n\t\nc: [1,\n\t2]\n"), "");
}

TEST(YamlErrors, DuplicateKeys) {
  EXPECT_EQ(error_of("a: 1\nb:\n  c: 1\n  c: 2\n"), "x.yml:4:3: error: duplicate key 'c' (first defined at line 3)");
  EXPECT_EQ(error_of("null: 1\n~: 2\n"), "x.yml:2:1: error: duplicate key 'null' (first defined at line 1)");
  EXPECT_EQ(error_of("{a: 1, 'a': 2}\n"), "x.yml:1:8: error: duplicate key 'a' (first defined at line 1)");
  std::string many;
  for (int i = 0; i < 40; ++i) many += "k" + std::to_string(i) + ": 1\n";
  EXPECT_EQ(error_of(many + "k7: 2\n"), "x.yml:41:1: error: duplicate key 'k7' (first defined at line 8)");
}

TEST(YamlErrors, Keys) {
  EXPECT_EQ(error_of("? [a, b]\n: 1\n"), "x.yml:1:3: error: mapping keys must be scalars");
  EXPECT_EQ(error_of("{a: 1}: 2\n"), "x.yml:1:1: error: mapping keys must be scalars");
}

TEST(YamlErrors, Tags) {
  EXPECT_EQ(error_of("a: !custom x\n"), "x.yml:1:4: error: unsupported tag '!custom'");
  EXPECT_EQ(error_of("a: !!set {x, y}\n"), "x.yml:1:4: error: unsupported tag '!!set'");
  EXPECT_EQ(error_of("a: !!omap [x: 1]\n"), "x.yml:1:4: error: unsupported tag '!!omap'");
  EXPECT_EQ(error_of("a: !!binary aGk=\n"), "x.yml:1:4: error: unsupported tag '!!binary'");
  EXPECT_EQ(error_of("a: !!int abc\n"), "x.yml:1:4: error: 'abc' is not a valid int");
  EXPECT_EQ(error_of("a: !!bool yes\n"), "x.yml:1:4: error: 'yes' is not a valid bool");
  EXPECT_EQ(error_of("a: !!map x\n"), "x.yml:1:4: error: tag '!!map' cannot be used on a scalar");
  EXPECT_EQ(error_of("a: !!str [x]\n"), "x.yml:1:4: error: tag '!!str' cannot be used on a sequence");
  EXPECT_EQ(error_of("a: !e!x 1\n"), "x.yml:1:4: error: undefined tag handle '!e!' (declare it with %TAG)");
}

TEST(YamlErrors, IntegersBeyond64Bits) {
  EXPECT_EQ(error_of("a: 99999999999999999999999\n"),
            "x.yml:1:4: error: integer '99999999999999999999999' does not fit in 64 bits");
  EXPECT_EQ(error_of("a: -9223372036854775809\n"),
            "x.yml:1:4: error: integer '-9223372036854775809' does not fit in 64 bits");
}

TEST(YamlErrors, Aliases) {
  EXPECT_EQ(error_of("a: *nope\n"), "x.yml:1:4: error: undefined alias '*nope'");
  EXPECT_EQ(error_of("x: &a [*a]\n"), "x.yml:1:8: error: alias '*a' refers to a node that contains it (a cycle)");
  EXPECT_EQ(error_of("x: &a {k: *a}\n"), "x.yml:1:11: error: alias '*a' refers to a node that contains it (a cycle)");
  EXPECT_EQ(error_of("a: &\n"), "x.yml:1:4: error: expected an anchor name after '&'");
}

TEST(YamlErrors, MergeValues) {
  EXPECT_EQ(error_of("a:\n  <<: 1\n"), "x.yml:2:7: error: a merge key '<<' takes a mapping or a list of mappings");
  EXPECT_EQ(error_of("a:\n  <<: [{x: 1}, 2]\n"), "x.yml:2:7: error: a merge key '<<' takes a mapping or a list of mappings");
}

TEST(YamlErrors, Documents) {
  EXPECT_EQ(error_of("a: 1\n---\nb: 2\n"),
            "x.yml:2:1: error: more than one document (a data file holds one; this one starts here)");
  EXPECT_EQ(error_of("a: 1\n...\nb: 2\n"), "x.yml:3:1: error: expected '---' to start the next document, found a block mapping");
  EXPECT_EQ(error_of("%YAML 2.0\n---\na: 1\n"), "x.yml:1:1: error: unsupported YAML version 2.0 (1.x is read)");
  EXPECT_EQ(error_of("%YAML 1.2\n%YAML 1.2\n---\n"), "x.yml:2:1: error: duplicate %YAML directive");
  EXPECT_EQ(error_of("%YAML\n---\n"), "x.yml:1:6: error: expected a version number like '1.2' after %YAML");
}

TEST(YamlErrors, Encoding) {
  EXPECT_EQ(error_of("a: \x01\n"), "x.yml:1:4: error: control character 0x01 is not allowed (escape it in a double-quoted string)");
  EXPECT_EQ(error_of(std::string("a: b\0", 5)), "x.yml:1:5: error: control character 0x00 is not allowed (escape it in a double-quoted string)");
  EXPECT_EQ(error_of("a: \xC3\n"), "x.yml:1:4: error: invalid UTF-8 (byte 0xC3)");
  EXPECT_EQ(error_of("a: \xED\xA0\x80\n"), "x.yml:1:4: error: invalid UTF-8 (byte 0xED)");
  EXPECT_EQ(error_of("a: \xC0\xAF\n"), "x.yml:1:4: error: invalid UTF-8 (byte 0xC0)");
}

TEST(YamlErrors, TheCaretExcerpt) {
  try {
    testing::strict("a: 1\nb: [x,\n  y\n");
    FAIL();
  } catch (const data::DataError& e) {
    EXPECT_EQ(e.format(),
              "x.yml:2:4: error: unclosed flow sequence: no ']' before the end of the input\n"
              "  b: [x,\n"
              "     ^\n");
  }
}

}  // namespace
}  // namespace wfgen::yaml
