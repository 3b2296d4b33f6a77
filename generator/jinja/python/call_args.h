// ArgBinder: binds CallArgs to the Python signature of a builtin, raising the
// TypeError Python raises for a wrong call, word for word ("do_replace() missing 2
// required positional arguments: 'old' and 'new'", "len() takes exactly one argument
// (2 given)", "eq expected 2 arguments, got 1").
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string_view>

#include "jinja/value/value.h"

namespace wfgen::jinja {

// Which kind of Python callable a builtin is, which decides its messages.
enum class CallStyle : uint8_t {
  // A `def` function: "f() takes from 1 to 2 positional arguments but 3 were given",
  // "f() missing 1 required positional argument: 'x'", "f() got an unexpected keyword
  // argument 'y'", "f() got multiple values for argument 'x'".
  Python,
  // A C builtin of one argument (len, abs, callable): "len() takes exactly one argument
  // (2 given)", "len() takes no keyword arguments".
  ExactlyOne,
  // An operator module function of two arguments (eq, lt...): "eq expected 2
  // arguments, got 1", "_operator.eq() takes no keyword arguments".
  Operator,
};

// The Python signature of a builtin.
struct PySignature {
  // The name Python's messages use: "do_replace", "sync_do_join", "Joiner.__init__".
  std::string_view name;
  // The leading parameters Jinja2 passes itself (eval_ctx/environment/context, the
  // filtered value, self), in order; their names appear in "multiple values" messages.
  std::initializer_list<std::string_view> implicit;
  // The parameters a template passes, in order.
  std::initializer_list<std::string_view> params;
  // How many of `params` have no default.
  size_t required = 0;
  // How many leading parameters (implicit ones first) are positional-only.
  size_t posonly = 0;
  CallStyle style = CallStyle::Python;
};

// For a builtin `def f(<implicit>, *args, **kwargs)` (format, map, select...): the
// only wrong call is a keyword naming an implicit parameter ("got multiple values").
void check_varargs_call(const PySignature& sig, const CallArgs& args);

class ArgBinder {
 public:
  // The most parameters a builtin declares (besides the implicit ones).
  static constexpr size_t kMaxParams = 8;

  // The bound values stay in `args` (which outlives the binder); most filter and test
  // calls pass nothing, and binding them is one test.
  ArgBinder(const PySignature& sig, CallArgs& args) {
    if (!args.args.empty() || !args.kwargs.empty() || sig.required != 0) bind(sig, args);
  }
  // The bound value of parameter i (an index into PySignature::params), or `fallback`
  // when not given. Returns by value so that binding the result to a const reference
  // never dangles.
  Value get(size_t i, Value fallback) const { return has(i) ? *bound_[i] : std::move(fallback); }
  bool has(size_t i) const { return (given_ >> i) & 1u; }
  const Value& operator[](size_t i) const { return *bound_[i]; }

 private:
  void bind(const PySignature& sig, CallArgs& args);

  std::array<const Value*, kMaxParams> bound_;  // bound_[i] is set when has(i)
  uint32_t given_ = 0;                          // bit i: parameter i was passed
};

}  // namespace wfgen::jinja
