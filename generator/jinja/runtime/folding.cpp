// Jinja2's compile-time constant folding, replayed where it changes a result (see
// analysis/constant_folding.h). Jinja2's optimizer tries to fold every expression
// around a failed constant slice and keeps a folded value when it can write it back
// into the compiled template as a literal; a {{ }} keeps whatever its whole expression
// folds to, printed. When one of them folds, the slice was an Undefined inside it; when
// none does, the slice runs at render time as a plain Python subscript and raises.
#include <optional>
#include <string>
#include <vector>

#include "jinja/python/markup.h"
#include "jinja/python/ops.h"
#include "jinja/runtime/renderer.h"
#include "jinja/runtime/restore.h"

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

void Renderer::not_folded(const char* what) {
  throw_error(ErrorKind::Runtime, std::string("not folded: ") + what);
}

// Jinja2's as_const: the expression evaluated with no variable in sight. A name, a call,
// a filter or test that reads the context (or any, in a volatile scope) and an inline if
// without else whose test is false give up (not_folded), wherever evaluation meets them,
// so what and/or and an inline if do not reach does not count, as in as_const.
std::optional<Value> Renderer::fold(const Expr& e) {
  Restore<bool> folding(folding_, true);
  Restore<Ref<Frame>> frame(frame_, make_ref<Frame>());  // every name then ends in lookup
  Restore<Ref<Context>> ctx(ctx_, make_ref<Context>());
  try {
    return eval(e);
  } catch (const TemplateError& error) {  // Impossible
    if (error.kind() == ErrorKind::Limit) throw;
    return std::nullopt;
  }
}

// Whether an expression around `slice` folds. The way out is walked once in a render:
// every expression it passes learns the answer for itself, so a later slice stops where
// an earlier one's walk went (a {{ }} of many failed slices is folded once, not once a
// slice).
bool Renderer::folds(const GetitemExpr& slice) {
  if (compiled_escaping_.volatile_scope) return false;  // only a {{ }}, tried before it ran
  const FoldChain& chain = *slice.fold_chain;
  std::vector<const Expr*> passed;
  bool found = false;
  for (const Expr* node = &slice; node;) {
    auto known = folds_upward_.find(node);
    if (known != folds_upward_.end()) {
      found = known->second;
      break;
    }
    passed.push_back(node);
    const Expr* parent = chain.parents->at(node);
    if (!parent && chain.printed) {
      found = folded_text(*node).has_value();
      break;
    }
    // A tuple, list or dict holds what the walk came through, which did not fold to a
    // literal: neither does the container (spared an evaluation of each of its items).
    const bool holds_walked = node != &slice && (node->kind == ExprKind::Tuple ||
                                                 node->kind == ExprKind::List ||
                                                 node->kind == ExprKind::Dict);
    if (!holds_walked) {
      std::optional<Value> value = fold(*node);
      if (value && has_safe_repr(*value)) {
        found = true;
        break;
      }
    }
    node = parent;
  }
  for (const Expr* node : passed) folds_upward_[node] = found;
  return found;
}

std::optional<std::string> Renderer::folded_text(const Expr& e) {
  if (auto known = folded_texts_.find(&e); known != folded_texts_.end()) return known->second;
  std::optional<std::string> text;
  if (std::optional<Value> value = fold(e)) {
    try {  // unless printing it raises (a strict Undefined)
      if (compiled_escaping_.autoescape) {
        text = markup_escape(*value).as_string();
      } else {
        text.emplace();
        append_str(*text, *value);
      }
    } catch (const TemplateError& error) {
      if (error.kind() == ErrorKind::Limit) throw;
      text.reset();
    }
  }
  folded_texts_[&e] = text;
  return text;
}

}  // namespace wfgen::jinja
