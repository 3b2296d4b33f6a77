// Which expressions Jinja2 evaluates at compile time (its nodes' as_const): literals
// and what is built from them by operators, attribute/item access and the filters and
// tests that need no context. Evaluating them later gives the same value, with two
// exceptions. In {% autoescape x %} with x not constant (volatile), a {{ }} that folds
// is escaped as the compiler knew it, not as x says (Renderer::folded_text). And a
// constant slice goes through Environment.getitem at compile time, so a
// failed one is an Undefined instead of a TypeError. Whether that Undefined survives
// depends on the expressions around it: Jinja2 keeps a folded value only when it can
// write it back as a literal (or prints it), so the renderer decides, when such a
// slice fails, by folding each enclosing expression the way Jinja2 would
// (Renderer::folds); the compiler records which expressions those are. Not replayed:
// a slice whose object only and/or/if make constant ((1 or x)[:1]) raises.
#pragma once

#include "jinja/syntax/nodes.h"

namespace wfgen::jinja {

// In a volatile scope ({% autoescape x %} with x not constant) filters and tests are
// never folded.
bool is_constant(const Expr* e, bool volatile_scope = false);

// Gives each constant slice in `root` (a statement's whole expression; printed: the
// whole of a {{ }}) the chain of expressions around it, itself first.
void mark_fold_chains(Expr& root, bool printed);

}  // namespace wfgen::jinja
