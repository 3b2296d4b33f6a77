// Which expressions Jinja2 evaluates at compile time (its nodes' as_const): literals
// and what is built from them by operators, attribute/item access and the filters and
// tests that need no context. Where compile-time and run-time evaluation differ, the
// parser marks the node: a slice of a constant goes through Environment.getitem at
// compile time, so a failed one is an Undefined, kept where the folded value can be
// (printed as it is, or read by ~, not, ==, !=, an inline if's test, default or
// is defined/undefined/none); anywhere else Jinja2 gives up folding and the slice
// fails at run time.
#pragma once

#include "jinja/syntax/nodes.h"

namespace wfgen::jinja {

bool is_constant(const Expr* e);

// Marks the constant slices `e` prints (printed) or reads as above.
void mark_constant_slices(Expr& e, bool printed);

}  // namespace wfgen::jinja
