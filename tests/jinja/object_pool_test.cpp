// The object pool: blocks are recycled per size class, objects deleted through their
// base get their real size back, and sanitizer builds bypass the pool entirely.
#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>

#include "jinja/value/object_pool.h"
#include "jinja/value/value.h"

namespace wfgen::jinja {
namespace {

TEST(ObjectPool, RecyclesBlocksOfTheSameSizeClass) {
  void* a = object_pool::allocate(40);
  std::memset(a, 0xab, 40);  // the whole requested size is usable
  object_pool::deallocate(a, 40);
  void* b = object_pool::allocate(48);  // same 16-byte class as 40
#if defined(__SANITIZE_ADDRESS__)
  // Plain new/delete under ASan: a use after free must still be caught.
  (void)a;
#else
  EXPECT_EQ(a, b);
#endif
  object_pool::deallocate(b, 48);
}

TEST(ObjectPool, LiveBlocksAreDistinctAcrossSizesIncludingLargeOnes) {
  std::set<void*> live;
  std::vector<std::pair<void*, size_t>> blocks;
  for (size_t size : {8, 16, 17, 100, 256, 512, 513, 4096}) {
    for (int i = 0; i < 5; ++i) {
      void* p = object_pool::allocate(size);
      std::memset(p, static_cast<int>(size), size);
      EXPECT_TRUE(live.insert(p).second);
      blocks.emplace_back(p, size);
    }
  }
  for (auto [p, size] : blocks) object_pool::deallocate(p, size);
}

TEST(ObjectPool, ObjectsOfEveryKindRoundTripThroughValues) {
  // Strings, lists and dicts are pool-allocated Objects of different sizes; build and
  // drop many so blocks are reused, and check nothing written into one leaks into another.
  for (int round = 0; round < 3; ++round) {
    std::vector<Value> values;
    for (int i = 0; i < 200; ++i) {
      values.push_back(Value::string("s" + std::to_string(i)));
      values.push_back(Value::list({Value::integer(i), Value::string("x")}));
      Value d = Value::dict();
      d.dict_obj().set(Value::string("k"), Value::integer(i));
      values.push_back(d);
    }
    for (int i = 0; i < 200; ++i) {
      EXPECT_EQ(values[3 * i].as_string(), "s" + std::to_string(i));
      EXPECT_EQ(values[3 * i + 1].items()[0].as_int(), i);
      EXPECT_EQ(values[3 * i + 2].dict_obj().find("k")->as_int(), i);
    }
  }
}

}  // namespace
}  // namespace wfgen::jinja
