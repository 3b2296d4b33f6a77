// data::free_json: containers emptied from the leaves up, whatever the depth.
#include "data/json_free.h"

#include <gtest/gtest.h>

namespace wfgen::data {
namespace {

TEST(FreeJson, EmptiesContainersAndLeavesScalars) {
  Json j = Json::parse(R"({"a": [1, {"b": ["x", "y"]}], "c": {"d": null}, "e": "s"})");
  free_json(j);
  EXPECT_EQ(j, Json::object());
  Json list = Json::parse(R"([[1, 2], [], {"k": [3]}])");
  free_json(list);
  EXPECT_EQ(list, Json::array());
  Json scalar = "text";
  free_json(scalar);
  EXPECT_EQ(scalar, "text");
}

// Past its depth bound the rest is left to nlohmann's destructor, which does not recurse:
// a list 100,000 levels deep is freed without overflowing the stack.
TEST(FreeJson, DeepDataIsFreedWithoutRecursingThroughIt) {
  Json deep = Json::array();
  Json* at = &deep;
  for (int i = 0; i < 100'000; ++i) {
    at->push_back(Json::array());
    at = &(*at)[0];
  }
  free_json(deep);
  EXPECT_EQ(deep, Json::array());
}

}  // namespace
}  // namespace wfgen::data
