// JSON data for `wfgen render -d`: parsed straight into Values. Expectations are
// Python's repr(json.loads(text)); tests/tools/cpython_tables.py regenerates them.
#include <gtest/gtest.h>

#include "data/error.h"
#include "data/json_direct.h"
#include "jinja/python/ops.h"
#include "support/table_test.h"

namespace {

using wfgen::data::parse_json_value;
using wfgen::jinja::to_repr;

struct JsonCase {
  const char* json;
  const char* python_repr;
};
const JsonCase kCases[] = {
    {R"({"a": 1, "b": [true, false, null], "c": "x"})",
     "{'a': 1, 'b': [True, False, None], 'c': 'x'}"},
    {R"({"big": 123456789012345678901234567890, "neg": -9223372036854775809, "max": 9223372036854775807})",
     "{'big': 123456789012345678901234567890, 'neg': -9223372036854775809, 'max': "
     "9223372036854775807}"},
    {R"({"f": [1.5, -0.0, 1e16, 1E-5, 2.5e+3, 0.1]})",
     "{'f': [1.5, -0.0, 1e+16, 1e-05, 2500.0, 0.1]}"},
    {R"({"s": "tab\tnl\nq\"bs\\sl\/u\u00e9pair\ud83d\ude00"})",
     "{'s': 'tab\\tnl\\nq\"bs\\\\sl/u\xc3\xa9pair\xf0\x9f\x98\x80'}"},
    {"[ ]", "[]"},
    {R"(  {"nested": {"deep": [[1], {"k": []}]}}  )", "{'nested': {'deep': [[1], {'k': []}]}}"},
};

class JsonDirectCases : public ::testing::TestWithParam<JsonCase> {};

TEST_P(JsonDirectCases, MatchesPythonJsonLoads) {
  EXPECT_EQ(to_repr(parse_json_value(GetParam().json, "d.json")), GetParam().python_repr);
}

WFGEN_TABLE_ROWS(JsonDirectCases, kCases, r.json);

TEST(JsonDirect, MalformedInputIsAPositionedError) {
  for (const char* bad : {"{\"a\": }", "[1, 2", "{\"a\": 1} x", "{\"a\": 01}", "\"tab\there\"",
                          "{\"k\": 1, \"k\": 2}"}) {
    try {
      parse_json_value(bad, "d.json");
      ADD_FAILURE() << "accepted " << bad;
    } catch (const wfgen::data::DataError& e) {
      EXPECT_EQ(e.file(), "d.json");
      EXPECT_GT(e.line(), 0) << bad << ": " << e.format();
    }
  }
}

}  // namespace
