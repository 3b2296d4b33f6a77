// The builtin filters, tests and globals: one entry each, carrying its name, its
// function and whether it reads the render context (Jinja2's pass_context, which keeps
// the constant folder from evaluating it at compile time). Jinja2's aliases ('d' for
// default, 'e' for escape, '==' for eq...) are entries of their own.
// Adding one: docs/extending.md.
#pragma once

#include <span>
#include <string_view>

#include "jinja/python/runtime.h"
#include "jinja/value/value.h"

namespace wfgen::jinja {

// `args` holds the arguments after the input value; the function may consume (move
// from) them.
using FilterFn = Value (*)(Runtime& rt, const Value& input, CallArgs& args);
using TestFn = bool (*)(Runtime& rt, const Value& input, CallArgs& args);
using GlobalFn = Value (*)(Runtime& rt, CallArgs& args);

// pass_context: the function reads the render context, so it is never folded at
// compile time.
struct BuiltinFilter {
  std::string_view name;
  FilterFn fn;
  bool pass_context = false;
};
struct BuiltinTest {
  std::string_view name;
  TestFn fn;
  bool pass_context = false;
};
struct BuiltinGlobal {
  std::string_view name;
  GlobalFn fn;
  bool pass_context = false;
};

// The entry named `name` (nullptr when unknown).
const BuiltinFilter* find_filter(std::string_view name);
const BuiltinTest* find_test(std::string_view name);
const BuiltinGlobal* find_global(std::string_view name);

// Every entry, sorted by name.
std::span<const BuiltinFilter> builtin_filters();
std::span<const BuiltinTest> builtin_tests();
std::span<const BuiltinGlobal> builtin_globals();

}  // namespace wfgen::jinja
