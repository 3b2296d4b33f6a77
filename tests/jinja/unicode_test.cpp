// UTF-8 helpers and Python's Unicode character classes / case mappings.
// Expectations were computed with CPython 3.11: the two hashes fold every code
// point's str.isprintable/isspace/isalpha/isdigit/isdecimal/isnumeric/isupper/
// islower flags and its upper/lower/casefold/title/swapcase/capitalize strings
// (FNV-1a), so the whole of Unicode is checked; the tables give readable cases.
// tests/tools/cpython_tables.py regenerates the hashes and the expected columns.
#include "jinja/python/unicode.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jinja/python/unicode_case.h"
#include "support/table_test.h"

namespace wfgen::jinja::utf8 {
namespace {

struct StrCase {
  const char *s, *upper, *lower, *title, *capitalize, *swapcase, *casefold;
  bool isupper, islower, istitle;
  size_t length;
};

constexpr uint64_t kFlagsHash = 0xb5a43f45bad4026bULL;
constexpr uint64_t kMappingHash = 0x3ac9ebc527cfd47aULL;
const StrCase kStrCases[] = {
    {"hello world", "HELLO WORLD", "hello world", "Hello World", "Hello world", "HELLO WORLD",
     "hello world", false, true, false, 11},
    {"Hello World", "HELLO WORLD", "hello world", "Hello World", "Hello world", "hELLO wORLD",
     "hello world", false, false, true, 11},
    {"HELLO", "HELLO", "hello", "Hello", "Hello", "hello", "hello", true, false, false, 5},
    {"\xc3\x9f", "SS", "\xc3\x9f", "Ss", "Ss", "SS", "ss", false, true, false, 1},
    {"stra\xc3\x9f"
     "e",
     "STRASSE",
     "stra\xc3\x9f"
     "e",
     "Stra\xc3\x9f"
     "e",
     "Stra\xc3\x9f"
     "e",
     "STRASSE", "strasse", false, true, false, 6},
    {"STRASSE", "STRASSE", "strasse", "Strasse", "Strasse", "strasse", "strasse", true, false,
     false, 7},
    {"\xce\x9f\xce\x94\xce\x9f\xce\xa3", "\xce\x9f\xce\x94\xce\x9f\xce\xa3",
     "\xce\xbf\xce\xb4\xce\xbf\xcf\x82", "\xce\x9f\xce\xb4\xce\xbf\xcf\x82",
     "\xce\x9f\xce\xb4\xce\xbf\xcf\x82", "\xce\xbf\xce\xb4\xce\xbf\xcf\x82",
     "\xce\xbf\xce\xb4\xce\xbf\xcf\x83", true, false, false, 4},
    {"\xce\x9f\xce\x94\xce\x9f\xce\xa3 \xce\x9f\xce\x94\xce\x9f\xce\xa3.",
     "\xce\x9f\xce\x94\xce\x9f\xce\xa3 \xce\x9f\xce\x94\xce\x9f\xce\xa3.",
     "\xce\xbf\xce\xb4\xce\xbf\xcf\x82 \xce\xbf\xce\xb4\xce\xbf\xcf\x82.",
     "\xce\x9f\xce\xb4\xce\xbf\xcf\x82 \xce\x9f\xce\xb4\xce\xbf\xcf\x82.",
     "\xce\x9f\xce\xb4\xce\xbf\xcf\x82 \xce\xbf\xce\xb4\xce\xbf\xcf\x82.",
     "\xce\xbf\xce\xb4\xce\xbf\xcf\x82 \xce\xbf\xce\xb4\xce\xbf\xcf\x82.",
     "\xce\xbf\xce\xb4\xce\xbf\xcf\x83 \xce\xbf\xce\xb4\xce\xbf\xcf\x83.", true, false, false, 10},
    {"\xce\xa3", "\xce\xa3", "\xcf\x83", "\xce\xa3", "\xce\xa3", "\xcf\x83", "\xcf\x83", true,
     false, true, 1},
    {"A\xce\xa3", "A\xce\xa3", "a\xcf\x82", "A\xcf\x82", "A\xcf\x82", "a\xcf\x82", "a\xcf\x83",
     true, false, false, 2},
    {"A\xce\xa3"
     "b",
     "A\xce\xa3"
     "B",
     "a\xcf\x83"
     "b",
     "A\xcf\x83"
     "b",
     "A\xcf\x83"
     "b",
     "a\xcf\x83"
     "B",
     "a\xcf\x83"
     "b",
     false, false, false, 3},
    {"A\xce\xa3'", "A\xce\xa3'", "a\xcf\x82'", "A\xcf\x82'", "A\xcf\x82'", "a\xcf\x82'",
     "a\xcf\x83'", true, false, false, 3},
    {"a\xce\xa3'b", "A\xce\xa3'B", "a\xcf\x83'b", "A\xcf\x83'B", "A\xcf\x83'b", "A\xcf\x83'B",
     "a\xcf\x83'b", false, false, false, 4},
    {"\xc4\xb0stanbul", "\xc4\xb0STANBUL", "i\xcc\x87stanbul", "\xc4\xb0stanbul", "\xc4\xb0stanbul",
     "i\xcc\x87STANBUL", "i\xcc\x87stanbul", false, false, true, 8},
    {"\xc7\x86"
     "emal \xc7\x85",
     "\xc7\x84"
     "EMAL \xc7\x84",
     "\xc7\x86"
     "emal \xc7\x86",
     "\xc7\x85"
     "emal \xc7\x85",
     "\xc7\x85"
     "emal \xc7\x86",
     "\xc7\x84"
     "EMAL \xc7\x85",
     "\xc7\x86"
     "emal \xc7\x86",
     false, false, false, 7},
    {"\xef\xac\x81ne \xef\xac\x82ow", "FINE FLOW", "\xef\xac\x81ne \xef\xac\x82ow", "Fine Flow",
     "Fine \xef\xac\x82ow", "FINE FLOW", "fine flow", false, true, false, 7},
    {"\xc5\x89", "\xca\xbcN", "\xc5\x89", "\xca\xbcN", "\xca\xbcN", "\xca\xbcN", "\xca\xbcn", false,
     true, false, 1},
    {"\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82 \xd0\x9c\xd0\xb8\xd1\x80",
     "\xd0\x9f\xd0\xa0\xd0\x98\xd0\x92\xd0\x95\xd0\xa2 \xd0\x9c\xd0\x98\xd0\xa0",
     "\xd0\xbf\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82 \xd0\xbc\xd0\xb8\xd1\x80",
     "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82 \xd0\x9c\xd0\xb8\xd1\x80",
     "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82 \xd0\xbc\xd0\xb8\xd1\x80",
     "\xd0\xbf\xd0\xa0\xd0\x98\xd0\x92\xd0\x95\xd0\xa2 \xd0\xbc\xd0\x98\xd0\xa0",
     "\xd0\xbf\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82 \xd0\xbc\xd0\xb8\xd1\x80", false, false,
     true, 10},
    {"\xd0\x9f\xd0\xa0\xd0\x98\xd0\x92\xd0\x95\xd0\xa2",
     "\xd0\x9f\xd0\xa0\xd0\x98\xd0\x92\xd0\x95\xd0\xa2",
     "\xd0\xbf\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82",
     "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82",
     "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82",
     "\xd0\xbf\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82",
     "\xd0\xbf\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82", true, false, false, 6},
    {"\xc7\x85ungla", "\xc7\x84UNGLA", "\xc7\x86ungla", "\xc7\x85ungla", "\xc7\x85ungla",
     "\xc7\x85UNGLA", "\xc7\x86ungla", false, false, true, 6},
    {"x1y2 z3", "X1Y2 Z3", "x1y2 z3", "X1Y2 Z3", "X1y2 z3", "X1Y2 Z3", "x1y2 z3", false, true,
     false, 7},
    {"they're bill's friends", "THEY'RE BILL'S FRIENDS", "they're bill's friends",
     "They'Re Bill'S Friends", "They're bill's friends", "THEY'RE BILL'S FRIENDS",
     "they're bill's friends", false, true, false, 22},
    {"\xc3\x80\xc3\x89\xc3\x8e\xc3\xb5\xc3\xbc", "\xc3\x80\xc3\x89\xc3\x8e\xc3\x95\xc3\x9c",
     "\xc3\xa0\xc3\xa9\xc3\xae\xc3\xb5\xc3\xbc", "\xc3\x80\xc3\xa9\xc3\xae\xc3\xb5\xc3\xbc",
     "\xc3\x80\xc3\xa9\xc3\xae\xc3\xb5\xc3\xbc", "\xc3\xa0\xc3\xa9\xc3\xae\xc3\x95\xc3\x9c",
     "\xc3\xa0\xc3\xa9\xc3\xae\xc3\xb5\xc3\xbc", false, false, false, 5},
    {"\xce\xa9mega \xcf\x89MEGA", "\xce\xa9MEGA \xce\xa9MEGA", "\xcf\x89mega \xcf\x89mega",
     "\xce\xa9mega \xce\xa9mega", "\xce\xa9mega \xcf\x89mega", "\xcf\x89MEGA \xce\xa9mega",
     "\xcf\x89mega \xcf\x89mega", false, false, false, 11},
    {"123", "123", "123", "123", "123", "123", "123", false, false, false, 3},
    {"", "", "", "", "", "", "", false, false, false, 0},
    {"  ", "  ", "  ", "  ", "  ", "  ", "  ", false, false, false, 2},
    {"\xe2\x85\xab", "\xe2\x85\xab", "\xe2\x85\xbb", "\xe2\x85\xab", "\xe2\x85\xab", "\xe2\x85\xbb",
     "\xe2\x85\xbb", true, false, true, 1},
    {"\xe2\x85\xbb", "\xe2\x85\xab", "\xe2\x85\xbb", "\xe2\x85\xab", "\xe2\x85\xab", "\xe2\x85\xab",
     "\xe2\x85\xbb", false, true, false, 1},
    {"\xc2\xb5", "\xce\x9c", "\xc2\xb5", "\xce\x9c", "\xce\x9c", "\xce\x9c", "\xce\xbc", false,
     true, false, 1},
    {"\xc5\xbf", "S", "\xc5\xbf", "S", "S", "S", "s", false, true, false, 1},
    {"\xce\x90", "\xce\x99\xcc\x88\xcc\x81", "\xce\x90", "\xce\x99\xcc\x88\xcc\x81",
     "\xce\x99\xcc\x88\xcc\x81", "\xce\x99\xcc\x88\xcc\x81", "\xce\xb9\xcc\x88\xcc\x81", false,
     true, false, 1},
    {"\xc7\x84", "\xc7\x84", "\xc7\x86", "\xc7\x85", "\xc7\x85", "\xc7\x86", "\xc7\x86", true,
     false, true, 1},
    {"\xc7\x88", "\xc7\x87", "\xc7\x89", "\xc7\x88", "\xc7\x88", "\xc7\x88", "\xc7\x89", false,
     false, true, 1},
    {"\xe1\x8e\xa0\xe1\x8f\xb8", "\xe1\x8e\xa0\xe1\x8f\xb0", "\xea\xad\xb0\xe1\x8f\xb8",
     "\xe1\x8e\xa0\xe1\x8f\xb8", "\xe1\x8e\xa0\xe1\x8f\xb8", "\xea\xad\xb0\xe1\x8f\xb0",
     "\xe1\x8e\xa0\xe1\x8f\xb0", false, false, true, 2},
    {"a_b-c", "A_B-C", "a_b-c", "A_B-C", "A_b-c", "A_B-C", "a_b-c", false, true, false, 5},
    {"\xce\x86\xce\x88\xce\x89", "\xce\x86\xce\x88\xce\x89", "\xce\xac\xce\xad\xce\xae",
     "\xce\x86\xce\xad\xce\xae", "\xce\x86\xce\xad\xce\xae", "\xce\xac\xce\xad\xce\xae",
     "\xce\xac\xce\xad\xce\xae", true, false, false, 3},
    {"\xcf\x92", "\xcf\x92", "\xcf\x92", "\xcf\x92", "\xcf\x92", "\xcf\x92", "\xcf\x92", true,
     false, true, 1},
    {"\xe1\xbf\xbc", "\xce\xa9\xce\x99", "\xe1\xbf\xb3", "\xe1\xbf\xbc", "\xe1\xbf\xbc",
     "\xe1\xbf\xbc", "\xcf\x89\xce\xb9", false, false, true, 1},
    {"\xe1\xbe\xb3", "\xce\x91\xce\x99", "\xe1\xbe\xb3", "\xe1\xbe\xbc", "\xe1\xbe\xbc",
     "\xce\x91\xce\x99", "\xce\xb1\xce\xb9", false, true, false, 1},
    {"hello \xe2\x80\xa8 world", "HELLO \xe2\x80\xa8 WORLD", "hello \xe2\x80\xa8 world",
     "Hello \xe2\x80\xa8 World", "Hello \xe2\x80\xa8 world", "HELLO \xe2\x80\xa8 WORLD",
     "hello \xe2\x80\xa8 world", false, true, false, 13},
    {"mIxEd CaSe \xc3\x84\xc3\x96\xc3\x9c \xc3\xa4\xc3\xb6\xc3\xbc",
     "MIXED CASE \xc3\x84\xc3\x96\xc3\x9c \xc3\x84\xc3\x96\xc3\x9c",
     "mixed case \xc3\xa4\xc3\xb6\xc3\xbc \xc3\xa4\xc3\xb6\xc3\xbc",
     "Mixed Case \xc3\x84\xc3\xb6\xc3\xbc \xc3\x84\xc3\xb6\xc3\xbc",
     "Mixed case \xc3\xa4\xc3\xb6\xc3\xbc \xc3\xa4\xc3\xb6\xc3\xbc",
     "MiXeD cAsE \xc3\xa4\xc3\xb6\xc3\xbc \xc3\x84\xc3\x96\xc3\x9c",
     "mixed case \xc3\xa4\xc3\xb6\xc3\xbc \xc3\xa4\xc3\xb6\xc3\xbc", false, false, false, 18},
    {"\xe2\x93\x90\xe2\x93\x91", "\xe2\x92\xb6\xe2\x92\xb7", "\xe2\x93\x90\xe2\x93\x91",
     "\xe2\x92\xb6\xe2\x93\x91", "\xe2\x92\xb6\xe2\x93\x91", "\xe2\x92\xb6\xe2\x92\xb7",
     "\xe2\x93\x90\xe2\x93\x91", false, true, false, 2},
    {"ABC def", "ABC DEF", "abc def", "Abc Def", "Abc def", "abc DEF", "abc def", false, false,
     false, 7},
    {"Abc Def", "ABC DEF", "abc def", "Abc Def", "Abc def", "aBC dEF", "abc def", false, false,
     true, 7},
    {"Abc def", "ABC DEF", "abc def", "Abc Def", "Abc def", "aBC DEF", "abc def", false, false,
     false, 7},
    {"aBC", "ABC", "abc", "Abc", "Abc", "Abc", "abc", false, false, false, 3},
    {"1A", "1A", "1a", "1A", "1a", "1a", "1a", true, false, true, 2},
    {"1a", "1A", "1a", "1A", "1a", "1A", "1a", false, true, false, 2},
    {"\xca\xb0", "\xca\xb0", "\xca\xb0", "\xca\xb0", "\xca\xb0", "\xca\xb0", "\xca\xb0", false,
     true, false, 1},
    {"\xce\xa3\xce\x91\xce\xa3 \xce\xa3\xce\x91\xce\xa3",
     "\xce\xa3\xce\x91\xce\xa3 \xce\xa3\xce\x91\xce\xa3",
     "\xcf\x83\xce\xb1\xcf\x82 \xcf\x83\xce\xb1\xcf\x82",
     "\xce\xa3\xce\xb1\xcf\x82 \xce\xa3\xce\xb1\xcf\x82",
     "\xce\xa3\xce\xb1\xcf\x82 \xcf\x83\xce\xb1\xcf\x82",
     "\xcf\x83\xce\xb1\xcf\x82 \xcf\x83\xce\xb1\xcf\x82",
     "\xcf\x83\xce\xb1\xcf\x83 \xcf\x83\xce\xb1\xcf\x83", true, false, false, 7},
};

uint64_t fnv(std::string_view data, uint64_t h) {
  for (unsigned char b : data) {
    h ^= b;
    h *= 0x100000001b3ULL;
  }
  return h;
}

TEST(Unicode, CharacterClassesMatchPythonEverywhere) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (uint32_t cp = 0; cp < 0x110000; ++cp) {
    char flags = static_cast<char>(is_printable(cp) | is_space(cp) << 1 | is_alpha(cp) << 2 |
                                   is_digit(cp) << 3 | is_decimal(cp) << 4 | is_numeric(cp) << 5 |
                                   is_upper(cp) << 6 | is_lower(cp) << 7);
    h = fnv(std::string_view(&flags, 1), h);
  }
  EXPECT_EQ(h, kFlagsHash);
}

TEST(Unicode, CaseMappingsMatchPythonEverywhere) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (uint32_t cp = 0; cp < 0x110000; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    std::string ch;
    encode(ch, cp);
    for (const std::string& m :
         {upper(ch), lower(ch), casefold(ch), title(ch), swapcase(ch), capitalize(ch)}) {
      h = fnv(m, h);
      h = fnv(std::string_view("\0", 1), h);
    }
  }
  EXPECT_EQ(h, kMappingHash);
}

