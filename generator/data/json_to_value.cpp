#include "data/json_to_value.h"

#include <nlohmann/json.hpp>

#include "data/error.h"
#include "data/load.h"

namespace wfgen::data {

namespace {

using jinja::Value;
using nlohmann::json;

class ValueBuilder : public nlohmann::json_sax<json> {
 public:
  Value result;
  bool duplicate = false;

  bool null() override { return put(Value::none()); }
  bool boolean(bool v) override { return put(Value::boolean(v)); }
  bool number_integer(number_integer_t v) override { return put(Value::integer(int64_t{v})); }
  bool number_unsigned(number_unsigned_t v) override {
    if (v <= static_cast<number_unsigned_t>(INT64_MAX)) return put(Value::integer(static_cast<int64_t>(v)));
    return put(Value::integer(*jinja::BigInt::parse(std::to_string(v))));
  }
  bool number_float(number_float_t v, const string_t& text) override {
    // nlohmann hands integers too large for 64 bits over as floats; keep their digits.
    if (text.find_first_of(".eE") == string_t::npos) {
      if (auto big = jinja::BigInt::parse(text)) return put(Value::integer(std::move(*big)));
    }
    return put(Value::floating(v));
  }
  bool string(string_t& v) override { return put(Value::string(std::move(v))); }
  bool binary(binary_t&) override { return false; }
  bool start_object(std::size_t) override {
    stack_.push_back({Value::dict(), {}});
    return true;
  }
  bool key(string_t& k) override {
    if (stack_.back().value.dict_obj().find(std::string_view(k))) {
      duplicate = true;
      return false;
    }
    stack_.back().key = Value::string(std::move(k));
    return true;
  }
  bool end_object() override { return finish(); }
  bool start_array(std::size_t) override {
    stack_.push_back({Value::list(), {}});
    return true;
  }
  bool end_array() override { return finish(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  struct Level {
    Value value;
    Value key;
  };
  bool put(Value v) {
    if (stack_.empty()) {
      result = std::move(v);
    } else if (stack_.back().value.is_dict()) {
      stack_.back().value.dict_obj().set(std::move(stack_.back().key), std::move(v));
    } else {
      stack_.back().value.items().push_back(std::move(v));
    }
    return true;
  }
  bool finish() {
    Value v = std::move(stack_.back().value);
    stack_.pop_back();
    return put(std::move(v));
  }
  std::vector<Level> stack_;
};

}  // namespace

Value json_to_value(const std::string& text, const std::string& file) {
  ValueBuilder builder;
  bool ok = json::sax_parse(text.begin(), text.end(), &builder, json::input_format_t::json, true);
  if (!ok) {
    // The slow, position-tracking parser words the error (invalid JSON, duplicate key).
    parse_json(text, file);
    throw DataError(file, Mark{}, builder.duplicate ? "duplicate key" : "invalid JSON");
  }
  return std::move(builder.result);
}

void deep_merge_values(Value& into, const Value& from) {
  if (!into.is_dict() || !from.is_dict()) {
    into = from;
    return;
  }
  for (const auto& [k, v] : from.dict_obj().entries()) {
    if (const Value* existing = into.dict_obj().find(k)) {
      Value merged = *existing;
      deep_merge_values(merged, v);
      into.dict_obj().set(k, std::move(merged));
    } else {
      into.dict_obj().set(k, v);
    }
  }
}

}  // namespace wfgen::data
