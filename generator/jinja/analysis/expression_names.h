// The variable names a compiled expression mentions, for callers that build its
// variables: they need only convert those (a family's `where:` reads one field of a row
// that holds whole build-config lists).
#pragma once

#include <string>
#include <vector>

namespace wfgen::jinja {

class Template;

// Every name the template's expressions mention (not what a `set` assigns), each once, in
// order of appearance: a superset of the variables it reads from its context. For a
// template made by Environment::compile_expression (one expression: nothing included,
// imported or extended, which could read the context too).
std::vector<std::string> expression_names(const Template& expression);

// Whether the expression (as above) is a function of the values of the names it mentions:
// every call in it is of a name (a global function) or of a method that leaves its object
// as it is, and it has no `sameas` test (which tells an object from an equal copy), so two
// evaluations over equal variables give equal values, change nothing, and cannot tell one
// value from a copy of the other. A caller may then keep its value by the values of those
// names (a matrix's derived fields); `l.pop()` or `d.update(x)` in it, a call of anything
// else, or `x is sameas y`, makes it false.
bool expression_is_pure(const Template& expression);

}  // namespace wfgen::jinja
