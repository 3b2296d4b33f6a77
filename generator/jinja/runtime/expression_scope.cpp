#include "jinja/runtime/expression_scope.h"

#include <new>

#include "jinja/limits.h"
#include "jinja/runtime/renderer.h"
#include "jinja/syntax/interned_names.h"
#include "jinja/value/cycles.h"

namespace wfgen::jinja {

// One renderer for every evaluation: the context it is given lives as long as it does
// (a renderer clears its contexts when it ends, breaking the cycles they may hold).
struct ExpressionScope::State {
  Output out;
  Ref<Context> ctx;
  Renderer renderer;
  State(const Environment& env, const Value& vars)
      : ctx(Renderer::make_root_context(vars)), renderer(env, out) {}
};

ExpressionScope::ExpressionScope(const Environment& env, const Value& vars) : env_(env) {
  LimitsScope limits(env_.options().limits);
  state_ = std::make_unique<State>(env, vars);
}

ExpressionScope::~ExpressionScope() {
  state_.reset();
  // As after every render: the cycles the expressions made are freed once the
  // renderer's frames are gone.
  try {
    collect_cycles();
  } catch (const std::bad_alloc&) {
    // Out of memory while unwinding from it: the cycles stay, the error is reported.
  }
}

Value ExpressionScope::evaluate(const Template& expression) {
  std::shared_ptr<const Template> handle(&expression, [](const Template*) {});
  LimitsScope limits(env_.options().limits);
  return state_->renderer.evaluate_in(std::move(handle), state_->ctx, expression_result_symbol());
}

void ExpressionScope::set(std::string_view name, Value value) {
  state_->ctx->data[intern_symbol(name)] = std::move(value);
}

}  // namespace wfgen::jinja
