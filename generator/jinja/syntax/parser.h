// Parser: tokens -> Template (syntax tree), following Jinja2's grammar and the checks
// its parser makes (duplicate blocks, assignment targets, macro signatures). The
// compile-time passes that follow (builtin lookup, constant folding, scoping, unknown
// filters/tests) are in analysis/; analysis/compile.h runs both.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace wfgen::jinja {

struct EnvironmentOptions;
class Template;

// Parses `source` (raw template text; newlines are normalised here). `name` is the
// template's name (what `self` and module reprs show); `filename` is the file errors
// point at (the name when empty). Throws a located TemplateError.
std::shared_ptr<Template> parse_template(std::string name, std::string_view source,
                                         const EnvironmentOptions& options,
                                         std::string filename = {});

// Parses `source` as one expression (Jinja2's Environment.compile_expression): a template
// whose body sets `result_symbol` to it. Errors point into `source`, named `name`.
std::shared_ptr<Template> parse_expression_template(std::string name, std::string_view source,
                                                    const EnvironmentOptions& options,
                                                    uint32_t result_symbol);

}  // namespace wfgen::jinja
