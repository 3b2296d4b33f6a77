// Python's conversions of an argument to a C integer, in one place for the filters,
// globals and data methods: operator.index() for counts, positions and widths, and
// C int arguments (sort's reverse, splitlines' keepends, expandtabs' tabsize).
#pragma once

#include <cstdint>

#include "jinja/value/value.h"

namespace wfgen::jinja {

// An int argument (int or bool), as Python's operator.index: raises "'float' object
// cannot be interpreted as an integer" (an Undefined has no __index__ either), and
// "Python int too large to convert to C ssize_t" beyond 64 bits.
int64_t to_index(const Value& v);
// A C int argument: as to_index, and "Python int too large to convert to C int" beyond
// 32 bits.
int64_t to_c_int(const Value& v);

}  // namespace wfgen::jinja
