// Collect mode (the workflow lint's): every finding with its position, informational ones
// included, and parsing goes on where YAML allows.
#include "yaml/yaml_test_util.h"

namespace wfgen::yaml {
namespace {

using testing::diagnostics;

using Lines = std::vector<std::string>;

TEST(YamlCollect, FindsWhatJsonLoses) {
  ParseOptions many;
  many.single_document = false;
  EXPECT_EQ(diagnostics("on: push\nbase: &b {x: 1}\nd:\n  <<: *b\n  t: !!str 1\n  t: 2\n---\nx: 1\n"),
            (Lines{"2:7 anchor: anchor '&b'", "4:7 alias: alias '*b'", "5:6 tag: tag '!!str'",
                   "4:3 merge-key: merge key '<<'", "6:3 duplicate-key: duplicate key 't' (first defined at line 5)",
                   "7:1 extra-document: more than one document (a data file holds one; this one starts here)"}));
  EXPECT_EQ(diagnostics("a: 1\n---\nb: 2\n", many), Lines{});
}

TEST(YamlCollect, GoesOnAfterNonSyntaxErrors) {
  ParseOptions o;
  o.mode = Mode::Collect;
  Tree t = parse("a:\n\tb: 1\nc: *nope\nd: !x y\ne: !!int z\nc: 3\n", o);
  EXPECT_EQ(diagnostics("a:\n\tb: 1\nc: *nope\nd: !x y\ne: !!int z\nc: 3\n"),
            (Lines{"2:1 tab-indentation: tabs are not allowed in indentation", "3:4 bad-alias: undefined alias '*nope'",
                   "4:4 tag: tag '!x'", "4:4 unsupported-tag: unsupported tag '!x'", "5:4 tag: tag '!!int'",
                   "5:4 invalid-value: 'z' is not a valid int",
                   "6:1 duplicate-key: duplicate key 'c' (first defined at line 3)"}));
  EXPECT_FALSE(t.ok());
  EXPECT_EQ(t.root()->pairs().size(), 5u);  // the duplicate is kept, as written
  EXPECT_EQ(t.root()->find("a")->find("b")->int_value(), 1);
}

TEST(YamlCollect, ASyntaxErrorEndsTheParseKeepingWhatWasRead) {
  ParseOptions o;
  o.mode = Mode::Collect;
  Tree t = parse("a: 1\nb:\n  c: [x, y\n", o);
  ASSERT_EQ(t.diagnostics().size(), 1u);
  EXPECT_EQ(t.diagnostics()[0].kind, DiagKind::Syntax);
  EXPECT_EQ(t.diagnostics()[0].mark.line, 3);
  EXPECT_EQ(t.diagnostics()[0].mark.col, 6);
  ASSERT_NE(t.root(), nullptr);
  EXPECT_EQ(t.root()->find("a")->int_value(), 1);
  EXPECT_EQ(t.root()->find("b")->find("c")->items().size(), 2u);
}

TEST(YamlCollect, NeverThrows) {
  ParseOptions o;
  o.mode = Mode::Collect;
  for (std::string_view bad : {"\"", "[", "{a: [}", "a: |0", "? ? ?", "&", "*", "!<", "%TAG", "- - - -\n  x: :",
                               "a: 'x\n...", "\tx", "key: \"\\", "\xFF", "[a, b]]]", "{{{{", "}"}) {
    Tree t = parse(bad, o);
    EXPECT_FALSE(t.ok()) << bad;
  }
}

}  // namespace
}  // namespace wfgen::yaml
