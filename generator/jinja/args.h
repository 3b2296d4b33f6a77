// ArgBinder: binds CallArgs to a Python-style signature for builtins, raising
// TypeError exactly where Python would (unexpected keyword, too many arguments).
#pragma once

#include <initializer_list>
#include <string_view>
#include <vector>

#include "jinja/value.h"

namespace wfgen::jinja {

class ArgBinder {
 public:
  // `func` names the callable in messages; `params` are the parameter names in order.
  ArgBinder(std::string_view func, CallArgs& args, std::initializer_list<std::string_view> params);
  // The bound value of parameter i, or `fallback` when not given. Returns by value so
  // that binding the result to a const reference never dangles.
  Value get(size_t i, Value fallback) const;
  bool has(size_t i) const { return i < bound_.size() && given_[i]; }
  const Value& operator[](size_t i) const { return bound_[i]; }

 private:
  std::vector<Value> bound_;
  std::vector<bool> given_;
};

}  // namespace wfgen::jinja