class UnicodeStrMethods : public ::testing::TestWithParam<StrCase> {};

TEST_P(UnicodeStrMethods, StringMethodsMatchPython) {
  const StrCase& c = GetParam();
  EXPECT_EQ(upper(c.s), c.upper) << c.s;
  EXPECT_EQ(lower(c.s), c.lower) << c.s;
  EXPECT_EQ(title(c.s), c.title) << c.s;
  EXPECT_EQ(capitalize(c.s), c.capitalize) << c.s;
  EXPECT_EQ(swapcase(c.s), c.swapcase) << c.s;
  EXPECT_EQ(casefold(c.s), c.casefold) << c.s;
  EXPECT_EQ(str_is_upper(c.s), c.isupper) << c.s;
  EXPECT_EQ(str_is_lower(c.s), c.islower) << c.s;
  EXPECT_EQ(str_is_title(c.s), c.istitle) << c.s;
  EXPECT_EQ(length(c.s), c.length) << c.s;
}

WFGEN_TABLE_ROWS(UnicodeStrMethods, kStrCases, r.s);

TEST(Unicode, SimpleMappingsAndClasses) {
  EXPECT_EQ(to_upper('a'), uint32_t{'A'});
  EXPECT_EQ(to_lower(0x100), 0x101u);  // Ā -> ā
  EXPECT_EQ(to_upper(0x3C2), 0x3A3u);  // ς -> Σ
  EXPECT_EQ(to_lower(0x410), 0x430u);  // А -> а
  EXPECT_EQ(to_upper(0xDF), 0xDFu);    // ß has no one-character uppercase
  EXPECT_EQ(to_upper(0xFF), 0x178u);   // ÿ -> Ÿ
  EXPECT_TRUE(is_space(0x1C));
  EXPECT_TRUE(is_space(0x85));
  EXPECT_TRUE(is_space(0x3000));
  EXPECT_FALSE(is_space(0x200B));
  for (uint32_t cp : {0x7Fu, 0x9Fu, 0xA0u, 0xADu, 0x1680u, 0x2000u, 0x200Fu, 0x2028u, 0x202Fu,
                      0x205Fu, 0x2064u, 0x3000u, 0xFEFFu, 0xD800u, 0xE000u, 0xFFFFu, 0x10FFFFu}) {
    EXPECT_FALSE(is_printable(cp)) << std::hex << cp;
  }
  for (uint32_t cp : {0x20u, 0x41u, 0xE9u, 0x301u, 0x4E2Du, 0x1F600u}) {
    EXPECT_TRUE(is_printable(cp)) << std::hex << cp;
  }
  EXPECT_TRUE(is_alnum(0xB2));  // '²'.isalnum()
  EXPECT_TRUE(is_title(0x1C5));
  EXPECT_TRUE(is_id_start('_'));
  EXPECT_FALSE(is_id_start('1'));
  EXPECT_TRUE(is_id_continue('1'));
}

