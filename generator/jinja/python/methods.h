// Python methods called on data: "a,b".split(','), d.items(), l.append(x)...
// (str methods in str_methods.cpp, list/tuple/dict/int/float ones in container_methods.cpp).
#pragma once

#include <string_view>

#include "jinja/value/value.h"

namespace wfgen::jinja {

// Returns false when `self` has no method `name` (then attribute lookup falls back
// to items). On success, `out` is a bound method object.
bool find_method(const Value& self, std::string_view name, Value& out);

}  // namespace wfgen::jinja
