// Runtime: what builtins (filters, tests, methods, globals) may ask of the render in
// progress. The interpreter implements it; builtins never see the AST.
#pragma once

#include <string>
#include <string_view>

#include "jinja/value/value.h"

namespace wfgen::jinja {

struct EnvironmentOptions;

class Runtime {
 public:
  virtual ~Runtime() = default;

  virtual const EnvironmentOptions& options() const = 0;

  // An Undefined of the environment's flavour (lenient or strict) with Jinja2's message.
  virtual Value make_undefined(std::string message) const = 0;
  // environment.getattr(obj, name): attribute (methods) first, then item.
  virtual Value getattr(const Value& obj, std::string_view name) = 0;
  // environment.getitem(obj, key): item first, then attribute for str keys.
  virtual Value getitem(const Value& obj, const Value& key) = 0;
  // Calls any callable Value (macro, bound method, global function, loop...).
  virtual Value call(const Value& callee, CallArgs& args) = 0;
  // Applies a filter / test by name (map, select, ... take names as arguments).
  virtual Value call_filter(std::string_view name, const Value& input, CallArgs& args) = 0;
  virtual bool call_test(std::string_view name, const Value& input, CallArgs& args) = 0;
};

// Signatures of builtins. `args` holds the arguments after the input value; the
// function may consume (move from) them.
using FilterFn = Value (*)(Runtime& rt, const Value& input, CallArgs& args);
using TestFn = bool (*)(Runtime& rt, const Value& input, CallArgs& args);
using GlobalFn = Value (*)(Runtime& rt, CallArgs& args);

// Lookup of the builtin tables (nullptr when unknown). Names include aliases
// ('d' for default, 'e' for escape, '==' for eq...).
FilterFn find_filter(std::string_view name);
TestFn find_test(std::string_view name);
GlobalFn find_global(std::string_view name);
// Every global function name, in a stable order (range, dict, lipsum, cycler, joiner, namespace).
const std::vector<std::string_view>& global_names();

// Python methods called on data: "a,b".split(','), d.items(), l.append(x)...
// Returns false when `self` has no method `name` (then attribute lookup falls back
// to items). On success, `out` is a bound method object.
bool find_method(const Value& self, std::string_view name, Value& out);

}  // namespace wfgen::jinja
