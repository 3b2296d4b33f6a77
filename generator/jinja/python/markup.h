// markupsafe.Markup semantics on Values. Autoescaping is off, but |e, |safe and |tojson
// still return Markup in Jinja2, and Markup changes a few operations: `+` and `%` escape
// their plain-string operands, string methods return Markup, repr shows Markup('...').
#pragma once

#include <string>
#include <string_view>

#include "jinja/value/value.h"

namespace wfgen::jinja {

class Runtime;

// markupsafe's escaping of a str: & < > ' " become entities.
std::string html_escape(std::string_view s);

// markupsafe.escape(v): Markup as is; anything else str()-ed and escaped.
Value markup_escape(const Value& v);

// Markup + str / str + Markup: the plain side is escaped. Returns false when neither
// operand is Markup (then `out` is untouched).
bool markup_concat(const Value& a, const Value& b, Value& out);

// Markup % args: string-like arguments are escaped first.
Value markup_percent(Runtime& rt, const Value& fmt, const Value& args);

// Wraps a bound method of a Markup receiver: string arguments are escaped, string
// results (and lists/tuples of them) come back as Markup.
Value markup_method(Value method);

}  // namespace wfgen::jinja
