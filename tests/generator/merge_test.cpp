// deep_merge: how `wfgen render -d A -d B` combines data files.
#include <gtest/gtest.h>

#include "data/json_direct.h"
#include "data/merge.h"
#include "jinja/python/ops.h"

namespace {

using wfgen::data::deep_merge;
using wfgen::data::parse_json_value;
using wfgen::jinja::to_repr;

TEST(DataMerge, DeepMergesDictsAndReplacesOthers) {
  wfgen::jinja::Value a = parse_json_value(R"({"x": {"a": 1, "b": [1]}, "y": 1})", "a.json");
  deep_merge(a, parse_json_value(R"({"x": {"b": [2], "c": 3}, "z": 4})", "b.json"));
  EXPECT_EQ(to_repr(a), "{'x': {'a': 1, 'b': [2], 'c': 3}, 'y': 1, 'z': 4}");
}

TEST(DataMerge, KeysKeepTheirPlaceAndNonDictsReplace) {
  wfgen::jinja::Value a = parse_json_value(R"({"k": 1, "d": {"p": 1}, "e": {"q": 1}})", "a.json");
  deep_merge(a, parse_json_value(R"({"d": 2, "k": {"n": 1}, "e": {"q": {"r": 1}}})", "b.json"));
  EXPECT_EQ(to_repr(a), "{'k': {'n': 1}, 'd': 2, 'e': {'q': {'r': 1}}}");
}

}  // namespace
