// Shared plumbing of the Python data methods (methods*.cpp): the method tables
// and argument binding with CPython's own error messages, which differ by method
// family ("str.upper() takes no arguments", "strip expected at most 1 argument",
// "find() takes at least 1 argument").
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "jinja/python/runtime.h"
#include "jinja/value/value.h"

namespace wfgen::jinja::methods {

using MethodFn = Value (*)(Runtime& rt, const Value& self, CallArgs& args);

// nullptr when the type has no such method.
MethodFn find_str_method(std::string_view name);
MethodFn find_list_method(std::string_view name);
MethodFn find_tuple_method(std::string_view name);
MethodFn find_dict_method(std::string_view name);
MethodFn find_int_method(std::string_view name);
MethodFn find_float_method(std::string_view name);
// The data attributes of int/bool (real, imag, numerator, denominator) and float
// (real, imag): sets `out` and returns true when `name` is one.
bool find_number_attribute(const Value& self, std::string_view name, Value& out);

// How a method reports a wrong number of arguments (the C implementation decides).
enum class Arity {
  None,      // "str.upper() takes no arguments (1 given)"
  One,       // "str.join() takes exactly one argument (0 given)"
  Expected,  // "strip expected at most 1 argument, got 2" / "insert expected 2 arguments, got 1"
  Takes,     // "find() takes at least 1 argument (0 given)"
};

struct MethodSignature {
  std::string_view type;  // "str", "list", "dict"...
  std::string_view name;  // "upper"
  Arity arity;
  size_t min = 0, max = 0;
  // Keyword-capable parameters in order (empty: keywords are refused).
  std::initializer_list<std::string_view> keywords = {};
};

// Bound arguments: slot i is set when given positionally or by keyword.
struct Bound {
  std::vector<Value> values;
  std::vector<bool> given;
  bool has(size_t i) const { return i < given.size() && given[i]; }
  const Value& operator[](size_t i) const { return values[i]; }
};

Bound bind(const MethodSignature& sig, CallArgs& args);

// Slice bounds (int or None; huge ints clamp). Counts and positions use to_index
// (python/index.h).
// A start/end argument: `fallback` when missing (or None where None is allowed).
int64_t slice_bound(const Bound& b, size_t i, int64_t fallback, bool allow_none = true);

// Python-style exceptions, by str(exception).
[[noreturn]] void value_error(std::string message);
[[noreturn]] void index_error(std::string message);
[[noreturn]] void key_error(const Value& key);

}  // namespace wfgen::jinja::methods
