// A minimal Runtime for unit tests of builtins that need one (methods, formatting):
// attribute lookup tries methods then dict items, item lookup indexes lists/dicts,
// calls go to ObjectBase::call. Filters and tests are not available.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "jinja/error.h"
#include "jinja/python/methods.h"
#include "jinja/python/ops.h"
#include "jinja/python/runtime.h"
#include "jinja/value/value.h"

namespace wfgen::jinja::testing {

class FakeRuntime : public Runtime {
 public:
  Value make_undefined(std::string message) const override {
    return Value::undefined(std::move(message), false);
  }
  Value getattr(const Value& obj, std::string_view name) override {
    Value out;
    if (find_method(obj, name, out)) return out;
    if (obj.is_dict()) {
      if (const Value* v = obj.dict_obj().find(name)) return *v;
    }
    return make_undefined(std::string(name));
  }
  Value getitem(const Value& obj, const Value& key) override {
    if (obj.is_dict()) {
      if (const Value* v = obj.dict_obj().find(key)) return *v;
    } else if (obj.is_sequence() && key.kind() == Kind::Int) {
      auto& items = obj.items();
      int64_t i = key.as_int();
      if (i < 0) i += static_cast<int64_t>(items.size());
      if (i >= 0 && i < static_cast<int64_t>(items.size())) return items[static_cast<size_t>(i)];
    }
    return make_undefined(to_repr(key));
  }
  Value call(const Value& callee, CallArgs& args) override {
    if (!callee.is_object()) throw_type_error("not callable");
    return callee.obj().call(*this, args);
  }
  Value call_filter(std::string_view, const Value&, CallArgs&) override {
    throw std::logic_error("no filters in FakeRuntime");
  }
  bool call_test(std::string_view, const Value&, CallArgs&) override {
    throw std::logic_error("no tests in FakeRuntime");
  }
  bool eval_autoescape() const override { return false; }
};

// Value builders for expectation tables.
inline Value big(const char* digits) {
  return Value::integer(*BigInt::parse(digits));
}
inline Value lst(std::vector<Value> items) {
  return Value::list(std::move(items));
}
inline Value tup(std::vector<Value> items) {
  return Value::tuple(std::move(items));
}
inline Value dct(std::vector<std::pair<Value, Value>> entries) {
  Value d = Value::dict();
  for (auto& [k, v] : entries) d.dict_obj().set(k, v);
  return d;
}

// "TypeError: message" as Python prints it; kinds without their own ErrorKind
// (IndexError, KeyError, OverflowError) are checked by message only.
inline bool same_error(const TemplateError& e, const std::string& python) {
  std::string msg = python.substr(python.find(": ") + 2);
  std::string name = python.substr(0, python.find(": "));
  if (e.message() != msg) return false;
  if (name == "TypeError") return e.kind() == ErrorKind::Type;
  if (name == "ValueError") return e.kind() == ErrorKind::Value;
  return true;
}

}  // namespace wfgen::jinja::testing
