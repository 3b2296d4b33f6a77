// Python's string formatting as templates use it: `fmt % args` (and the `format`
// filter) and `fmt.format(*args, **kwargs)`.
#pragma once

#include <string>

#include "jinja/value.h"

namespace wfgen::jinja {

class Runtime;

// Python's `fmt % args`: a tuple gives positional arguments, a dict feeds
// `%(name)s` fields, anything else is the single argument.
Value percent_format(Runtime& rt, const std::string& fmt, const Value& args);

// Python's `fmt.format(*args, **kwargs)`, including the format-spec mini-language.
std::string str_format(Runtime& rt, const std::string& fmt, CallArgs& args);

}  // namespace wfgen::jinja
