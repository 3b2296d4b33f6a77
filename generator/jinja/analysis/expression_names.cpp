#include "jinja/analysis/expression_names.h"

#include <algorithm>

#include "jinja/python/methods.h"
#include "jinja/syntax/node_children.h"
#include "jinja/syntax/template.h"

namespace wfgen::jinja {

namespace {

void add_names(const Expr& e, std::vector<std::string>& names) {
  if (e.kind == ExprKind::Name) {
    const std::string& name = static_cast<const NameExpr&>(e).name;
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    return;
  }
  for_each_child(e, [&](const Expr* child) { add_names(*child, names); });
}

void add_names(const Body& body, std::vector<std::string>& names) {
  for (const StmtPtr& s : body) {
    if (s->kind == StmtKind::Set) {  // the expression's value: its target is not read
      add_names(*static_cast<const SetStmt&>(*s).value, names);
      continue;
    }
    for_each_part(
        *s, [&](const Expr* e) { add_names(*e, names); },
        [&](const Body& inner) { add_names(inner, names); });
  }
}

// Whether a select/reject filter may run the `sameas` test: its test is named by a string
// argument (a name not written as a constant may be any test).
bool may_select_by_sameas(const FilterExpr& f) {
  size_t test_at;
  if (f.name == "select" || f.name == "reject")
    test_at = 0;
  else if (f.name == "selectattr" || f.name == "rejectattr")
    test_at = 1;
  else
    return false;
  if (f.args.dyn_args) return true;
  if (f.args.args.size() <= test_at) return false;  // no test: truthiness
  const Expr& test = *f.args.args[test_at];
  if (test.kind != ExprKind::Const) return true;
  const Value& name = static_cast<const ConstExpr&>(test).value;
  return name.is_string() && name.as_string() == "sameas";
}

bool is_pure(const Expr& e) {
  // `sameas` tells a value from an equal copy, and a kept value is a copy.
  if (e.kind == ExprKind::Test && static_cast<const TestExpr&>(e).name == "sameas") return false;
  if (e.kind == ExprKind::Filter && may_select_by_sameas(static_cast<const FilterExpr&>(e))) return false;
  if (e.kind == ExprKind::Call) {
    const Expr& callee = *static_cast<const CallExpr&>(e).callee;
    const bool pure_callee =
        callee.kind == ExprKind::Name ||
        (callee.kind == ExprKind::Getattr &&
         !method_changes_its_object(static_cast<const GetattrExpr&>(callee).attr));
    if (!pure_callee) return false;
  }
  bool pure = true;
  for_each_child(e, [&](const Expr* child) { pure = pure && is_pure(*child); });
  return pure;
}

bool is_pure(const Body& body) {
  bool pure = true;
  for (const StmtPtr& s : body)
    for_each_part(
        *s, [&](const Expr* e) { pure = pure && is_pure(*e); },
        [&](const Body& inner) { pure = pure && is_pure(inner); });
  return pure;
}

}  // namespace

bool expression_is_pure(const Template& expression) {
  return is_pure(expression.body());
}

std::vector<std::string> expression_names(const Template& expression) {
  std::vector<std::string> names;
  add_names(expression.body(), names);
  return names;
}

}  // namespace wfgen::jinja
