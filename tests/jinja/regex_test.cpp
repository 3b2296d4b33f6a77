// jinja::Regex: whole-text matches as std::regex_match gives them (ECMAScript) on every
// pattern and text of a table, where std::regex is safe (short texts); then what
// std::regex cannot do: long texts, and the errors of what is refused.
#include "jinja/python/regex.h"

#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

namespace wfgen::jinja {
namespace {

// The patterns wfgen's matrices and Jinja2's urlize use, and the syntax around them.
const std::vector<std::string> kPatterns = {
    "", "a", "abc", "a|b", "ab|cd|", "a*", "a+", "a?", "(ab)*", "(?:ab)+c", "a{3}", "a{2,}",
    "a{1,3}", "a{0,2}b", "(a|ab)(c|bcd)(d*)", "(a*)*", "(a*|b)+", "(|a)+b", "a*?", "a+?b",
    "a{2,3}?", ".", ".*", "a.c", "[abc]", "[^abc]", "[a-c]+", "[a-zA-Z_][a-zA-Z0-9_-]*",
    "[]", "[^]", "[-a]", "[a-]", "[\\w-]+", "[\\w%-]+", "[\\d.]+", "[\\s\\S]", "[\\]]", "[\\\\]",
    "[\\-x]", "[\\x41-\\x43]+", "\\d+", "\\D", "\\w+", "\\W", "\\s", "\\S+", "\\.", "\\*\\+",
    "\\t", "\\x41", "\\/", "^a", "a$", "^$", "^a|b$", "a^", "$a", "\\ba", "a\\b", "\\bab\\b",
    "a\\Bb", "\\B", "(?=a)a", "(?=a)b", "(?!a)\\w", "a(?=b)b", "a(?!b)\\w",
    "(?=[^/]{1,3}/)[a-z]+/[a-z]+", "[A-Za-z0-9]+(-[A-Za-z0-9]+)*", "gfx[0-9]+[a-z]?",
    "3\\.[0-9]+", "nightly|release/[0-9]+\\.[0-9]+", "ciflow/[a-z0-9_]+",
    "(?!.*\\.\\.)(?!.*\\.lock$)(?!.*\\.$)[A-Za-z0-9][A-Za-z0-9._-]*",
    "(?=[^/]{1,39}/)[A-Za-z0-9]+(-[A-Za-z0-9]+)*/(?!\\.\\.?$)(?!.*\\.(git|wiki)$)"
    "[A-Za-z0-9._-]{1,100}",
    "[A-Za-z0-9_.-]+\\.ya?ml", "^\\S+@\\w[\\w.-]*\\.\\w+$", "^([\\w.+-]{2,}:(/){0,2})$",
    "(a|b)*abb", "((a|b)(c|d))*", "(((a)))", "a{0}", "a{0,0}b", "x(?:y|z){2}",
};

const std::vector<std::string> kTexts = {
    "", "a", "b", "c", "d", "aa", "aaa", "aaaa", "ab", "abc", "abab", "ababc", "abcd", "abbd",
    "abcbcd", "aab", "bab", "abb", "aabb", "ba", "x", "-", "a-b", "a-", "_a1", "1a", "a c",
    "a\nc", "a\rc", "a.c", "abc.d", "1.2", "3.10", "3.", "12", "gfx942", "gfx1100a", "gfx",
    "]", "\\", "%a-", "\t", " ", "A", "ABC", "B", "/", ".", "*+", "a/b", "ab/cd", "abcd/e",
    "x-y/z.git", "x/..", "x/.", "x/a.b", "own-er/re.po", "-own/re", "ow--n/re", "a..b",
    "a.lock", "a.", "a.b", "nightly", "release/2.9", "release/2", "ciflow/trunk",
    "ciflow/Trunk", "a@b.co", "a@b", "mailto:", "https:", "http://", "xy+z://", "x:",
    "acd", "bc", "acbd", "xyz", "xyy", "xzy", "x", "pytorch_ci.yml", "a.yaml", "a.yml.j2",
};

TEST(Regex, MatchesAsStdRegexOnEveryPatternAndText) {
  for (const std::string& p : kPatterns) {
    std::regex oracle(p, std::regex::ECMAScript);
    Regex ours(p);
    for (const std::string& t : kTexts)
      EXPECT_EQ(ours.matches(t), std::regex_match(t, oracle))
          << "pattern /" << p << "/ on '" << t << "'";
  }
}

TEST(Regex, IgnoresTheCaseOfLettersAsStdRegexDoes) {
  for (const char* p : {"abc", "[a-c]+", "[^a]", "[A-Z]+x", "\\w+", "[^\\W]", "xn--[\\w%]{2,5}"}) {
    std::regex oracle(p, std::regex::ECMAScript | std::regex::icase);
    Regex ours(p, Regex::Case::Insensitive);
    for (const std::string& t : kTexts)
      EXPECT_EQ(ours.matches(t), std::regex_match(t, oracle)) << "/" << p << "/i on '" << t << "'";
  }
}

// std::regex recurses once per character: these overflowed its stack (~30,000 bytes).
TEST(Regex, MatchesTextsOfAMillionBytes) {
  const std::string many(1'000'000, 'a');
  EXPECT_TRUE(Regex("[a-z]*").matches(many));
  EXPECT_TRUE(Regex("(a|b)+").matches(many));
  EXPECT_FALSE(Regex("(a|b)+c").matches(many));
  EXPECT_TRUE(Regex("(?!.*\\.\\.)[a-z]+").matches(many));
  EXPECT_FALSE(Regex("(?!.*a$)[a-z]+").matches(many));
  EXPECT_TRUE(Regex("(?:(?=a)a)*").matches(many));  // a lookahead at every position
}

// Exponential for a backtracking matcher; linear here.
TEST(Regex, NestedRepetitionsStayLinear) {
  const std::string text = std::string(100'000, 'a') + "!";
  EXPECT_FALSE(Regex("(a*)*b").matches(text));
  EXPECT_FALSE(Regex("(a|aa)+$").matches(text));
}

TEST(Regex, ALookaheadRepeatedOverALongTextIsRefusedNotSlow) {
  const std::string text(100'000, 'a');
  Regex quadratic("(?:(?=[a-z]*b)[a-z]|a)*");
  try {
    quadratic.matches(text);
    FAIL() << "no error";
  } catch (const RegexError& e) {
    EXPECT_STREQ(e.what(),
                 "the text is too long for this pattern's lookaheads (more than 50000000 steps)");
  }
  EXPECT_TRUE(quadratic.matches(std::string(1000, 'a')));  // short texts are fine
}

struct Refused {
  const char* pattern;
  const char* message;
  size_t offset;
};

TEST(Regex, RefusesWhatItDoesNotReadWithTheSpot) {
  const Refused cases[] = {
      {"a(b", "missing ) for this (", 1},
      {"ab)", "unbalanced parenthesis", 2},
      {"[ab", "missing ] for this [", 0},
      {"*a", "nothing to repeat", 0},
      {"a**", "nothing to repeat", 0},
      {"x^*", "nothing to repeat", 1},
      {"(?=a)+", "nothing to repeat", 0},
      {"a{2", "a repetition {n,m} is not closed", 1},
      {"a{,2}", "a repetition {n,m} needs numbers", 1},
      {"a{3,2}", "a repetition {n,m} with m below n", 1},
      {"a{1001}", "a repetition count above 1000", 1},
      {"[z-a]", "a range out of order", 1},
      {"[a-\\d]", "a range cannot end in a class escape", 3},
      {"(a)\\1", "backreferences are not supported", 3},
      {"(?<n>a)", "lookbehinds and named groups are not supported", 0},
      {"(?i)a", "only (?: ), (?= ) and (?! ) are supported after (?", 0},
      {"\\u0041", "unsupported escape \\u", 0},
      {"\\x4", "\\x needs two hexadecimal digits", 0},
      {"a\\", "a pattern cannot end with a backslash", 1},
  };
  for (const Refused& c : cases) {
    try {
      Regex r(c.pattern);
      ADD_FAILURE() << c.pattern << ": no error";
    } catch (const RegexError& e) {
      EXPECT_EQ(std::string(e.what()), c.message) << c.pattern;
      EXPECT_EQ(e.offset(), c.offset) << c.pattern;
    }
  }
}

TEST(Regex, RefusesPatternsNestedOrRepeatedBeyondItsLimits) {
  std::string deep = std::string(101, '(') + std::string(101, ')');
  try {
    Regex r(deep);
    FAIL() << "no error";
  } catch (const RegexError& e) {
    EXPECT_STREQ(e.what(), "groups nested more than 100 deep");
    EXPECT_EQ(e.offset(), 100u);
  }
  try {
    Regex r("(a{1000}){1000}");
    FAIL() << "no error";
  } catch (const RegexError& e) {
    EXPECT_STREQ(e.what(), "the pattern is too large (more than 10000 states)");
  }
}

}  // namespace
}  // namespace wfgen::jinja
