// DictObj lookups through a LookupHint, and the StringPool loaders share keys (and short
// values) with.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "data/json_convert.h"
#include "jinja/value/string_pool.h"
#include "jinja/value/value.h"

namespace wfgen::jinja {
namespace {

Value row(StringPool& keys, std::initializer_list<std::pair<const char*, int>> items) {
  Value d = Value::dict();
  for (const auto& [k, v] : items) d.dict_obj().set(keys.get(k), Value::integer(v));
  return d;
}

TEST(StringPool, SharesOneStringPerText) {
  StringPool pool;
  Value a = pool.get("build_name");
  Value b = pool.get(std::string("build_") + "name");
  EXPECT_EQ(a.identity(), b.identity());
  EXPECT_NE(a.identity(), pool.get("build").identity());
  EXPECT_EQ(b.as_string(), "build_name");
}

// Enough texts that many share a slot of the pool's recent lookups: each lookup still
// answers its own text, with the one Value the pool keeps for it.
TEST(StringPool, RecentLookupsNeverAnswerAnotherText) {
  StringPool pool;
  std::vector<std::string> texts = {"", "a", "b", "ab", "ba"};
  for (int i = 0; i < 3000; ++i) texts.push_back("key_" + std::to_string(i * 7919 % 10007));
  std::vector<const void*> first;
  for (const std::string& t : texts) {
    Value v = pool.get(t);
    ASSERT_EQ(v.as_string(), t);
    first.push_back(v.identity());
  }
  for (int round = 0; round < 2; ++round)
    for (size_t i = texts.size(); i-- > 0;) {
      Value v = pool.get(texts[i]);
      ASSERT_EQ(v.as_string(), texts[i]);
      EXPECT_EQ(v.identity(), first[i]) << texts[i];
    }
}

// Data's keys and its short string values come from the pool: rows share them.
TEST(StringPool, DataSharesKeysAndShortValues) {
  StringPool pool;
  const std::string long_text(100, 'x');
  auto rows = nlohmann::ordered_json::parse(R"([{"os": "linux", "pip": ")" + long_text +
                                            R"("}, {"os": "linux", "pip": ")" + long_text +
                                            R"("}])");
  Value v = data::to_value(rows, pool);
  const Value& a = v.items()[0];
  const Value& b = v.items()[1];
  EXPECT_EQ(a.dict_obj().find("os")->identity(), b.dict_obj().find("os")->identity());
  EXPECT_EQ(a.dict_obj().find("os")->as_string(), "linux");
  EXPECT_NE(a.dict_obj().find("pip")->identity(), b.dict_obj().find("pip")->identity());
  EXPECT_EQ(b.dict_obj().find("pip")->as_string(), long_text);
}

TEST(LookupHint, FindsKeysAcrossRowsOfOneShapeAndOfOthers) {
  StringPool keys;
  Value first = row(keys, {{"a", 1}, {"b", 2}, {"c", 3}});
  Value same_shape = row(keys, {{"a", 10}, {"b", 20}, {"c", 30}});
  Value reordered = row(keys, {{"c", 300}, {"a", 100}});
  StringPool other_keys;  // keys equal in text but not shared
  Value unshared = row(other_keys, {{"b", 7}, {"c", 8}});

  LookupHint hint;
  ASSERT_NE(first.dict_obj().find("c", hint), nullptr);
  EXPECT_EQ(first.dict_obj().find("c", hint)->as_int(), 3);
  EXPECT_EQ(hint.index, 2u);
  EXPECT_EQ(same_shape.dict_obj().find("c", hint)->as_int(), 30);
  EXPECT_EQ(reordered.dict_obj().find("c", hint)->as_int(), 300);
  EXPECT_EQ(hint.index, 0u);
  EXPECT_EQ(unshared.dict_obj().find("c", hint)->as_int(), 8);
  EXPECT_EQ(first.dict_obj().find("c", hint)->as_int(), 3);
  EXPECT_EQ(reordered.dict_obj().find("b", hint), nullptr);
}

TEST(LookupHint, NeverMatchesAKeyThatIsNotAString) {
  // A fresh hint holds no key: an entry keyed by a number must not pass for a match.
  Value d = Value::dict();
  d.dict_obj().set(Value::integer(1), Value::string("one"));
  d.dict_obj().set(Value::none(), Value::string("none"));
  LookupHint hint;
  EXPECT_EQ(d.dict_obj().find("1", hint), nullptr);
  hint.index = 1;
  EXPECT_EQ(d.dict_obj().find("None", hint), nullptr);
}

TEST(LookupHint, KeepsItsKeyAliveSoItsAddressIsNotReused) {
  LookupHint hint;
  {
    StringPool keys;
    Value d = row(keys, {{"key", 1}});
    ASSERT_NE(d.dict_obj().find("key", hint), nullptr);
  }
  // The dict and the pool are gone; the hint still owns the key it matched.
  ASSERT_TRUE(hint.key.is_string());
  EXPECT_EQ(hint.key.as_string(), "key");
  Value other = Value::dict();
  other.dict_obj().set(Value::string("yek"), Value::integer(2));
  EXPECT_EQ(other.dict_obj().find("key", hint), nullptr);
  EXPECT_EQ(other.dict_obj().find("yek", hint)->as_int(), 2);
}

}  // namespace
}  // namespace wfgen::jinja
