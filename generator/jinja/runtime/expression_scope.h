// Several expressions evaluated over one set of variables that grows between them: a
// matrix row's derived fields each see the row and the fields derived before them. The
// variables are taken into the scope once; Environment::evaluate takes them anew for
// every expression (a new context, a new renderer), which is most of what a small
// expression costs.
#pragma once

#include <memory>
#include <string_view>

#include "jinja/runtime/environment.h"
#include "jinja/value/value.h"

namespace wfgen::jinja {

class ExpressionScope {
 public:
  // `vars`: a dict, the variables every expression sees (as Environment::evaluate's).
  ExpressionScope(const Environment& env, const Value& vars);
  ~ExpressionScope();
  ExpressionScope(const ExpressionScope&) = delete;
  ExpressionScope& operator=(const ExpressionScope&) = delete;

  // The value of `expression` (made by env.compile_expression); throws TemplateError as
  // Environment::evaluate does.
  Value evaluate(const Template& expression);
  // Sets variable `name` for the expressions evaluated after this.
  void set(std::string_view name, Value value);

 private:
  struct State;
  const Environment& env_;
  std::unique_ptr<State> state_;
};

}  // namespace wfgen::jinja
