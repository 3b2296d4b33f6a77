// The direct sub-expressions of an expression, for the passes that walk the tree
// after parsing (scoping, unknown names). One place knows every node's fields.
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

}  // namespace wfgen::jinja
