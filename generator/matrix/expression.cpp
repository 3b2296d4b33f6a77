#include "matrix/expression.h"

#include "jinja/analysis/expression_names.h"

namespace wfgen::matrix {

namespace {

jinja::EnvironmentOptions expression_options(const jinja::Limits& limits) {
  jinja::EnvironmentOptions o;
  o.strict_undefined = true;
  o.limits = limits;
  return o;
}

}  // namespace

ExpressionEvaluator::ExpressionEvaluator(const jinja::Limits& limits)
    : env_(expression_options(limits)) {}
ExpressionEvaluator::~ExpressionEvaluator() = default;

const jinja::Template& ExpressionEvaluator::compiled(const std::string& expr) {
  auto it = cache_.find(expr);
  if (it == cache_.end()) it = cache_.emplace(expr, env_.compile_expression(expr)).first;
  return *it->second;
}

jinja::Value ExpressionEvaluator::evaluate(const std::string& expr, const jinja::Value& vars) {
  return env_.evaluate(compiled(expr), vars);
}

std::vector<std::string> ExpressionEvaluator::names(const std::string& expr) {
  return jinja::expression_names(compiled(expr));
}

data::DataError expression_error(const data::Document& doc, const std::string& ptr,
                                 const jinja::TemplateError& e, const std::string& context) {
  data::Mark at = doc.value_mark(ptr);
  const data::Json* text = nullptr;
  data::Json::json_pointer p(ptr);
  if (doc.root().contains(p) && doc.root().at(p).is_string()) text = &doc.root().at(p);
  if (text && e.located())
    at = doc.mark_within(ptr, text->get_ref<const std::string&>(), e.where().line, e.where().col);
  return doc.error_at(at, context + ": " + e.message());
}

}  // namespace wfgen::matrix
