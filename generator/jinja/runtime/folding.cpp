// Jinja2's compile-time constant folding, replayed where it changes a result: a
// constant slice that fails (see analysis/constant_folding.h). Jinja2's optimizer
// tries to fold every expression around the slice, innermost first, and keeps a
// folded value when it can write it back into the compiled template as a literal; a
// {{ }} keeps whatever its whole expression folds to, printed. When one of them folds,
// the slice was an Undefined inside it; when none does, the slice runs at render time
// as a plain Python subscript and raises.
#include <optional>
#include <string>

#include "jinja/analysis/constant_folding.h"
#include "jinja/python/markup.h"
#include "jinja/python/ops.h"
#include "jinja/runtime/renderer.h"

namespace wfgen::jinja {

namespace {

// jinja2.compiler.has_safe_repr: the values a folded expression may become.
bool has_safe_repr(const Value& v) {
  switch (v.kind()) {
    case Kind::None:
    case Kind::Bool:
    case Kind::Int:
    case Kind::BigInt:
    case Kind::Float:
    case Kind::String:  // str and Markup
      return true;
    case Kind::List:
    case Kind::Tuple:
      for (const Value& item : v.items()) {
        if (!has_safe_repr(item)) return false;
      }
      return true;
    case Kind::Dict:
      for (const auto& [key, value] : v.dict_obj().entries()) {
        if (!has_safe_repr(key) || !has_safe_repr(value)) return false;
      }
      return true;
    case Kind::Object:  // of Jinja2's objects only a range; a namedtuple is no tuple
      return v.obj().type_name() == "range";
    case Kind::Undefined:
      return false;
  }
  return false;
}

}  // namespace

std::optional<Value> Renderer::fold(const Expr& e) {
  try {
    if (is_constant(&e, volatile_)) {
      struct Folding {
        bool& flag;
        explicit Folding(bool& f) : flag(f) { flag = true; }
        ~Folding() { flag = false; }
      } folding(folding_);
      return eval(e);
    }
    // Not all of e is constant, but as_const stops where and/or, an inline if or a
    // chained comparison is decided, so what it would not reach may be anything.
    switch (e.kind) {
      case ExprKind::Binary: {
        const auto& b = static_cast<const BinaryExpr&>(e);
        if (b.op != BinOp::And && b.op != BinOp::Or) return std::nullopt;
        std::optional<Value> left = fold(*b.left);
        if (!left || truthy(*left) == (b.op == BinOp::Or)) return left;
        return fold(*b.right);
      }
      case ExprKind::CondExpr: {
        const auto& c = static_cast<const CondExpr&>(e);
        std::optional<Value> test = fold(*c.test);
        if (!test) return std::nullopt;
        if (truthy(*test)) return fold(*c.then);
        return c.otherwise ? fold(*c.otherwise) : std::nullopt;
      }
      case ExprKind::Compare: {
        const auto& c = static_cast<const CompareExpr&>(e);
        std::optional<Value> left = fold(*c.first);
        if (!left) return std::nullopt;
        for (const auto& [op, operand] : c.rest) {
          std::optional<Value> right = fold(*operand);
          if (!right) return std::nullopt;
          if (!compare_once(op, *left, *right)) return Value::boolean(false);
          left = std::move(right);
        }
        return Value::boolean(true);
      }
      default:
        return std::nullopt;
    }
  } catch (const TemplateError& error) {  // Impossible
    if (error.kind() == ErrorKind::Limit) throw;
    return std::nullopt;
  }
}

bool Renderer::folds(const FoldChain& chain) {
  if (volatile_) return false;  // the {{ }} was tried before it ran (exec_print)
  // Any expression of the chain that folds will do. Each is tried once in a render (a
  // {{ }} of many failed slices is folded once, not once a slice), innermost first.
  for (const Expr* node : chain.nodes) {
    auto known = fold_memo_.find(node);
    if (known != fold_memo_.end() && known->second) return true;
  }
  for (size_t i = 0; i < chain.nodes.size(); ++i) {
    const Expr& node = *chain.nodes[i];
    if (!fold_memo_.try_emplace(&node, false).second) continue;  // known not to fold
    bool folded;
    if (chain.printed && i + 1 == chain.nodes.size()) {
      folded = folded_text(node).has_value();
    } else {
      std::optional<Value> value = fold(node);
      folded = value && has_safe_repr(*value);
    }
    if (folded) return fold_memo_[&node] = true;
  }
  return false;
}

std::optional<std::string> Renderer::folded_text(const Expr& e) {
  std::optional<Value> value = fold(e);
  if (!value) return std::nullopt;
  try {  // unless printing it raises (a strict Undefined)
    if (compile_autoescape_) return markup_escape(*value).as_string();
    std::string text;
    append_str(text, *value);
    return text;
  } catch (const TemplateError& error) {
    if (error.kind() == ErrorKind::Limit) throw;
    return std::nullopt;
  }
}

}  // namespace wfgen::jinja
