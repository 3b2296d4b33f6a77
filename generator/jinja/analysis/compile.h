// compile_template: template source to the tree the renderer runs, as Jinja2's
// Environment.compile does it: the parser (syntax/), then the compile-time passes of
// this folder in Jinja2's order: builtin lookup with the constant-folding marks
// (constant_folding.h), scoping (idtracking.h), the unknown filter and test check
// (unknown_filters_tests.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace wfgen::jinja {

struct EnvironmentOptions;
class Template;

// As parse_template (syntax/parser.h), then the passes. Throws a located TemplateError.
std::shared_ptr<Template> compile_template(std::string name, std::string_view source,
                                           const EnvironmentOptions& options,
                                           std::string filename = {});
// As parse_expression_template (one expression, assigned to `result_symbol`), then the passes.
std::shared_ptr<Template> compile_expression(std::string name, std::string_view source,
                                             const EnvironmentOptions& options,
                                             uint32_t result_symbol);

}  // namespace wfgen::jinja
