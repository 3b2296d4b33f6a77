#include "jinja/analysis/constant_folding.h"

#include <memory>
#include <string_view>
#include <vector>

#include "jinja/builtins/registry.h"
#include "jinja/syntax/node_children.h"

namespace wfgen::jinja {

namespace {

bool all_children_constant(const Expr& e, bool volatile_scope) {
  bool constant = true;
  for_each_child(e, [&constant, volatile_scope](const Expr* child) {
    constant = constant && is_constant(child, volatile_scope);
  });
  return constant;
}

bool constant_args(const CallArgsExpr& a) {
  bool constant = true;
  for_each_arg(a, [&constant](const Expr* arg) { constant = constant && is_constant(arg); });
  return constant;
}

}  // namespace

bool is_constant(const Expr* e, bool volatile_scope) {
  if (!e) return true;
  switch (e->kind) {
    case ExprKind::Const:
      return true;
    case ExprKind::Name:
    case ExprKind::NsRef:
    case ExprKind::Call:
      return false;
    case ExprKind::Filter: {
      if (volatile_scope) return false;
      const auto& f = static_cast<const FilterExpr&>(*e);
      return f.builtin && !f.builtin->pass_context && f.input && is_constant(f.input.get()) &&
             constant_args(f.args);
    }
    case ExprKind::Test: {
      if (volatile_scope) return false;
      const auto& t = static_cast<const TestExpr&>(*e);
      return t.builtin && !t.builtin->pass_context && is_constant(t.input.get()) &&
             constant_args(t.args);
    }
    default:  // an inline if: every branch, though Jinja2 needs only the one taken
      return all_children_constant(*e, volatile_scope);
  }
}

namespace {

bool is_slice(const Expr& e) {
  return e.kind == ExprKind::Getitem && static_cast<const GetitemExpr&>(e).arg->kind == ExprKind::Slice;
}

// Walks e with `path` holding its ancestors (the root first).
void mark_chains(Expr& e, std::vector<const Expr*>& path, bool printed) {
  path.push_back(&e);
  if (is_slice(e) && is_constant(&e)) {
    auto chain = std::make_unique<FoldChain>();
    chain->nodes.assign(path.rbegin(), path.rend());
    chain->printed = printed;
    static_cast<GetitemExpr&>(e).fold_chain = std::move(chain);
  }
  for_each_child(e, [&path, printed](Expr* child) { mark_chains(*child, path, printed); });
  path.pop_back();
}

}  // namespace

void mark_fold_chains(Expr& root, bool printed) {
  std::vector<const Expr*> path;
  mark_chains(root, path, printed);
}

}  // namespace wfgen::jinja
