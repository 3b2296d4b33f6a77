// The direct sub-expressions of an expression, and the expressions and bodies of a
// statement, for the passes that walk the tree after parsing (analysis/). One place
// knows every node's fields.
#pragma once

#include "jinja/syntax/nodes.h"

namespace wfgen::jinja {

template <typename F>
void for_each_arg(const CallArgsExpr& a, F&& f) {
  for (const auto& arg : a.args) f(arg.get());
  for (const auto& [name, arg] : a.kwargs) f(arg.get());
  if (a.dyn_args) f(a.dyn_args.get());
  if (a.dyn_kwargs) f(a.dyn_kwargs.get());
}

// Calls f(child) for each non-null child of e, in the order Jinja2's compiler
// visits them (an inline if: value, test, else value).
template <typename F>
void for_each_child(const Expr& e, F&& f) {
  auto visit = [&f](const ExprPtr& child) {
    if (child) f(child.get());
  };
  switch (e.kind) {
    case ExprKind::Const:
    case ExprKind::Name:
    case ExprKind::NsRef:
      return;
    case ExprKind::Getattr:
      return visit(static_cast<const GetattrExpr&>(e).obj);
    case ExprKind::Getitem: {
      const auto& g = static_cast<const GetitemExpr&>(e);
      visit(g.obj);
      return visit(g.arg);
    }
    case ExprKind::Slice: {
      const auto& s = static_cast<const SliceExpr&>(e);
      visit(s.start);
      visit(s.stop);
      return visit(s.step);
    }
    case ExprKind::Call: {
      const auto& c = static_cast<const CallExpr&>(e);
      visit(c.callee);
      return for_each_arg(c.args, f);
    }
    case ExprKind::Filter: {
      const auto& x = static_cast<const FilterExpr&>(e);
      visit(x.input);
      return for_each_arg(x.args, f);
    }
    case ExprKind::Test: {
      const auto& t = static_cast<const TestExpr&>(e);
      visit(t.input);
      return for_each_arg(t.args, f);
    }
    case ExprKind::Unary:
      return visit(static_cast<const UnaryExpr&>(e).operand);
    case ExprKind::Binary: {
      const auto& b = static_cast<const BinaryExpr&>(e);
      visit(b.left);
      return visit(b.right);
    }
    case ExprKind::Compare: {
      const auto& c = static_cast<const CompareExpr&>(e);
      visit(c.first);
      for (const auto& [op, operand] : c.rest) visit(operand);
      return;
    }
    case ExprKind::CondExpr: {
      const auto& c = static_cast<const CondExpr&>(e);
      visit(c.then);
      visit(c.test);
      return visit(c.otherwise);
    }
    case ExprKind::Tuple:
    case ExprKind::List:
      for (const auto& item : static_cast<const SeqExpr&>(e).items) visit(item);
      return;
    case ExprKind::Dict:
      for (const auto& [k, v] : static_cast<const DictExpr&>(e).items) {
        visit(k);
        visit(v);
      }
      return;
  }
}

// Calls expr(e) for each non-null expression a statement holds (targets included) and
// body(b) for each body in it (macro and caller bodies, blocks...), in field order.
template <typename E, typename B>
void for_each_part(const Stmt& s, E&& expr, B&& body) {
  auto visit = [&expr](Expr* e) {  // unique_ptr::get: the passes annotate nodes
    if (e) expr(e);
  };
  auto macro = [&](const MacroDef& def) {
    for (const auto& d : def.defaults) visit(d.get());
    body(def.body);
  };
  switch (s.kind) {
    case StmtKind::Print:
      for (const auto& part : static_cast<const PrintStmt&>(s).parts) visit(part.expr.get());
      return;
    case StmtKind::If: {
      const auto& i = static_cast<const IfStmt&>(s);
      for (const auto& [test, b] : i.branches) {
        visit(test.get());
        body(b);
      }
      return body(i.otherwise);
    }
    case StmtKind::For: {
      const auto& f = static_cast<const ForStmt&>(s);
      visit(f.target.get());
      visit(f.iter.get());
      visit(f.filter.get());
      body(f.body);
      return body(f.otherwise);
    }
    case StmtKind::Set: {
      const auto& x = static_cast<const SetStmt&>(s);
      visit(x.target.get());
      return visit(x.value.get());
    }
    case StmtKind::SetBlock: {
      const auto& b = static_cast<const SetBlockStmt&>(s);
      visit(b.target.get());
      visit(b.filter.get());
      return body(b.body);
    }
    case StmtKind::Macro:
      return macro(*static_cast<const MacroStmt&>(s).def);
    case StmtKind::CallBlock: {
      const auto& c = static_cast<const CallBlockStmt&>(s);
      visit(c.call.get());
      return macro(*c.caller);
    }
    case StmtKind::FilterBlock: {
      const auto& f = static_cast<const FilterBlockStmt&>(s);
      visit(f.filter.get());
      return body(f.body);
    }
    case StmtKind::With: {
      const auto& w = static_cast<const WithStmt&>(s);
      for (const auto& [target, value] : w.assignments) {
        visit(target.get());
        visit(value.get());
      }
      return body(w.body);
    }
    case StmtKind::Include:
      return visit(static_cast<const IncludeStmt&>(s).name.get());
    case StmtKind::Import:
      return visit(static_cast<const ImportStmt&>(s).name.get());
    case StmtKind::FromImport:
      return visit(static_cast<const FromImportStmt&>(s).name.get());
    case StmtKind::Extends:
      return visit(static_cast<const ExtendsStmt&>(s).name.get());
    case StmtKind::Block:
      return body(static_cast<const BlockStmt&>(s).body);
    case StmtKind::Scope: {
      const auto& sc = static_cast<const ScopeStmt&>(s);
      visit(sc.autoescape.get());
      return body(sc.body);
    }
  }
}

}  // namespace wfgen::jinja
