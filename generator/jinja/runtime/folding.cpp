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

namespace {

// Folding in progress: the first to start makes the empty scope, the last to stop forgets
// the values (they are only good for the expressions of one statement being folded).
class FoldSession {
 public:
  explicit FoldSession(FoldMemo& memo) : memo_(memo) { ++memo_.sessions; }
  ~FoldSession() {
    // (Its buckets freed too: clear() would sweep every bucket a large fold made, each
    // time; `= {}` is a clear().)
    if (--memo_.sessions == 0 && !memo_.values.empty()) decltype(memo_.values)().swap(memo_.values);
  }
  FoldSession(const FoldSession&) = delete;
  FoldSession& operator=(const FoldSession&) = delete;

 private:
  FoldMemo& memo_;
};

}  // namespace

// Jinja2's as_const: the expression evaluated with no variable in sight. A name, a call,
// a filter or test that reads the context (or any, in a volatile scope, or one without
// input) and an inline if without else whose test is false give up (not_folded),
// wherever evaluation meets them, so what and/or and an inline if do not reach does not
// count, as in as_const.
std::optional<Value> Renderer::fold(const Expr& e) {
  FoldSession session(fold_memo_);
  if (!fold_memo_.frame) {
    fold_memo_.frame = make_ref<Frame>();
    fold_memo_.ctx = make_ref<Context>();
  }
  Restore<bool> folding(folding_, true);
  Restore<Ref<Frame>> frame(frame_, fold_memo_.frame);  // every name then ends in lookup
  Restore<Ref<Context>> ctx(ctx_, fold_memo_.ctx);
  try {
    return eval(e);
  } catch (const TemplateError& error) {  // Impossible
    if (error.kind() == ErrorKind::Limit) throw;
    return std::nullopt;
  }
}

// eval while folding: each expression once (the expressions around a failed slice each
// evaluate what they hold; Jinja2 has folded the inner ones into literals by then).
Value Renderer::eval_folding(const Expr& e) {
  if (auto known = fold_memo_.values.find(&e); known != fold_memo_.values.end()) {
    if (!known->second) not_folded("as before");
    return *known->second;
  }
  try {
    Value v = eval_inner(e);
    fold_memo_.values.emplace(&e, v);
    return v;
  } catch (const TemplateError& error) {
    if (error.kind() != ErrorKind::Limit) fold_memo_.values.emplace(&e, std::nullopt);
    throw;
  }
}

bool Renderer::folds_itself(const Expr& e) {
  if (auto known = fold_memo_.folds.find(&e); known != fold_memo_.folds.end())
    return known->second;
  const bool folded = fold(e).has_value();
  fold_memo_.folds[&e] = folded;
  return folded;
}

// Whether an expression around `slice` folds. The way out is walked once in a render:
// every expression it passes learns the answer for itself, so a later slice stops where
// an earlier one's walk went (a {{ }} of many failed slices is folded once, not once a
// slice).
bool Renderer::folds(const GetitemExpr& slice) {
  if (compiled_escaping_.volatile_scope) return false;  // only a {{ }}, tried before it ran
  FoldSession session(fold_memo_);  // the values found folding one expression serve the next
  const FoldChain& chain = *slice.fold_chain;
  std::vector<const Expr*> passed;
  bool found = false;
  for (const Expr* node = &slice; node;) {
    auto known = fold_memo_.upward.find(node);
    if (known != fold_memo_.upward.end()) {
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
    // literal: neither does the container.
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
  for (const Expr* node : passed) fold_memo_.upward[node] = found;
  return found;
}

std::optional<std::string> Renderer::folded_text(const Expr& e) {
  constexpr size_t kKeptText = size_t{64} << 10;  // larger texts are folded again when needed
  auto known = fold_memo_.texts.find(&e);
  if (known != fold_memo_.texts.end() && (!known->second.folds || known->second.kept)) {
    if (!known->second.folds) return std::nullopt;
    return known->second.text;
  }
  std::optional<std::string> text;
  if (std::optional<Value> value = fold(e)) {
    try {  // unless printing it raises (a strict Undefined)
      std::string scratch;
      text.emplace(printed_text(*value, compiled_escaping_.autoescape, scratch));
    } catch (const TemplateError& error) {
      if (error.kind() == ErrorKind::Limit) throw;
      text.reset();
    }
  }
  FoldMemo::Text& memo = fold_memo_.texts[&e];
  memo.folds = text.has_value();
  memo.kept = text && text->size() <= kKeptText;
  if (memo.kept) memo.text = *text;
  return text;
}

}  // namespace wfgen::jinja
