#include "jinja/analysis/macro_purity.h"

#include "jinja/builtins/registry.h"
#include "jinja/python/methods.h"
#include "jinja/syntax/node_children.h"

namespace wfgen::jinja {

namespace {

// `x is sameas true`: the one argument a constant true, false or none.
bool compares_with_singleton(const TestExpr& t) {
  const CallArgsExpr& a = t.args;
  if (a.args.size() != 1 || !a.kwargs.empty() || a.dyn_args || a.dyn_kwargs) return false;
  if (a.args[0]->kind != ExprKind::Const) return false;
  const Value& v = static_cast<const ConstExpr&>(*a.args[0]).value;
  return v.is_bool() || v.is_none();
}

class Checker {
 public:
  explicit Checker(const MacroDef& def) : def_(def) {}

  bool body(const Body& b) const {
    for (const StmtPtr& s : b) {
      if (s->kind != StmtKind::Print && s->kind != StmtKind::If) return false;
      bool ok = true;
      for_each_part(
          *s, [&](const Expr* e) { ok = ok && expr(*e); },
          [&](const Body& inner) { ok = ok && body(inner); });
      if (!ok) return false;
    }
    return true;
  }

 private:
  bool expr(const Expr& e) const {
    switch (e.kind) {
      case ExprKind::Name:
        return is_param(static_cast<const NameExpr&>(e).name);
      case ExprKind::NsRef:
        return false;
      case ExprKind::Call: {
        const Expr& callee = *static_cast<const CallExpr&>(e).callee;
        if (callee.kind != ExprKind::Getattr ||
            method_changes_its_object(static_cast<const GetattrExpr&>(callee).attr))
          return false;
        break;
      }
      case ExprKind::Filter: {
        const BuiltinFilter* f = static_cast<const FilterExpr&>(e).builtin;
        if (!f || f->pass_context) return false;
        break;
      }
      case ExprKind::Test: {
        const auto& t = static_cast<const TestExpr&>(e);
        if (!t.builtin || t.builtin->pass_context) return false;
        if (t.name == "sameas" && !compares_with_singleton(t)) return false;
        break;
      }
      default:
        break;
    }
    bool ok = true;
    for_each_child(e, [&](const Expr* child) { ok = ok && expr(*child); });
    return ok;
  }

  bool is_param(const std::string& name) const {
    for (const auto& [param, symbol] : def_.params)
      if (param == name) return true;
    return false;
  }

  const MacroDef& def_;
};

}  // namespace

bool macro_is_memoizable(const MacroDef& def) {
  if (def.name.empty()) return false;  // a {% call %} block's caller reads the caller's names
  if (def.uses_caller || def.uses_varargs || def.uses_kwargs || def.caller_param >= 0) return false;
  return Checker(def).body(def.body);
}

void mark_memoizable_macros(const Body& body) {
  for (const StmtPtr& s : body) {
    if (s->kind == StmtKind::Macro) {
      MacroDef& def = *static_cast<const MacroStmt&>(*s).def;
      def.memoizable = macro_is_memoizable(def);
    }
    for_each_part(
        *s, [](const Expr*) {}, [](const Body& inner) { mark_memoizable_macros(inner); });
  }
}

}  // namespace wfgen::jinja
