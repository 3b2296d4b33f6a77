#include "jinja/analysis/constant_folding.h"

#include <string_view>
#include <vector>

#include "jinja/builtins/registry.h"
#include "jinja/syntax/node_children.h"

namespace wfgen::jinja {

namespace {

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
      return f.builtin && !f.builtin->pass_context && f.input && is_constant(f.input.get()) &&
             constant_args(f.args);
    }
    case ExprKind::Test: {
      const auto& t = static_cast<const TestExpr&>(*e);
      return t.builtin && !t.builtin->pass_context && is_constant(t.input.get()) &&
             constant_args(t.args);
    }
    case ExprKind::CondExpr:  // both branches, though Jinja2 needs only the one taken
      return static_cast<const CondExpr&>(*e).otherwise && all_children_constant(*e);
    default:
      return all_children_constant(*e);
  }
}

namespace {

GetitemExpr* as_slice(Expr* e) {
  if (!e || e->kind != ExprKind::Getitem) return nullptr;
  auto* item = static_cast<GetitemExpr*>(e);
  return item->arg->kind == ExprKind::Slice ? item : nullptr;
}

// The operands of `e` that may be an Undefined without Jinja2's folding of `e` failing.
template <class F>
void each_undefined_tolerant_operand(Expr& e, F&& f) {
  switch (e.kind) {
    case ExprKind::Unary:
      if (static_cast<UnaryExpr&>(e).op == UnaryOp::Not) f(static_cast<UnaryExpr&>(e).operand);
      return;
    case ExprKind::Binary:
      if (static_cast<BinaryExpr&>(e).op != BinOp::Concat) return;
      f(static_cast<BinaryExpr&>(e).left);
      return f(static_cast<BinaryExpr&>(e).right);
    case ExprKind::Compare: {  // an Undefined is only equal to another
      auto& c = static_cast<CompareExpr&>(e);
      for (const auto& [op, operand] : c.rest) {
        if (op != CmpOp::Eq && op != CmpOp::Ne) return;
      }
      f(c.first);
      for (auto& [op, operand] : c.rest) f(operand);
      return;
    }
    case ExprKind::CondExpr:  // the test is only asked for its truth
      return f(static_cast<CondExpr&>(e).test);
    case ExprKind::Test: {
      auto& t = static_cast<TestExpr&>(e);
      if (t.name == "defined" || t.name == "undefined" || t.name == "none") f(t.input);
      return;
    }
    case ExprKind::Filter: {
      auto& x = static_cast<FilterExpr&>(e);
      if (x.name == "default" || x.name == "d") f(x.input);
      return;
    }
    default:
      return;
  }
}

}  // namespace

void mark_constant_slices(Expr& e, bool printed) {
  std::vector<GetitemExpr*> slices;
  if (GetitemExpr* self = printed ? as_slice(&e) : nullptr) slices.push_back(self);
  each_undefined_tolerant_operand(e, [&slices](ExprPtr& operand) {
    if (GetitemExpr* slice = as_slice(operand.get())) slices.push_back(slice);
  });
  if (slices.empty() || !is_constant(&e)) return;  // a constant e has constant operands
  for (GetitemExpr* slice : slices) slice->constant_slice = true;
}

}  // namespace wfgen::jinja
