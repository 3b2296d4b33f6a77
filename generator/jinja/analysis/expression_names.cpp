#include "jinja/analysis/expression_names.h"

#include <algorithm>

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

}  // namespace

std::vector<std::string> expression_names(const Template& expression) {
  std::vector<std::string> names;
  add_names(expression.body(), names);
  return names;
}

}  // namespace wfgen::jinja
