// Python methods called on data: "a,b".split(','), d.items(), l.append(x)...
// (str methods in str_methods.cpp, list/tuple/dict/int/float ones in container_methods.cpp).
#pragma once

#include <string_view>

#include "jinja/value/value.h"

namespace wfgen::jinja {

// Returns false when `self` has no method `name` (then attribute lookup falls back
// to items). On success, `out` is a bound method object.
bool find_method(const Value& self, std::string_view name, Value& out);

// Whether a method of that name, on any value that has one, changes the value it is called
// on (a list's append or sort, a dict's update or pop...). No str, int or float method does.
bool method_changes_its_object(std::string_view name);

}  // namespace wfgen::jinja
