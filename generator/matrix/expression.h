// Small Jinja expressions over a row (derived fields, `where:` filters), evaluated by the
// engine itself so they mean exactly what they would mean inside a template.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>

#include "jinja/runtime/environment.h"
#include "jinja/value/value.h"

namespace wfgen::matrix {

class ExpressionEvaluator {
 public:
  ExpressionEvaluator();
  ~ExpressionEvaluator();

  // The value of `expr` with the keys of `vars` (a dict) as variables. Undefined names are
  // errors (StrictUndefined). Throws jinja::TemplateError; parsed templates are cached.
  jinja::Value evaluate(const std::string& expr, const jinja::Value& vars);

 private:
  jinja::Environment env_;
  std::unordered_map<std::string, std::shared_ptr<const jinja::Template>> cache_;
};

}  // namespace wfgen::matrix
