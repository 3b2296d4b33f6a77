// The lexer alone: token kinds and texts, delimiters, whitespace control, raw blocks,
// comments, literals and lexical errors.
#include <gtest/gtest.h>

#include "jinja/error.h"
#include "jinja/runtime/environment.h"
#include "jinja/syntax/lexer.h"
#include "jinja/syntax/source.h"

namespace {

using namespace wfgen::jinja;

// "kind:text" for every token but the final Eof.
std::vector<std::string> lex(const std::string& text, EnvironmentOptions opt = {}) {
  SourceFile file("t", normalize_source(text, opt.keep_trailing_newline));
  std::vector<std::string> out;
  static const char* names[] = {"data", "vbegin", "vend",  "bbegin", "bend", "name",
                                "str",  "int",    "float", "op",     "eof"};
  TokenList list = tokenize(file, opt);
  list.check();
  for (const Token& t : list.tokens) {
    if (t.type == Tok::Eof) break;
    out.push_back(std::string(names[static_cast<int>(t.type)]) + ":" +
                  (t.type == Tok::String ? t.value : std::string(t.text)));
  }
  return out;
}

using V = std::vector<std::string>;

TEST(Lexer, TextVariablesAndBlocks) {
  EXPECT_EQ(
      lex("a {{ x.y }} b{% if z %}c{% endif %}"),
      (V{"data:a ", "vbegin:{{", "name:x", "op:.", "name:y", "vend:}}", "data: b", "bbegin:{%",
         "name:if", "name:z", "bend:%}", "data:c", "bbegin:{%", "name:endif", "bend:%}"}));
}

TEST(Lexer, Literals) {
  EXPECT_EQ(lex("{{ 1_000 0x1F 0b10 0o7 1.5 2e3 'a\\'b' \"c\\n\" }}"),
            (V{"vbegin:{{", "int:1_000", "int:0x1F", "int:0b10", "int:0o7", "float:1.5",
               "float:2e3", "str:a'b", "str:c\n", "vend:}}"}));
}

TEST(Lexer, OperatorsLongestFirst) {
  EXPECT_EQ(lex("{{ a//b**c<=d!=e }}"),
            (V{"vbegin:{{", "name:a", "op://", "name:b", "op:**", "name:c", "op:<=", "name:d",
               "op:!=", "name:e", "vend:}}"}));
}

TEST(Lexer, WhitespaceControlStripsTheText) {
  EXPECT_EQ(lex("a  \n {%- if x -%}\n  b"),
            (V{"data:a", "bbegin:{%-", "name:if", "name:x", "bend:-%}\n  ", "data:b"}));
}

TEST(Lexer, TrimAndLstripBlocks) {
  EnvironmentOptions opt;
  opt.trim_blocks = opt.lstrip_blocks = true;
  EXPECT_EQ(lex("x\n  {% if y %}\nz", opt),
            (V{"data:x\n", "bbegin:{%", "name:if", "name:y", "bend:%}\n", "data:z"}));
}

TEST(Lexer, CommentsAndRawLeaveNoTokens) {
  EXPECT_EQ(lex("a{# {{ x }} #}b{% raw %}{{ y }}{% endraw %}"),
            (V{"data:a", "data:b", "data:{{ y }}"}));
}

TEST(Lexer, BracesBalanceInsideAVariable) {
  EXPECT_EQ(lex("{{ {'a': {}} }}"),
            (V{"vbegin:{{", "op:{", "str:a", "op::", "op:{", "op:}", "op:}", "vend:}}"}));
}

TEST(Lexer, CustomDelimiters) {
  EnvironmentOptions opt;
  opt.variable_start = "!{{";
  EXPECT_EQ(lex("${{ gh }} !{{ x }}", opt),
            (V{"data:${{ gh }} ", "vbegin:!{{", "name:x", "vend:}}"}));
}

TEST(Lexer, NewlinesAreNormalisedAndOneTrailingNewlineDropped) {
  EXPECT_EQ(normalize_source("a\r\nb\rc\n", false), "a\nb\nc");
  EXPECT_EQ(normalize_source("a\n\n", false), "a\n");
  EXPECT_EQ(normalize_source("a\n", true), "a\n");
}

TEST(Lexer, ErrorsArePositioned) {
  for (const char* bad : {"{{ x ? }}", "{# never closed", "{% raw %}never closed", "{{ ) }}",
                          "{{ 'unterminated }}"}) {
    try {
      lex(bad);
      ADD_FAILURE() << "accepted " << bad;
    } catch (const TemplateError& e) {
      EXPECT_EQ(e.kind(), ErrorKind::Syntax) << bad;
      EXPECT_TRUE(e.located()) << bad;
    }
  }
}

TEST(Lexer, ErrorsWaitInTheStream) {
  // Jinja2 lexes lazily: the tokens before a lexical error reach the parser first.
  SourceFile file("t", "a{{ (x }}");
  TokenList list = tokenize(file, {});
  ASSERT_TRUE(list.error);
  std::vector<Tok> kinds;
  for (const Token& t : list.tokens) kinds.push_back(t.type);
  EXPECT_EQ(kinds, (std::vector<Tok>{Tok::Data, Tok::VarBegin, Tok::Op, Tok::Name, Tok::Error}));
  EXPECT_THROW(list.check(), TemplateError);
}

}  // namespace
