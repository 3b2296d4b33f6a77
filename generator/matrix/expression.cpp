#include "matrix/expression.h"

#include <vector>

#include "data/json_convert.h"
#include "jinja/analysis/expression_names.h"
#include "jinja/python/ops.h"

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

const ExpressionEvaluator::Reads& ExpressionEvaluator::reads(const std::string& expr) {
  auto it = reads_.find(expr);
  if (it == reads_.end()) {
    const jinja::Template& t = compiled(expr);
    it = reads_.emplace(expr, Reads{jinja::expression_names(t), jinja::expression_is_pure(t)}).first;
  }
  return it->second;
}

jinja::Value ExpressionEvaluator::evaluate(const std::string& expr, const jinja::Value& vars) {
  ++evaluations_;
  return env_.evaluate(compiled(expr), vars);
}

bool ExpressionEvaluator::holds_for_row(const std::string& expr, const jinja::Value& vars,
                                        const data::Json& row, jinja::StringPool& keys) {
  ++evaluations_;
  const jinja::Template& compiled_expr = compiled(expr);
  // `vars`, then the fields of `row` (all of them, or those named) over them.
  auto with_row = [&](const std::vector<std::string>* only) {
    jinja::Value ctx = jinja::Value::dict();
    jinja::DictObj& dict = ctx.dict_obj();
    dict.reserve(vars.dict_obj().size() + (only ? only->size() : row.size()));
    for (const auto& [k, v] : vars.dict_obj().entries()) dict.add_new(k, v);
    set_row_fields(dict, row, only, keys);
    return ctx;
  };
  try {
    return jinja::truthy(env_.evaluate(compiled_expr, with_row(&names(expr))));
  } catch (const jinja::TemplateError&) {
    return jinja::truthy(env_.evaluate(compiled_expr, with_row(nullptr)));
  }
}

void set_row_fields(jinja::DictObj& dict, const data::Json& row,
                    const std::vector<std::string>* only, jinja::StringPool& keys) {
  const bool fresh = dict.size() == 0;  // a row's keys are distinct: none to look up first
  auto put = [&](const std::string& name, const data::Json& value) {
    if (fresh)
      dict.add_new(keys.get(name), data::to_value(value, keys));
    else
      dict.set(keys.get(name), data::to_value(value, keys));
  };
  if (!only)
    for (auto it = row.begin(); it != row.end(); ++it) put(it.key(), it.value());
  else
    for (const std::string& name : *only)
      if (auto it = row.find(name); it != row.end()) put(name, *it);
}

data::DataError expression_error(const data::Document& doc, const std::string& ptr,
                                 const jinja::TemplateError& e, const std::string& context) {
  data::Mark at = doc.value_mark(ptr);
  const data::Json* text = data::find_pointer(doc.root(), ptr);
  if (text && text->is_string() && e.located())
    at = doc.mark_within(ptr, text->get_ref<const std::string&>(), e.where().line, e.where().col);
  return doc.error_at(at, context + ": " + e.message());
}

}  // namespace wfgen::matrix
