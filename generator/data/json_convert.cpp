#include "data/json_convert.h"

#include <stdexcept>

#include "jinja/limits.h"

namespace wfgen::data {

using jinja::Kind;
using jinja::Value;

namespace {

constexpr size_t kSharedValueSize = 48;

Value convert(const nlohmann::ordered_json& json, jinja::StringPool& keys) {
  switch (json.type()) {
    case nlohmann::json::value_t::null:
    case nlohmann::json::value_t::discarded:
      return Value::none();
    case nlohmann::json::value_t::boolean:
      return Value::boolean(json.get<bool>());
    case nlohmann::json::value_t::number_integer:
      return Value::integer(json.get<int64_t>());
    case nlohmann::json::value_t::number_unsigned: {
      uint64_t u = json.get<uint64_t>();
      if (u <= uint64_t(INT64_MAX)) return Value::integer(int64_t(u));
      return Value::integer(*jinja::BigInt::parse(std::to_string(u)));
    }
    case nlohmann::json::value_t::number_float:
      return Value::floating(json.get<double>());
    case nlohmann::json::value_t::string: {
      // Rows repeat their values too (an os, a runner, a version): short ones are shared
      // through the pool rather than copied. Longer ones are seldom repeated and cost as
      // much to look up as to copy.
      const std::string& text = json.get_ref<const std::string&>();
      return text.size() <= kSharedValueSize ? keys.get(text) : Value::data_string(text);
    }
    case nlohmann::json::value_t::array: {
      jinja::DepthGuard guard("converting data");
      std::vector<Value> items;
      items.reserve(json.size());
      for (const auto& item : json) items.push_back(convert(item, keys));
      return Value::data_list(std::move(items));
    }
    case nlohmann::json::value_t::object: {
      jinja::DepthGuard guard("converting data");
      Value d = Value::dict();
      d.dict_obj().reserve(json.size());
      for (auto it = json.begin(); it != json.end(); ++it)  // a JSON object's keys are distinct
        d.dict_obj().add_new(keys.get(it.key()), convert(it.value(), keys));
      return d;
    }
    case nlohmann::json::value_t::binary:
      break;
  }
  throw std::invalid_argument("binary data has no template value");
}

}  // namespace

Value to_value(const nlohmann::ordered_json& json) {
  jinja::StringPool keys;
  return convert(json, keys);
}

Value to_value(const nlohmann::ordered_json& json, jinja::StringPool& keys) {
  return convert(json, keys);
}

namespace {

// A computed value may share one list many times over (`[[x] * 1000] * 1000`): as data
// each copy is a node of its own, so the nodes made are counted against max_items.
struct FromValue {
  size_t nodes = 0;
  size_t limit = jinja::active_limits().max_items;

  nlohmann::ordered_json convert(const Value& value);
};

}  // namespace

nlohmann::ordered_json from_value(const Value& value) {
  return FromValue().convert(value);
}

nlohmann::ordered_json FromValue::convert(const Value& value) {
  if (++nodes > limit)
    jinja::limit_exceeded("the value as data would have more than " + std::to_string(limit) +
                              " items",
                          "max_items", limit);
  switch (value.kind()) {
    case Kind::None:
      return nullptr;
    case Kind::Bool:
      return value.as_bool();
    case Kind::Int:
      return value.as_int();
    case Kind::Float:
      return value.as_float();
    case Kind::String:
      return value.as_string();
    case Kind::List:
    case Kind::Tuple: {
      jinja::DepthGuard guard("converting a value to data");
      nlohmann::ordered_json arr = nlohmann::ordered_json::array();
      auto& items = arr.get_ref<nlohmann::ordered_json::array_t&>();
      items.reserve(value.items().size());
      for (const Value& item : value.items()) items.push_back(convert(item));
      return arr;
    }
    case Kind::Dict: {
      jinja::DepthGuard guard("converting a value to data");
      nlohmann::ordered_json obj = nlohmann::ordered_json::object();
      // A dict's string keys are distinct (a Markup key equals its str): each is appended,
      // not looked up first among those before it as obj[key] would.
      auto& entries = obj.get_ref<nlohmann::ordered_json::object_t&>();
      entries.reserve(value.dict_obj().entries().size());
      for (const auto& [k, v] : value.dict_obj().entries()) {
        if (!k.is_string()) throw std::invalid_argument("a dict key that is not a string");
        entries.emplace_back(k.as_string(), convert(v));
      }
      return obj;
    }
    case Kind::BigInt:
      throw std::invalid_argument("an integer beyond 64 bits");
    case Kind::Undefined:
      throw std::invalid_argument("an undefined value");
    case Kind::Object:
      break;
  }
  throw std::invalid_argument("a value that is not data (" + std::string(value.obj().type_name()) +
                              ")");
}

}  // namespace wfgen::data
