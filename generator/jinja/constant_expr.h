// Which expressions Jinja2 evaluates at compile time (its nodes' as_const): literals
// and what is built from them by operators, attribute/item access and the filters and
// tests that need no context. Where compile-time and run-time evaluation differ (a
// slice of a constant goes through Environment.getitem, so a failed one is an
// Undefined), the parser marks the node.
#pragma once

#include "jinja/nodes.h"

namespace wfgen::jinja {

bool is_constant(const Expr* e);

}  // namespace wfgen::jinja
