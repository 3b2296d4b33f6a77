#include "jinja/constant_expr.h"

#include <string_view>

#include "jinja/node_children.h"

namespace wfgen::jinja {

namespace {

// Jinja2's filters that take the context (pass_context): never evaluated early.
bool is_context_filter(std::string_view name) {
  return name == "map" || name == "random" || name == "reject" || name == "rejectattr" ||
         name == "select" || name == "selectattr";
}

bool all_children_constant(const Expr& e) {
  bool constant = true;
  for_each_child(e, [&constant](const Expr* child) { constant = constant && is_constant(child); });
  return constant;
}

bool constant_args(const CallArgsExpr& a) {
  bool constant = true;
  for_each_arg(a, [&constant](const Expr* arg) { constant = constant && is_constant(arg); });
  return constant;
}

}  // namespace

bool is_constant(const Expr* e) {
  if (!e) return true;
  switch (e->kind) {
    case ExprKind::Const:
      return true;
    case ExprKind::Name:
    case ExprKind::NsRef:
    case ExprKind::Call:
      return false;
    case ExprKind::Filter: {
      const auto& f = static_cast<const FilterExpr&>(*e);
      return f.fn && f.input && !is_context_filter(f.name) && is_constant(f.input.get()) &&
             constant_args(f.args);
    }
    case ExprKind::Test: {
      const auto& t = static_cast<const TestExpr&>(*e);
      return t.fn && is_constant(t.input.get()) && constant_args(t.args);
    }
    case ExprKind::CondExpr:  // both branches, though Jinja2 needs only the one taken
      return static_cast<const CondExpr&>(*e).otherwise && all_children_constant(*e);
    default:
      return all_children_constant(*e);
  }
}

namespace {

void mark_slice(ExprPtr& e) {
  if (!e || e->kind != ExprKind::Getitem) return;
  auto& item = static_cast<GetitemExpr&>(*e);
  if (item.arg->kind == ExprKind::Slice && is_constant(&item)) item.constant_slice = true;
}

}  // namespace

void mark_constant_slices(Expr& e, bool printed) {
  if (printed && e.kind == ExprKind::Getitem) {
    auto& item = static_cast<GetitemExpr&>(e);
    if (item.arg->kind == ExprKind::Slice && is_constant(&item)) item.constant_slice = true;
  }
  if (!is_constant(&e)) return;
  switch (e.kind) {
    case ExprKind::Unary: {
      auto& u = static_cast<UnaryExpr&>(e);
      if (u.op == UnaryOp::Not) mark_slice(u.operand);
      return;
    }
    case ExprKind::Binary: {
      auto& b = static_cast<BinaryExpr&>(e);
      if (b.op != BinOp::Concat) return;
      mark_slice(b.left);
      return mark_slice(b.right);
    }
    case ExprKind::Compare: {  // an Undefined is only equal to another
      auto& c = static_cast<CompareExpr&>(e);
      for (const auto& [op, operand] : c.rest) {
        if (op != CmpOp::Eq && op != CmpOp::Ne) return;
      }
      mark_slice(c.first);
      for (auto& [op, operand] : c.rest) mark_slice(operand);
      return;
    }
    case ExprKind::CondExpr:  // the test is only asked for its truth
      return mark_slice(static_cast<CondExpr&>(e).test);
    case ExprKind::Test: {
      auto& t = static_cast<TestExpr&>(e);
      if (t.name == "defined" || t.name == "undefined" || t.name == "none") mark_slice(t.input);
      return;
    }
    case ExprKind::Filter: {
      auto& f = static_cast<FilterExpr&>(e);
      if (f.name == "default" || f.name == "d") mark_slice(f.input);
      return;
    }
    default:
      return;
  }
}

}  // namespace wfgen::jinja
