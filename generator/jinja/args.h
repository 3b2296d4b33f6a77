// ArgBinder: binds CallArgs to a Python-style signature for builtins, raising
// TypeError exactly where Python would (unexpected keyword, too many arguments).
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string_view>

#include "jinja/value.h"

namespace wfgen::jinja {

class ArgBinder {
 public:
  // The most parameters a builtin declares.
  static constexpr size_t kMaxParams = 8;

  // `func` names the callable in messages; `params` are the parameter names in order.
  // The bound values stay in `args` (which outlives the binder); most filter and test
  // calls pass nothing, and binding them is one test.
  ArgBinder(std::string_view func, CallArgs& args, std::initializer_list<std::string_view> params) {
    if (!args.args.empty() || !args.kwargs.empty()) bind(func, args, params);
  }
  // The bound value of parameter i, or `fallback` when not given. Returns by value so
  // that binding the result to a const reference never dangles.
  Value get(size_t i, Value fallback) const { return has(i) ? *bound_[i] : std::move(fallback); }
  bool has(size_t i) const { return (given_ >> i) & 1u; }
  const Value& operator[](size_t i) const { return *bound_[i]; }

 private:
  void bind(std::string_view func, CallArgs& args, std::initializer_list<std::string_view> params);

  std::array<const Value*, kMaxParams> bound_;  // bound_[i] is set when has(i)
  uint32_t given_ = 0;                          // bit i: parameter i was passed
};

}  // namespace wfgen::jinja
