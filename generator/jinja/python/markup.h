// markupsafe.Markup semantics on Values. |e, |safe and |tojson return Markup in Jinja2
// whether autoescaping is on or not, and Markup changes a few operations: `+` and `%` escape
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

// What a {{ }} prints of `v`: markupsafe.escape(v) when `escape`, else str(v). A view of
// v's own text where that is it, else of `scratch`.
std::string_view printed_text(const Value& v, bool escape, std::string& scratch);

// Markup + str / str + Markup: the plain side is escaped. Returns false when neither
// operand is Markup (then `out` is untouched).
bool markup_concat(const Value& a, const Value& b, Value& out);

// Markup % args: string-like arguments are escaped first.
Value markup_percent(Runtime& rt, const Value& fmt, const Value& args);

// Wraps a bound method of a Markup receiver: string arguments are escaped, string
// results (and lists/tuples of them) come back as Markup.
Value markup_method(Value method);

}  // namespace wfgen::jinja
