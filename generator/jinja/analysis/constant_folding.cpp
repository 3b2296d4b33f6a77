#include "jinja/analysis/constant_folding.h"

#include <memory>
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
    // What decides these may stop as_const before the rest: x or y is constant when x is
    // (true or name folds; false or name does not, which folding itself finds).
    case ExprKind::Binary: {
      const auto& b = static_cast<const BinaryExpr&>(*e);
      if (b.op == BinOp::And || b.op == BinOp::Or) return is_constant(b.left.get());
      return all_children_constant(*e);
    }
    case ExprKind::CondExpr: {
      const auto& c = static_cast<const CondExpr&>(*e);
      return is_constant(c.test.get()) &&
             (is_constant(c.then.get()) || (c.otherwise && is_constant(c.otherwise.get())));
    }
    case ExprKind::Compare:
      return is_constant(static_cast<const CompareExpr&>(*e).first.get());
    default:
      return all_children_constant(*e);
  }
}

namespace {

bool is_slice(const Expr& e) {
  return e.kind == ExprKind::Getitem && static_cast<const GetitemExpr&>(e).arg->kind == ExprKind::Slice;
}

// Marks the constant ~ of `e` and finds its constant slices.
void mark_constants(Expr& e, std::vector<GetitemExpr*>& slices) {
  if (is_slice(e) && is_constant(&e)) slices.push_back(static_cast<GetitemExpr*>(&e));
  if (e.kind == ExprKind::Binary) {
    auto& b = static_cast<BinaryExpr&>(e);
    b.constant_concat = b.op == BinOp::Concat && is_constant(&e);
  }
  for_each_child(e, [&slices](Expr* child) { mark_constants(*child, slices); });
}

void add_parents(const Expr& e, const Expr* parent,
                 std::unordered_map<const Expr*, const Expr*>& parents) {
  parents.emplace(&e, parent);
  for_each_child(e, [&e, &parents](const Expr* child) { add_parents(*child, &e, parents); });
}

}  // namespace

void mark_fold_chains(Expr& root, bool printed) {
  std::vector<GetitemExpr*> slices;
  mark_constants(root, slices);
  if (slices.empty()) return;
  auto parents = std::make_shared<std::unordered_map<const Expr*, const Expr*>>();
  add_parents(root, nullptr, *parents);
  for (GetitemExpr* slice : slices) slice->fold_chain.reset(new FoldChain{parents, printed});
}

}  // namespace wfgen::jinja
