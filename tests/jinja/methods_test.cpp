// Python methods on data (find_method + call), compared with CPython 3.11: each case
// has the repr of the result (or "ErrorType: message") and the receiver's repr
// afterwards (mutating methods). dict.keys()/values()/items() are views, as in Python.
// tests/tools/cpython_tables.py regenerates the expected columns.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "jinja/error.h"
#include "jinja/fake_runtime.h"
#include "jinja/python/ops.h"
#include "jinja/python/runtime.h"
#include "support/table_test.h"

namespace wfgen::jinja {
namespace {

using testing::big;
using testing::dct;
using testing::lst;
using testing::tup;

struct MethodCase {
  Value (*self)();
  const char* name;
  std::vector<Value> (*args)();
  std::vector<std::pair<std::string, Value>> (*kwargs)();
  const char* result_repr;
  const char* error;
  const char* self_after;
};

const MethodCase kMethodCases[] = {
    {[] { return Value::string("a,b,,c"); }, "split",
     [] { return std::vector<Value>{Value::string(",")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "['a', 'b', '', 'c']", "",
     "'a,b,,c'"},
    {[] { return Value::string("a,b,,c"); }, "split",
     [] {
       return std::vector<Value>{Value::string(","), Value::integer(int64_t{1})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "['a', 'b,,c']", "", "'a,b,,c'"},
    {[] { return Value::string("  a b  c "); }, "split", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "['a', 'b', 'c']", "",
     "'  a b  c '"},
    {[] { return Value::string("  a b  c "); }, "split",
     [] {
       return std::vector<Value>{Value::none(), Value::integer(int64_t{1})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "['a', 'b  c ']", "",
     "'  a b  c '"},
    {[] { return Value::string("a b"); }, "split", [] { return std::vector<Value>{}; },
     [] {
       return std::vector<std::pair<std::string, Value>>{{"maxsplit", Value::integer(int64_t{0})}};
     },
     "['a b']", "", "'a b'"},
    {[] { return Value::string("  a b  c "); }, "rsplit",
     [] {
       return std::vector<Value>{Value::none(), Value::integer(int64_t{1})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "['  a b', 'c']", "",
     "'  a b  c '"},
    {[] { return Value::string("a,b,,c"); }, "rsplit",
     [] {
       return std::vector<Value>{Value::string(","), Value::integer(int64_t{1})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "['a,b,', 'c']", "", "'a,b,,c'"},
    {[] {
       return Value::string(
           "a\xe3\x80\x80"
           "b\x1c"
           "c");
     },
     "split", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "['a', 'b', 'c']", "",
     "'a\x5cu3000b\x5cx1cc'"},
    {[] { return Value::string(""); }, "split", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "[]", "", "''"},
    {[] { return Value::string(""); }, "split",
     [] { return std::vector<Value>{Value::string(",")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "['']", "", "''"},
    {[] { return Value::string("a"); }, "split",
     [] { return std::vector<Value>{Value::string("")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "", "ValueError: empty separator",
     "'a'"},
    {[] { return Value::string("a"); }, "split",
     [] { return std::vector<Value>{Value::integer(int64_t{1})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: must be str or None, not int", "'a'"},
    {[] { return Value::string("a"); }, "split", [] { return std::vector<Value>{}; },
     [] {
       return std::vector<std::pair<std::string, Value>>{{"foo", Value::integer(int64_t{1})}};
     },
     "", "TypeError: 'foo' is an invalid keyword argument for split()", "'a'"},
    {[] { return Value::string("x\x0d\x0ay\x0dz\x0a\x0bw"); }, "splitlines",
     [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "['x', 'y', 'z', '', 'w']", "",
     "'x\x5cr\x5cny\x5crz\x5cn\x5cx0bw'"},
    {[] { return Value::string("x\x0d\x0ay\x0a"); }, "splitlines",
     [] { return std::vector<Value>{Value::boolean(true)}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "['x\x5cr\x5cn', 'y\x5cn']", "",
     "'x\x5cr\x5cny\x5cn'"},
    {[] {
       return Value::string(
           "a\xe2\x80\xa8"
           "b");
     },
     "splitlines", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "['a', 'b']", "",
     "'a\x5cu2028b'"},
    {[] { return Value::string("  hi\x09\x0a"); }, "strip", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'hi'", "", "'  hi\x5ct\x5cn'"},
    {[] { return Value::string("xxhixx"); }, "strip",
     [] { return std::vector<Value>{Value::string("x")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'hi'", "", "'xxhixx'"},
    {[] { return Value::string("xxhixx"); }, "lstrip",
     [] { return std::vector<Value>{Value::string("x")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'hixx'", "", "'xxhixx'"},
    {[] { return Value::string("xxhixx"); }, "rstrip",
     [] { return std::vector<Value>{Value::string("x")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'xxhi'", "", "'xxhixx'"},
    {[] { return Value::string("a"); }, "strip",
     [] { return std::vector<Value>{Value::integer(int64_t{1})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: strip arg must be None or str", "'a'"},
    {[] { return Value::string("\xc2\xa0\xc3\xa9\xc2\xa0"); }, "strip",
     [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'\xc3\xa9'", "",
     "'\x5cxa0\xc3\xa9\x5cxa0'"},
    {[] { return Value::string("-"); }, "join",
     [] {
       return std::vector<Value>{lst({Value::string("a"), Value::string("b"), Value::string("c")})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'a-b-c'", "", "'-'"},
    {[] { return Value::string("-"); }, "join",
     [] { return std::vector<Value>{Value::string("abc")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'a-b-c'", "", "'-'"},
    {[] { return Value::string("-"); }, "join",
     [] {
       return std::vector<Value>{dct({{Value::string("k"), Value::integer(int64_t{1})},
                                      {Value::string("j"), Value::integer(int64_t{2})}})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'k-j'", "", "'-'"},
    {[] { return Value::string("-"); }, "join",
     [] { return std::vector<Value>{lst({Value::integer(int64_t{1})})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: sequence item 0: expected str instance, int found", "'-'"},
    {[] { return Value::string("-"); }, "join",
     [] { return std::vector<Value>{Value::integer(int64_t{1})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: can only join an iterable", "'-'"},
    {[] { return Value::string("aaa"); }, "replace",
     [] {
       return std::vector<Value>{Value::string("a"), Value::string("b")};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'bbb'", "", "'aaa'"},
    {[] { return Value::string("aaa"); }, "replace",
     [] {
       return std::vector<Value>{Value::string("a"), Value::string("b"),
                                 Value::integer(int64_t{2})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'bba'", "", "'aaa'"},
    {[] { return Value::string("abc"); }, "replace",
     [] {
       return std::vector<Value>{Value::string(""), Value::string("-")};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'-a-b-c-'", "", "'abc'"},
    {[] { return Value::string("abc"); }, "replace",
     [] {
       return std::vector<Value>{Value::string(""), Value::string("-"), Value::integer(int64_t{2})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'-a-bc'", "", "'abc'"},
    {[] { return Value::string("\xc3\xa9\xc3\xa9"); }, "replace",
     [] {
       return std::vector<Value>{Value::string(""), Value::string("-")};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'-\xc3\xa9-\xc3\xa9-'", "",
     "'\xc3\xa9\xc3\xa9'"},
    {[] { return Value::string("a"); }, "replace",
     [] { return std::vector<Value>{Value::string("a")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: replace expected at least 2 arguments, got 1", "'a'"},
    {[] { return Value::string("a"); }, "replace", [] { return std::vector<Value>{}; },
     [] {
       return std::vector<std::pair<std::string, Value>>{{"old", Value::string("a")},
                                                         {"new", Value::string("b")}};
     },
     "", "TypeError: str.replace() takes no keyword arguments", "'a'"},
    {[] { return Value::string("hello"); }, "startswith",
     [] { return std::vector<Value>{Value::string("he")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "True", "", "'hello'"},
    {[] { return Value::string("hello"); }, "startswith",
     [] {
       return std::vector<Value>{tup({Value::string("x"), Value::string("he")})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "True", "", "'hello'"},
    {[] { return Value::string("hello"); }, "startswith",
     [] {
       return std::vector<Value>{Value::string("l"), Value::integer(int64_t{2})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "True", "", "'hello'"},
    {[] { return Value::string("hello"); }, "endswith",
     [] {
       return std::vector<Value>{Value::string("lo"), Value::integer(int64_t{0}),
                                 Value::integer(int64_t{5})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "True", "", "'hello'"},
    {[] { return Value::string("hello"); }, "endswith",
     [] {
       return std::vector<Value>{Value::string("l"), Value::integer(int64_t{0}),
                                 Value::integer(int64_t{-1})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "True", "", "'hello'"},
    {[] { return Value::string("a"); }, "startswith",
     [] { return std::vector<Value>{Value::integer(int64_t{1})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: startswith first arg must be str or a tuple of str, not int", "'a'"},
    {[] { return Value::string("abc"); }, "startswith",
     [] {
       return std::vector<Value>{Value::string(""), Value::integer(int64_t{5})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "False", "", "'abc'"},
    {[] { return Value::string("h\xc3\xa9llo"); }, "find",
     [] { return std::vector<Value>{Value::string("l")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "2", "", "'h\xc3\xa9llo'"},
    {[] { return Value::string("h\xc3\xa9llo"); }, "rfind",
     [] { return std::vector<Value>{Value::string("l")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "3", "", "'h\xc3\xa9llo'"},
    {[] { return Value::string("h\xc3\xa9llo"); }, "find",
     [] {
       return std::vector<Value>{Value::string("l"), Value::integer(int64_t{3})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "3", "", "'h\xc3\xa9llo'"},
    {[] { return Value::string("abc"); }, "find",
     [] {
       return std::vector<Value>{Value::string(""), Value::integer(int64_t{4})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "-1", "", "'abc'"},
    {[] { return Value::string("abc"); }, "index",
     [] { return std::vector<Value>{Value::string("z")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "ValueError: substring not found", "'abc'"},
    {[] { return Value::string("abc"); }, "rindex",
     [] {
       return std::vector<Value>{Value::string("c"), Value::integer(int64_t{-1})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "2", "", "'abc'"},
    {[] { return Value::string("aaa"); }, "count",
     [] { return std::vector<Value>{Value::string("aa")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "1", "", "'aaa'"},
    {[] { return Value::string("abc"); }, "count",
     [] { return std::vector<Value>{Value::string("")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "4", "", "'abc'"},
    {[] { return Value::string("a"); }, "find", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: find() takes at least 1 argument (0 given)", "'a'"},
    {[] { return Value::string("a"); }, "find",
     [] {
       return std::vector<Value>{Value::string("a"), Value::string("x")};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: slice indices must be integers or None or have an __index__ method", "'a'"},
    {[] { return Value::string("abc"); }, "center",
     [] {
       return std::vector<Value>{Value::integer(int64_t{6}), Value::string("*")};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'*abc**'", "", "'abc'"},
    {[] { return Value::string("ab"); }, "center",
     [] {
       return std::vector<Value>{Value::integer(int64_t{5}), Value::string("*")};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'**ab*'", "", "'ab'"},
    {[] { return Value::string("\xc3\xa9"); }, "center",
     [] { return std::vector<Value>{Value::integer(int64_t{4})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "' \xc3\xa9  '", "",
     "'\xc3\xa9'"},
    {[] { return Value::string("ab"); }, "ljust",
     [] {
       return std::vector<Value>{Value::integer(int64_t{5}), Value::string("-")};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'ab---'", "", "'ab'"},
    {[] { return Value::string("ab"); }, "rjust",
     [] { return std::vector<Value>{Value::integer(int64_t{5})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'   ab'", "", "'ab'"},
    {[] { return Value::string("a"); }, "center",
     [] {
       return std::vector<Value>{Value::integer(int64_t{5}), Value::string("ab")};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: The fill character must be exactly one character long", "'a'"},
    {[] { return Value::string("a"); }, "center",
     [] {
       return std::vector<Value>{Value::integer(int64_t{5}), Value::integer(int64_t{1})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: The fill character must be a unicode character, not int", "'a'"},
    {[] { return Value::string("-42"); }, "zfill",
     [] { return std::vector<Value>{Value::integer(int64_t{6})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'-00042'", "", "'-42'"},
    {[] { return Value::string("+"); }, "zfill",
     [] { return std::vector<Value>{Value::integer(int64_t{3})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'+00'", "", "'+'"},
    {[] { return Value::string("\xc3\xa9"); }, "zfill",
     [] { return std::vector<Value>{Value::integer(int64_t{3})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'00\xc3\xa9'", "", "'\xc3\xa9'"},
    {[] { return Value::string("a{}b{x}"); }, "format",
     [] { return std::vector<Value>{Value::integer(int64_t{1})}; },
     [] {
       return std::vector<std::pair<std::string, Value>>{{"x", Value::integer(int64_t{2})}};
     },
     "'a1b2'", "", "'a{}b{x}'"},
    {[] { return Value::string("{a}"); }, "format_map",
     [] {
       return std::vector<Value>{dct({{Value::string("a"), Value::integer(int64_t{5})}})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'5'", "", "'{a}'"},
    {[] { return Value::string("key=val=x"); }, "partition",
     [] { return std::vector<Value>{Value::string("=")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "('key', '=', 'val=x')", "",
     "'key=val=x'"},
    {[] { return Value::string("key=val=x"); }, "rpartition",
     [] { return std::vector<Value>{Value::string("=")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "('key=val', '=', 'x')", "",
     "'key=val=x'"},
    {[] { return Value::string("abc"); }, "partition",
     [] { return std::vector<Value>{Value::string("z")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "('abc', '', '')", "", "'abc'"},
    {[] { return Value::string("abc"); }, "rpartition",
     [] { return std::vector<Value>{Value::string("z")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "('', '', 'abc')", "", "'abc'"},
    {[] { return Value::string("a"); }, "partition",
     [] { return std::vector<Value>{Value::string("")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "", "ValueError: empty separator",
     "'a'"},
    {[] { return Value::string("123"); }, "isdigit", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "True", "", "'123'"},
    {[] { return Value::string("\xc2\xb2"); }, "isdigit", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "True", "", "'\xc2\xb2'"},
    {[] { return Value::string("abc\xc3\xa9"); }, "isalpha", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "True", "", "'abc\xc3\xa9'"},
    {[] { return Value::string("ab1"); }, "isalnum", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "True", "", "'ab1'"},
    {[] { return Value::string(" \x09"); }, "isspace", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "True", "", "' \x5ct'"},
    {[] { return Value::string(""); }, "isspace", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "False", "", "''"},
    {[] { return Value::string("ABC1"); }, "isupper", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "True", "", "'ABC1'"},
    {[] { return Value::string("abc"); }, "islower", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "True", "", "'abc'"},
    {[] { return Value::string("Ab Cd"); }, "istitle", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "True", "", "'Ab Cd'"},
    {[] { return Value::string("\xc2\xbd"); }, "isnumeric", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "True", "", "'\xc2\xbd'"},
    {[] { return Value::string("\xc2\xbd"); }, "isdecimal", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "False", "", "'\xc2\xbd'"},
    {[] { return Value::string("_x1"); }, "isidentifier", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "True", "", "'_x1'"},
    {[] { return Value::string("1x"); }, "isidentifier", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "False", "", "'1x'"},
    {[] { return Value::string("a"); }, "isdigit",
     [] { return std::vector<Value>{Value::integer(int64_t{1})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: str.isdigit() takes no arguments (1 given)", "'a'"},
    {[] {
       return Value::string(
           "a\x09"
           "bc\x09"
           "d");
     },
     "expandtabs", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'a       bc      d'", "",
     "'a\x5ctbc\x5ctd'"},
    {[] {
       return Value::string(
           "a\x09"
           "b\x0a"
           "c\x09"
           "d");
     },
     "expandtabs", [] { return std::vector<Value>{Value::integer(int64_t{3})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'a  b\x5cnc  d'", "",
     "'a\x5ctb\x5cnc\x5ctd'"},
    {[] {
       return Value::string(
           "a\x09"
           "b");
     },
     "expandtabs", [] { return std::vector<Value>{}; },
     [] {
       return std::vector<std::pair<std::string, Value>>{{"tabsize", Value::integer(int64_t{2})}};
     },
     "'a b'", "", "'a\x5ctb'"},
    {[] { return Value::string("prefix_x"); }, "removeprefix",
     [] { return std::vector<Value>{Value::string("prefix_")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'x'", "", "'prefix_x'"},
    {[] { return Value::string("x.txt"); }, "removesuffix",
     [] { return std::vector<Value>{Value::string(".txt")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'x'", "", "'x.txt'"},
    {[] { return Value::string("x"); }, "removesuffix",
     [] { return std::vector<Value>{Value::string("")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'x'", "", "'x'"},
    {[] { return Value::string("hello wORLD"); }, "upper", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'HELLO WORLD'", "",
     "'hello wORLD'"},
    {[] { return Value::string("HELLO"); }, "lower", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'hello'", "", "'HELLO'"},
    {[] { return Value::string("hello world"); }, "title", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'Hello World'", "",
     "'hello world'"},
    {[] { return Value::string("hELLO"); }, "capitalize", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'Hello'", "", "'hELLO'"},
    {[] { return Value::string("Hello"); }, "swapcase", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'hELLO'", "", "'Hello'"},
    {[] {
       return Value::string(
           "Stra\xc3\x9f"
           "e");
     },
     "casefold", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "'strasse'", "",
     "'Stra\xc3\x9f"
     "e'"},
    {[] { return Value::string("a"); }, "upper",
     [] { return std::vector<Value>{Value::integer(int64_t{1})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: str.upper() takes no arguments (1 given)", "'a'"},
    {[] {
       return lst({Value::integer(int64_t{1}), Value::integer(int64_t{2})});
     },
     "append", [] { return std::vector<Value>{Value::integer(int64_t{3})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "None", "", "[1, 2, 3]"},
    {[] { return lst({Value::integer(int64_t{1})}); }, "extend",
     [] {
       return std::vector<Value>{lst({Value::integer(int64_t{2}), Value::integer(int64_t{3})})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "None", "", "[1, 2, 3]"},
    {[] { return lst({Value::integer(int64_t{1})}); }, "extend",
     [] { return std::vector<Value>{Value::string("ab")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "None", "", "[1, 'a', 'b']"},
    {[] { return lst({Value::integer(int64_t{1})}); }, "extend",
     [] { return std::vector<Value>{Value::integer(int64_t{1})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: 'int' object is not iterable", "[1]"},
    {[] {
       return lst({Value::integer(int64_t{1}), Value::integer(int64_t{2})});
     },
     "insert",
     [] {
       return std::vector<Value>{Value::integer(int64_t{0}), Value::integer(int64_t{9})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "None", "", "[9, 1, 2]"},
    {[] {
       return lst({Value::integer(int64_t{1}), Value::integer(int64_t{2})});
     },
     "insert",
     [] {
       return std::vector<Value>{Value::integer(int64_t{-1}), Value::integer(int64_t{9})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "None", "", "[1, 9, 2]"},
    {[] {
       return lst({Value::integer(int64_t{1}), Value::integer(int64_t{2})});
     },
     "insert",
     [] {
       return std::vector<Value>{Value::integer(int64_t{99}), Value::integer(int64_t{9})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "None", "", "[1, 2, 9]"},
    {[] {
       return lst(
           {Value::integer(int64_t{1}), Value::integer(int64_t{2}), Value::integer(int64_t{3})});
     },
     "pop", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "3", "", "[1, 2]"},
    {[] {
       return lst(
           {Value::integer(int64_t{1}), Value::integer(int64_t{2}), Value::integer(int64_t{3})});
     },
     "pop", [] { return std::vector<Value>{Value::integer(int64_t{0})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "1", "", "[2, 3]"},
    {[] { return lst({}); }, "pop", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "IndexError: pop from empty list", "[]"},
    {[] { return lst({Value::integer(int64_t{1})}); }, "pop",
     [] { return std::vector<Value>{Value::integer(int64_t{5})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "IndexError: pop index out of range", "[1]"},
    {[] {
       return lst(
           {Value::integer(int64_t{1}), Value::integer(int64_t{2}), Value::integer(int64_t{1})});
     },
     "remove", [] { return std::vector<Value>{Value::integer(int64_t{1})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "None", "", "[2, 1]"},
    {[] { return lst({Value::integer(int64_t{1})}); }, "remove",
     [] { return std::vector<Value>{Value::integer(int64_t{2})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "ValueError: list.remove(x): x not in list", "[1]"},
    {[] {
       return lst(
           {Value::integer(int64_t{1}), Value::integer(int64_t{2}), Value::integer(int64_t{1})});
     },
     "index",
     [] {
       return std::vector<Value>{Value::integer(int64_t{1}), Value::integer(int64_t{1})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "2", "", "[1, 2, 1]"},
    {[] {
       return lst({Value::integer(int64_t{1}), Value::integer(int64_t{2})});
     },
     "index", [] { return std::vector<Value>{Value::integer(int64_t{3})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "ValueError: 3 is not in list", "[1, 2]"},
    {[] { return lst({Value::string("a")}); }, "index",
     [] { return std::vector<Value>{Value::string("b")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "ValueError: 'b' is not in list", "['a']"},
    {[] {
       return lst(
           {Value::integer(int64_t{1}), Value::integer(int64_t{2}), Value::integer(int64_t{1})});
     },
     "count", [] { return std::vector<Value>{Value::integer(int64_t{1})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "2", "", "[1, 2, 1]"},
    {[] {
       return lst(
           {Value::integer(int64_t{1}), Value::integer(int64_t{2}), Value::integer(int64_t{3})});
     },
     "reverse", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "None", "", "[3, 2, 1]"},
    {[] {
       return lst(
           {Value::integer(int64_t{3}), Value::integer(int64_t{1}), Value::integer(int64_t{2})});
     },
     "sort", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "None", "", "[1, 2, 3]"},
    {[] {
       return lst(
           {Value::integer(int64_t{3}), Value::integer(int64_t{1}), Value::integer(int64_t{2})});
     },
     "sort", [] { return std::vector<Value>{}; },
     [] {
       return std::vector<std::pair<std::string, Value>>{{"reverse", Value::boolean(true)}};
     },
     "None", "", "[3, 2, 1]"},
    {[] {
       return lst({Value::integer(int64_t{1}), Value::string("a")});
     },
     "sort", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: '<' not supported between instances of 'str' and 'int'", "[1, 'a']"},
    {[] { return lst({Value::integer(int64_t{1})}); }, "sort",
     [] { return std::vector<Value>{Value::integer(int64_t{1})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: sort() takes no positional arguments", "[1]"},
    {[] { return lst({Value::integer(int64_t{1})}); }, "sort", [] { return std::vector<Value>{}; },
     [] {
       return std::vector<std::pair<std::string, Value>>{{"foo", Value::integer(int64_t{1})}};
     },
     "", "TypeError: 'foo' is an invalid keyword argument for sort()", "[1]"},
    {[] {
       return lst({Value::string("b"), Value::string("A"), Value::string("c")});
     },
     "sort", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "None", "", "['A', 'b', 'c']"},
    {[] {
       return lst({Value::floating(0x1.8000000000000p+0), Value::integer(int64_t{1}),
                   Value::boolean(true)});
     },
     "sort", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "None", "", "[1, True, 1.5]"},
    {[] {
       return lst({Value::integer(int64_t{1}), Value::integer(int64_t{2})});
     },
     "copy", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "[1, 2]", "", "[1, 2]"},
    {[] {
       return lst({Value::integer(int64_t{1}), Value::integer(int64_t{2})});
     },
     "clear", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "None", "", "[]"},
    {[] { return lst({}); }, "append", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: list.append() takes exactly one argument (0 given)", "[]"},
    {[] {
       return tup(
           {Value::integer(int64_t{1}), Value::integer(int64_t{2}), Value::integer(int64_t{1})});
     },
     "count", [] { return std::vector<Value>{Value::integer(int64_t{1})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "2", "", "(1, 2, 1)"},
    {[] {
       return tup({Value::integer(int64_t{1}), Value::integer(int64_t{2})});
     },
     "index", [] { return std::vector<Value>{Value::integer(int64_t{2})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "1", "", "(1, 2)"},
    {[] {
       return tup({Value::integer(int64_t{1}), Value::integer(int64_t{2})});
     },
     "index", [] { return std::vector<Value>{Value::integer(int64_t{3})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "ValueError: tuple.index(x): x not in tuple", "(1, 2)"},
    {[] {
       return dct({{Value::string("a"), Value::integer(int64_t{1})}});
     },
     "get", [] { return std::vector<Value>{Value::string("a")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "1", "", "{'a': 1}"},
    {[] {
       return dct({{Value::string("a"), Value::integer(int64_t{1})}});
     },
     "get", [] { return std::vector<Value>{Value::string("b")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "None", "", "{'a': 1}"},
    {[] {
       return dct({{Value::string("a"), Value::integer(int64_t{1})}});
     },
     "get",
     [] {
       return std::vector<Value>{Value::string("b"), Value::integer(int64_t{0})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "0", "", "{'a': 1}"},
    {[] { return dct({}); }, "get", [] { return std::vector<Value>{}; },
     [] {
       return std::vector<std::pair<std::string, Value>>{{"key", Value::integer(int64_t{1})}};
     },
     "", "TypeError: dict.get() takes no keyword arguments", "{}"},
    {[] {
       return dct({{Value::string("a"), Value::integer(int64_t{1})},
                   {Value::string("b"), Value::integer(int64_t{2})}});
     },
     "keys", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "dict_keys(['a', 'b'])", "",
     "{'a': 1, 'b': 2}"},
    {[] {
       return dct({{Value::string("a"), Value::integer(int64_t{1})},
                   {Value::string("b"), Value::integer(int64_t{2})}});
     },
     "values", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "dict_values([1, 2])", "",
     "{'a': 1, 'b': 2}"},
    {[] {
       return dct({{Value::string("a"), Value::integer(int64_t{1})},
                   {Value::string("b"), Value::integer(int64_t{2})}});
     },
     "items", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; },
     "dict_items([('a', 1), ('b', 2)])", "", "{'a': 1, 'b': 2}"},
    {[] {
       return dct({{Value::string("a"), Value::integer(int64_t{1})}});
     },
     "copy", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "{'a': 1}", "", "{'a': 1}"},
    {[] {
       return dct({{Value::string("a"), Value::integer(int64_t{1})}});
     },
     "pop", [] { return std::vector<Value>{Value::string("a")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "1", "", "{}"},
    {[] {
       return dct({{Value::string("a"), Value::integer(int64_t{1})}});
     },
     "pop", [] { return std::vector<Value>{Value::string("b")}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "", "KeyError: 'b'", "{'a': 1}"},
    {[] {
       return dct({{Value::string("a"), Value::integer(int64_t{1})}});
     },
     "pop",
     [] {
       return std::vector<Value>{Value::string("b"), Value::none()};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "None", "", "{'a': 1}"},
    {[] {
       return dct({{Value::string("a"), Value::integer(int64_t{1})}});
     },
     "setdefault",
     [] {
       return std::vector<Value>{Value::string("b"), Value::integer(int64_t{2})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "2", "", "{'a': 1, 'b': 2}"},
    {[] {
       return dct({{Value::string("a"), Value::integer(int64_t{1})}});
     },
     "setdefault",
     [] {
       return std::vector<Value>{Value::string("a"), Value::integer(int64_t{2})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "1", "", "{'a': 1}"},
    {[] {
       return dct({{Value::string("a"), Value::integer(int64_t{1})}});
     },
     "update",
     [] {
       return std::vector<Value>{dct({{Value::string("b"), Value::integer(int64_t{2})}})};
     },
     [] {
       return std::vector<std::pair<std::string, Value>>{{"c", Value::integer(int64_t{3})}};
     },
     "None", "", "{'a': 1, 'b': 2, 'c': 3}"},
    {[] {
       return dct({{Value::string("a"), Value::integer(int64_t{1})}});
     },
     "update",
     [] {
       return std::vector<Value>{lst({tup({Value::string("b"), Value::integer(int64_t{2})})})};
     },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "None", "", "{'a': 1, 'b': 2}"},
    {[] { return dct({}); }, "update",
     [] { return std::vector<Value>{lst({Value::integer(int64_t{1})})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: cannot convert dictionary update sequence element #0 to a sequence", "{}"},
    {[] { return dct({}); }, "update",
     [] { return std::vector<Value>{lst({Value::string("abc")})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "ValueError: dictionary update sequence element #0 has length 3; 2 is required", "{}"},
    {[] { return dct({}); }, "update",
     [] { return std::vector<Value>{Value::integer(int64_t{1})}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "TypeError: 'int' object is not iterable", "{}"},
    {[] {
       return dct({{Value::string("a"), Value::integer(int64_t{1})}});
     },
     "clear", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "None", "", "{}"},
    {[] {
       return dct({{Value::string("a"), Value::integer(int64_t{1})},
                   {Value::string("b"), Value::integer(int64_t{2})}});
     },
     "popitem", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "('b', 2)", "", "{'a': 1}"},
    {[] { return dct({}); }, "popitem", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "",
     "KeyError: 'popitem(): dictionary is empty'", "{}"},
    {[] { return Value::integer(int64_t{1}); }, "bit_length", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "1", "", "1"},
    {[] { return Value::integer(int64_t{-255}); }, "bit_length",
     [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "8", "", "-255"},
    {[] { return big("1180591620717411303424"); }, "bit_length",
     [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "71", "",
     "1180591620717411303424"},
    {[] { return Value::boolean(true); }, "bit_length", [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "1", "", "True"},
    {[] { return Value::floating(0x1.0000000000000p+0); }, "is_integer",
     [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "True", "", "1.0"},
    {[] { return Value::floating(0x1.8000000000000p+0); }, "is_integer",
     [] { return std::vector<Value>{}; },
     [] { return std::vector<std::pair<std::string, Value>>{}; }, "False", "", "1.5"},
};

class MethodCalls : public ::testing::TestWithParam<MethodCase> {};

TEST_P(MethodCalls, MatchPython) {
  testing::FakeRuntime rt;
  const MethodCase& c = GetParam();
  Value self = c.self();
  std::string what = to_repr(self) + "." + c.name + "(...)";
  Value method;
  ASSERT_TRUE(find_method(self, c.name, method)) << what;
  ASSERT_TRUE(method.is_object() && method.obj().callable()) << what;
  CallArgs args;
  args.args = c.args();
  args.kwargs = c.kwargs();
  try {
    Value r = method.obj().call(rt, args);
    EXPECT_EQ(std::string(c.error), "") << what << " returned " << to_repr(r);
    EXPECT_EQ(to_repr(r), c.result_repr) << what;
  } catch (const TemplateError& e) {
    EXPECT_NE(std::string(c.error), "") << what << " raised " << e.message();
    if (*c.error) {
      EXPECT_TRUE(testing::same_error(e, c.error))
          << what << ": " << e.message() << " vs " << c.error;
    }
  }
  EXPECT_EQ(to_repr(self), c.self_after) << what;
}

WFGEN_TABLE_ROWS(MethodCalls, kMethodCases, to_repr(r.self()).substr(0, 12) + "_" + r.name);

TEST(Methods, UnknownMethodsAndTypes) {
  Value out;
  EXPECT_FALSE(find_method(Value::string("x"), "nosuch", out));
  EXPECT_FALSE(find_method(Value::string("x"), "append", out));
  EXPECT_FALSE(find_method(Value::tuple({}), "append", out));
  EXPECT_FALSE(find_method(Value::none(), "upper", out));
  EXPECT_FALSE(find_method(Value::integer(1), "is_integer", out));
  EXPECT_TRUE(find_method(Value::dict(), "items", out));
  EXPECT_EQ(out.obj().type_name(), "builtin_function_or_method");
  std::string repr;
  out.obj().repr(repr);
  EXPECT_EQ(repr, "<built-in method items of dict object>");
}

TEST(Methods, SortReverseIsStableDescending) {
  testing::FakeRuntime rt;
  Value list = lst({Value::string("bb"), Value::string("a"), Value::string("ccc")});
  Value sort;
  ASSERT_TRUE(find_method(list, "sort", sort));
  CallArgs args;
  args.kwargs.push_back({"reverse", Value::boolean(true)});
  sort.obj().call(rt, args);
  EXPECT_EQ(to_repr(list), "['ccc', 'bb', 'a']");  // sorted(['bb','a','ccc'], reverse=True)
}

}  // namespace
}  // namespace wfgen::jinja
