// Two trees compared node for node: every property a reader can see (kind, style, marks,
// offsets, values, types, tags, anchors, source spans, alias targets) and the diagnostics.
// For the tests and the fuzz target that hold BlockReader to the full parser.
#pragma once

#include <string>

#include "yaml/tree.h"

namespace wfgen::yaml {

// "" when `a` and `b` are the same; else where and how they first differ.
std::string first_difference(const Tree& a, const Tree& b);

}  // namespace wfgen::yaml
