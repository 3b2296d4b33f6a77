// Python's string formatting as templates use it: `fmt % args` (printf-style) and
// `fmt.format(...)` / `fmt.format_map(...)` with the format-spec mini-language.
#pragma once

#include <string>
#include <string_view>

#include "jinja/python/runtime.h"
#include "jinja/value/value.h"

namespace wfgen::jinja {

// fmt % args: a tuple supplies positional arguments, a dict a %(name)s mapping,
// anything else is the single argument. Raises TypeError/ValueError as Python.
// `mapping_like`: args counts as a mapping (what Markup's escape helper wraps).
Value percent_format(Runtime& rt, const std::string& fmt, const Value& args,
                     bool mapping_like = false);
// Python's PyMapping_Check for a % argument: subscriptable and not a str or tuple.
bool percent_mapping_like(const Value& args);

// fmt.format(*args.args, **args.kwargs).
std::string str_format(Runtime& rt, const std::string& fmt, CallArgs& args);
// fmt.format_map(mapping): named fields are looked up with rt.getitem(mapping, name).
std::string str_format_map(Runtime& rt, const std::string& fmt, const Value& mapping);

// format(value, spec) for str, int, float, bool and None (other objects accept
// only an empty spec). Used by str.format and by the `format` of the fields.
std::string format_value(Runtime& rt, const Value& value, std::string_view spec);

}  // namespace wfgen::jinja