TEST(Unicode, DecodeEncodeOffsets) {
  std::string s = "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80";  // a é € 😀
  EXPECT_FALSE(is_ascii(s));
  EXPECT_TRUE(is_ascii("plain"));
  EXPECT_EQ(length(s), 4u);
  EXPECT_EQ(offsets(s), (std::vector<size_t>{0, 1, 3, 6, 10}));
  EXPECT_EQ(to_code_points(s), (std::vector<uint32_t>{0x61, 0xE9, 0x20AC, 0x1F600}));
  EXPECT_EQ(from_code_points(to_code_points(s)), s);
  size_t i = 1;
  EXPECT_EQ(decode(s, i), 0xE9u);
  EXPECT_EQ(i, 3u);
  EXPECT_EQ(length(""), 0u);
  EXPECT_EQ(offsets(""), (std::vector<size_t>{0}));
}

TEST(Unicode, InvalidBytesCountAsOneAndSurviveRoundTrip) {
  // Stray continuation, truncated sequence, overlong '/', encoded surrogate, > U+10FFFF.
  for (std::string bad : {std::string("a\x80z"), std::string("\xe2\x82"), std::string("\xc0\xaf"),
                          std::string("\xed\xa0\x80"), std::string("\xf4\x90\x80\x80")}) {
    EXPECT_EQ(length(bad), bad.size()) << bad;
    EXPECT_EQ(from_code_points(to_code_points(bad)), bad);
    EXPECT_EQ(upper(bad), bad == "a\x80z" ? std::string("A\x80Z") : bad);
  }
}

