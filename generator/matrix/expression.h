// Small Jinja expressions over a row (derived fields, `where:` filters, checks), compiled
// by the engine as expressions (never pasted into a template), so they mean exactly what
// they would mean inside a template and their errors point into the expression.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "data/document.h"
#include "jinja/error.h"
#include "jinja/runtime/environment.h"
#include "jinja/runtime/expression_scope.h"
#include "jinja/value/string_pool.h"
#include "jinja/value/value.h"

namespace wfgen::matrix {

class ExpressionEvaluator {
 public:
  explicit ExpressionEvaluator(const jinja::Limits& limits = {});
  ~ExpressionEvaluator();

  // The value of `expr` with the keys of `vars` (a dict) as variables. Undefined names are
  // errors (StrictUndefined). Throws jinja::TemplateError positioned in `expr` (line and
  // column within it); compiled expressions are cached.
  jinja::Value evaluate(const std::string& expr, const jinja::Value& vars);

  // Whether `expr` is true with the fields of a matrix row over the variables of `vars` (a
  // dict, left as it is). Only the fields `expr` names are converted to template values
  // (a row may hold whole lists of other rows); should it fail, it is evaluated again
  // over the whole row, so that its error is the one the whole row gives. `keys` pools the
  // converted keys. Throws jinja::TemplateError as evaluate does.
  bool holds_for_row(const std::string& expr, const jinja::Value& vars, const data::Json& row,
                     jinja::StringPool& keys);

  // The names `expr` mentions (jinja/analysis/expression_names.h): what its value can
  // depend on, besides the functions and filters it calls. Throws as evaluate does when
  // `expr` does not compile.
  const std::vector<std::string>& names(const std::string& expr) { return reads(expr).names; }
  // Whether the value of `expr` is a function of names(expr): no call in it can change a
  // value (jinja::expression_is_pure). Throws as names() does.
  bool is_pure(const std::string& expr) { return reads(expr).pure; }

  // Expressions evaluated so far, in every way (for the tests that show values kept).
  size_t evaluations() const { return evaluations_; }

  // Expressions over one set of variables that grows between them (a row's derived
  // fields, then its checks), taken in once (jinja/runtime/expression_scope.h).
  class Scope {
   public:
    Scope(ExpressionEvaluator& eval, const jinja::Value& vars)
        : eval_(eval), scope_(eval.env_, vars) {}
    // As ExpressionEvaluator::evaluate, with the scope's variables.
    jinja::Value evaluate(const std::string& expr) {
      ++eval_.evaluations_;
      return scope_.evaluate(eval_.compiled(expr));
    }
    void set(std::string_view name, jinja::Value value) { scope_.set(name, std::move(value)); }

   private:
    ExpressionEvaluator& eval_;
    jinja::ExpressionScope scope_;
  };

 private:
  struct Reads {
    std::vector<std::string> names;
    bool pure;
  };
  const jinja::Template& compiled(const std::string& expr);
  const Reads& reads(const std::string& expr);

  jinja::Environment env_;
  std::unordered_map<std::string, std::shared_ptr<const jinja::Template>> cache_;
  std::unordered_map<std::string, Reads> reads_;
  size_t evaluations_ = 0;
};

// Sets the fields of matrix row `row` into `dict`, over what it holds: those named in
// `only` (each once) when given, else every one; converted to template values, their keys
// pooled in `keys`.
void set_row_fields(jinja::DictObj& dict, const data::Json& row,
                    const std::vector<std::string>* only, jinja::StringPool& keys);

// `e`, raised by the expression (or template) written as the string at `ptr` of `doc`, as
// a DataError at the same spot of the file, with `context` before its message
// ("in derived field 'x'").
data::DataError expression_error(const data::Document& doc, const std::string& ptr,
                                 const jinja::TemplateError& e, const std::string& context);

}  // namespace wfgen::matrix
