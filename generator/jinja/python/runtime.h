// Runtime: what Python-level code (data methods, string formatting, the builtin filters,
// tests and globals) may ask of the render in progress. The renderer implements it;
// nothing here sees the syntax tree.
#pragma once

#include <string>
#include <string_view>

#include "jinja/value/value.h"

namespace wfgen::jinja {

class Runtime {
 public:
  virtual ~Runtime() = default;

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
  // eval_ctx.autoescape, as a @pass_eval_context filter sees it (join, replace, xmlattr,
  // urlize build Markup when it is set).
  virtual bool eval_autoescape() const = 0;
};

}  // namespace wfgen::jinja