// Python's s[i]: every index of strings of ASCII, multi-byte and invalid bytes agrees with
// the code points offsets() gives, from either end; past them there is none.
TEST(Unicode, CodePointAtIndexesAsOffsetsCount) {
  for (std::string s : {std::string(""), std::string("plain"),
                        std::string("a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80z"),
                        std::string("\xc3\xa9tail"), std::string("a\x80z\xe2\x82"),
                        std::string("x\xc0\xafy")}) {
    const std::vector<size_t> offs = offsets(s);
    const auto n = static_cast<int64_t>(offs.size()) - 1;
    for (int64_t i = -n - 2; i <= n + 1; ++i) {
      const int64_t at = i < 0 ? i + n : i;
      std::optional<std::string_view> got = code_point_at(s, i);
      if (at < 0 || at >= n) {
        EXPECT_FALSE(got) << s << " [" << i << "]";
        continue;
      }
      const auto k = static_cast<size_t>(at);
      ASSERT_TRUE(got) << s << " [" << i << "]";
      EXPECT_EQ(*got, std::string_view(s).substr(offs[k], offs[k + 1] - offs[k]))
          << s << " [" << i << "]";
    }
  }
  EXPECT_FALSE(code_point_at("abc", INT64_MIN));
  EXPECT_FALSE(code_point_at("abc", INT64_MAX));
}

}  // namespace
}  // namespace wfgen::jinja::utf8
