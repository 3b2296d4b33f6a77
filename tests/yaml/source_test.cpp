// Mapping bytes of decoded scalars back to the text: the lint reports `${{ ... }}` inside
// `run: |` blocks and quoted strings at their exact line and column.
#include "yaml/scalar_source.h"
#include "yaml/yaml_test_util.h"

namespace wfgen::yaml {
namespace {

using testing::at;
using testing::strict;

// Every byte of the value that is written as itself maps to that byte in the text (spaces
// and breaks may be folds, escapes map to their backslash).
void expect_exact(const Tree& t, const Node& n) {
  std::vector<uint32_t> origins = value_origins(t.text(), n);
  ASSERT_EQ(origins.size(), n.value().size() + 1);
  for (size_t i = 0; i < n.value().size(); ++i) {
    char c = n.value()[i];
    if (c == ' ' || c == '\n' || t.text()[origins[i]] == '\\') continue;
    EXPECT_EQ(t.text()[origins[i]], c) << "byte " << i << " of '" << n.value() << "'";
  }
}

TEST(YamlSource, EveryStyleMapsBack) {
  std::string text =
      "a: plain ${{ x }}\n"
      "b: folded plain\n  ${{ y }} more\n"
      "c: 'it''s ${{ z }}'\n"
      "d: \"esc\\t ${{ w }}\n  next\"\n"
      "e: |\n  echo \"${{ github.sha }}\"\n    indented ${{ v }}\n"
      "f: >-\n  one\n  two ${{ u }}\n\n  three\n";
  Tree t = strict(text);
  for (const char* key : {"a", "b", "c", "d", "e", "f"}) expect_exact(t, at(t, {key}));
}

TEST(YamlSource, ExpressionInALiteralBlock) {
  std::string text = "jobs:\n  x:\n    run: |\n      make\n      echo ${{ matrix.os }}\n";
  Tree t = strict(text);
  const Node& run = at(t, {"jobs", "x", "run"});
  size_t in_value = run.value().find("${{");
  ASSERT_NE(in_value, std::string_view::npos);
  LineIndex lines(t.text());
  Mark m = lines.mark(source_offset(t.text(), run, in_value));
  EXPECT_EQ(m.line, 5);
  EXPECT_EQ(m.col, 12);
}

TEST(YamlSource, EscapesMapToTheirBackslash) {
  std::string text = "a: \"x\\u00e9y\"\n";
  Tree t = strict(text);
  const Node& a = at(t, {"a"});
  std::vector<uint32_t> origins = value_origins(t.text(), a);
  ASSERT_EQ(a.value(), "x\xC3\xA9y");
  EXPECT_EQ(origins[0], 4u);  // x
  EXPECT_EQ(origins[1], 5u);  // the backslash
  EXPECT_EQ(origins[2], 5u);
  EXPECT_EQ(origins[3], 11u);  // y
  EXPECT_EQ(origins[4], text.find("\"\n") + 1);  // the end: past the closing quote
}

TEST(YamlSource, FoldsMapToTheLineBreak) {
  std::string text = "a: >\n  one\n  two\n";
  Tree t = strict(text);
  std::vector<uint32_t> origins = value_origins(t.text(), at(t, {"a"}));
  EXPECT_EQ(origins[3], text.find("one") + 3);  // the space folded from the break
}

TEST(YamlSource, LineIndex) {
  LineIndex lines("ab\ncd\r\nef");
  EXPECT_EQ(lines.mark(0).line, 1);
  EXPECT_EQ(lines.mark(4).line, 2);
  EXPECT_EQ(lines.mark(4).col, 2);
  EXPECT_EQ(lines.mark(7).line, 3);
  EXPECT_EQ(lines.mark(7).col, 1);
}

}  // namespace
}  // namespace wfgen::yaml
