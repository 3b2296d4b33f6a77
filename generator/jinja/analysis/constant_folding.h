// Which expressions Jinja2 evaluates at compile time (its nodes' as_const): literals
// and what is built from them by operators, attribute/item access and the filters and
// tests that need no context. Evaluating them later gives the same value, with three
// exceptions, which the renderer replays (runtime/folding.cpp). In {% autoescape x %}
// with x not constant (volatile), a {{ }} that folds is printed as the compiler escaped
// it, not as x says. A folded ~ joins plain strings, where an autoescaped one joins
// Markup as Markup. And a slice of constants goes through Environment.getitem at
// compile time, so a failed one is an Undefined instead of a TypeError; whether that
// Undefined survives depends on the expressions around it (Jinja2 keeps a folded value
// only when it can write it back as a literal, or print it), so when such a slice fails
// the renderer folds them the way Jinja2 would, and the compiler records where they are.
#pragma once

#include "jinja/syntax/nodes.h"

namespace wfgen::jinja {

// Whether as_const may give `e` a value: false when it surely cannot (a name, a call, a
// filter that reads the context), whatever the values.
bool is_constant(const Expr* e);

// Gives each constant slice in `root` (a statement's whole expression; printed: the
// whole of a {{ }}) the way out through the expressions around it, and marks the ~ that
// may fold.
void mark_fold_chains(Expr& root, bool printed);

}  // namespace wfgen::jinja
