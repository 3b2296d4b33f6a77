// The compile-time check for unknown filters and tests, run after parsing as Jinja2's
// compiler does: an unknown name fails the template unless it stands where Jinja2
// defers the error to when it is evaluated (inside an if statement or an inline if,
// not inside a loop, macro or block within them), or where constant folding drops it
// (`{{ true or x|f }}` prints True).
#pragma once

namespace wfgen::jinja {

class Template;

// Throws a located TemplateError for the first unknown filter or test, in the order
// Jinja2 compiles a template (its top level and macros, then its blocks).
void check_unknown_filters_tests(const Template& tmpl);

}  // namespace wfgen::jinja
