// Scope analysis, run once after parsing, as Jinja2's compiler does it
// (jinja2/idtracking.py): a name that a scope assigns before anything in that scope
// reads it is local to the whole scope from its start, so a read that comes first
// (from a nested loop, macro or block-set body) finds it unassigned instead of a value
// from outside. Records, for the template and every scope in it, the names to bind as
// "missing" on entry (Unbound in nodes.h), and whether each for loop needs `loop`.
#pragma once

namespace wfgen::jinja {

class Template;

void resolve_scopes(Template& tmpl);

}  // namespace wfgen::jinja
