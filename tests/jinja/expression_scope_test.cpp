// ExpressionScope: several expressions over one set of variables that grows between them
// (a matrix row's derived fields). Each answers what Environment::evaluate answers over the
// same variables, errors included, and what a scope makes it frees.
#include <gtest/gtest.h>

#include <string>

#include "jinja/error.h"
#include "jinja/python/ops.h"
#include "jinja/runtime/environment.h"
#include "jinja/runtime/expression_scope.h"
#include "jinja/value/cycles.h"

namespace {

using wfgen::jinja::Environment;
using wfgen::jinja::EnvironmentOptions;
using wfgen::jinja::ExpressionScope;
using wfgen::jinja::TemplateError;
using wfgen::jinja::Value;

Environment strict_env() {
  EnvironmentOptions o;
  o.strict_undefined = true;
  return Environment(o);
}

Value row() {
  Value vars = Value::dict();
  vars.dict_obj().set(Value::string("cuda"), Value::string("12.6"));
  vars.dict_obj().set(Value::string("os"), Value::string("linux"));
  return vars;
}

std::string repr_of(const Value& v) {
  std::string out;
  wfgen::jinja::append_repr(out, v);
  return out;
}

}  // namespace

TEST(ExpressionScope, EachExpressionSeesTheVariablesAndWhatWasSetBeforeIt) {
  Environment env = strict_env();
  auto tag = env.compile_expression("'cu' ~ cuda | replace('.', '')");
  auto name = env.compile_expression("os ~ '-' ~ tag");
  ExpressionScope scope(env, row());
  Value t = scope.evaluate(*tag);
  EXPECT_EQ(repr_of(t), "'cu126'");
  scope.set("tag", t);
  EXPECT_EQ(repr_of(scope.evaluate(*name)), "'linux-cu126'");
  // The same expression again: the scope's result slot is reused, not stale.
  EXPECT_EQ(repr_of(scope.evaluate(*tag)), "'cu126'");
  // What Environment::evaluate gives over the same variables.
  Value vars = row();
  vars.dict_obj().set(Value::string("tag"), t);
  EXPECT_EQ(repr_of(env.evaluate(*name, vars)), "'linux-cu126'");
}

TEST(ExpressionScope, ASetReplacesAVariableTheScopeWasGiven) {
  Environment env = strict_env();
  auto os = env.compile_expression("os");
  ExpressionScope scope(env, row());
  scope.set("os", Value::string("windows"));
  EXPECT_EQ(repr_of(scope.evaluate(*os)), "'windows'");
}

TEST(ExpressionScope, ErrorsAreEvaluatesWithTheirPosition) {
  Environment env = strict_env();
  const std::string text = "os ~ missing_name";
  auto bad = env.compile_expression(text);
  std::string direct, scoped;
  int direct_col = 0, scoped_col = 0;
  try {
    env.evaluate(*bad, row());
  } catch (const TemplateError& e) {
    direct = e.message();
    direct_col = e.where().col;
  }
  try {
    ExpressionScope scope(env, row());
    scope.evaluate(*bad);
  } catch (const TemplateError& e) {
    scoped = e.message();
    scoped_col = e.where().col;
  }
  EXPECT_EQ(direct, "'missing_name' is undefined");
  EXPECT_EQ(scoped, direct);
  // At the operator that reads the undefined name.
  EXPECT_EQ(direct_col, static_cast<int>(text.find('~')) + 1);
  EXPECT_EQ(scoped_col, direct_col);
}

TEST(ExpressionScope, CyclesMadeInAScopeAreFreedWithIt) {
  Environment env = strict_env();
  auto cyclic = env.compile_expression("[m.append(m), m | length]");
  wfgen::jinja::collect_cycles();
  ASSERT_EQ(wfgen::jinja::noted_cycle_candidates(), 0u);
  {
    ExpressionScope scope(env, Value::dict());
    scope.set("m", Value::list());  // only the scope holds it
    EXPECT_EQ(repr_of(scope.evaluate(*cyclic)), "[None, 1]");
    EXPECT_GT(wfgen::jinja::noted_cycle_candidates(), 0u);
  }
  EXPECT_EQ(wfgen::jinja::noted_cycle_candidates(), 0u);
}
