#include "jinja/runtime/renderer.h"

#include <algorithm>
#include <optional>
#include <unordered_set>

#include "jinja/error.h"
#include "jinja/python/markup.h"
#include "jinja/python/ops.h"
#include "jinja/runtime/environment.h"
#include "jinja/runtime/macro_memo.h"
#include "jinja/runtime/objects.h"
#include "jinja/runtime/restore.h"
#include "jinja/runtime/source_trace.h"
#include "jinja/syntax/interned_names.h"
#include "jinja/syntax/template.h"

namespace wfgen::jinja {

namespace {

const uint32_t kLoopSymbol = intern_symbol("loop");
const uint32_t kSuperSymbol = intern_symbol("super");
const uint32_t kCallerSymbol = intern_symbol("caller");
const uint32_t kKwargsSymbol = intern_symbol("kwargs");
const uint32_t kVarargsSymbol = intern_symbol("varargs");

}  // namespace

// Redirects the render's output into a spare buffer for as long as it lives.
class CapturedOutput {
 public:
  explicit CapturedOutput(Renderer& r)
      : r_(r), buffer_(r.take_buffer()), saved_(std::exchange(r.out_, buffer_.get())) {
    if (r_.trace_) r_.trace_->begin_capture();
  }
  ~CapturedOutput() {
    if (r_.trace_) r_.trace_->end_capture(buffer_->size());
    r_.out_ = saved_;
    r_.return_buffer(std::move(buffer_));
  }
  CapturedOutput(const CapturedOutput&) = delete;
  CapturedOutput& operator=(const CapturedOutput&) = delete;
  std::string str() const { return buffer_->str(); }

 private:
  Renderer& r_;
  std::unique_ptr<Output> buffer_;
  Output* saved_;
};

Renderer::Renderer(const Environment& env, Output& out, SourceTrace* trace)
    : env_(env), out_(&out), trace_(trace) {
  out.set_limit(env.options().limits.max_output, "max_output");
}

std::unique_ptr<Output> Renderer::take_buffer() {
  if (spare_buffers_.empty()) {
    auto buffer = std::make_unique<Output>();
    buffer->set_limit(env_.options().limits.max_string, "max_string");
    return buffer;
  }
  std::unique_ptr<Output> b = std::move(spare_buffers_.back());
  spare_buffers_.pop_back();
  return b;
}

void Renderer::return_buffer(std::unique_ptr<Output> buffer) {
  buffer->clear();
  spare_buffers_.push_back(std::move(buffer));
}

Renderer::~Renderer() {
  module_cache_.clear();
  global_cache_.clear();
  std::unordered_set<const Frame*> cleared;
  for (const Ref<Frame>& captured : captured_frames_) {
    for (Frame* f = captured.get(); f && cleared.insert(f).second; f = f->parent.get())
      f->vars.clear();
  }
  for (auto& c : contexts_) {
    c->root->vars.clear();
    c->data.clear();
    c->blocks.clear();
  }
}

Value Renderer::make_undefined(std::string message) const {
  return Value::undefined(std::move(message), env_.options().strict_undefined);
}

void Renderer::rethrow_located(TemplateError& e, uint32_t pos) const {
  if (!e.located() && tmpl_) e.locate(tmpl_->source().loc(pos), tmpl_->source().line_text(pos));
  throw e;
}

// Python's recursion limit stops runaway includes and macros in Jinja2; max_recursion
// stops them here, and the stack check whatever nesting inside each call adds.
void Renderer::enter_call(uint32_t pos) {
  size_t limit = env_.options().limits.max_recursion;
  try {
    count_steps();  // a call is a step of max_steps
    if (depth_ < limit && !stack_exhausted()) {
      ++depth_;
      return;
    }
    if (depth_ < limit) raise_stack_exhausted();
    limit_exceeded("maximum recursion depth exceeded while calling a Python object (a recursive "
                   "macro, or an include/import cycle)",
                   "max_recursion", limit);
  } catch (TemplateError& e) {
    if (pos == kCallerLocates) throw;
    rethrow_located(e, pos);
  }
}

// --- entry points -------------------------------------------------------------------

uint32_t expression_result_symbol() {
  static const uint32_t symbol = intern_symbol(" result");
  return symbol;
}

Ref<Context> Renderer::make_root_context(const Value& context) {
  Ref<Context> ctx = make_ref<Context>();
  if (context.is_dict()) {
    for (const auto& [k, v] : context.dict_obj().entries()) {
      if (k.is_string()) ctx->data[intern_symbol(k.as_string())] = v;
    }
  }
  return ctx;
}

void Renderer::render_root(std::shared_ptr<const Template> tmpl, const Value& context) {
  render_template_body(std::move(tmpl), make_root_context(context));
}

Value Renderer::evaluate_root(std::shared_ptr<const Template> tmpl, const Value& context,
                              uint32_t result) {
  return evaluate_in(std::move(tmpl), make_root_context(context), result);
}

Value Renderer::evaluate_in(std::shared_ptr<const Template> tmpl, const Ref<Context>& ctx,
                            uint32_t result) {
  // What folding learnt is by node: another template may be where this one was.
  fold_memo_.clear();
  render_template_body(std::move(tmpl), ctx);
  const Value* v = ctx->root->find_local(result);
  return v ? *v : Value::none();
}

// Renders a template as the root of `ctx`, then the parents it extends.
void Renderer::render_template_body(std::shared_ptr<const Template> tmpl, Ref<Context> ctx) {
  contexts_.push_back(ctx);
  Restore<Ref<Context>> c(ctx_, ctx);
  Restore<Ref<Frame>> f(frame_, ctx->root);
  Restore<std::shared_ptr<const Template>> p(parent_, nullptr);
  Restore<bool> s(suppress_output_, false);
  Restore<bool> a(autoescape_, false);  // every template starts with the default
  Restore<CompiledEscaping> ce(compiled_escaping_, {});
  if (!ctx->tmpl) ctx->tmpl = tmpl;
  std::shared_ptr<const Template> current = std::move(tmpl);
  std::vector<const Template*> chain;  // this template and the parents it extends
  while (current) {
    chain.push_back(current.get());
    for (const auto& [name, block] : current->blocks())
      ctx->blocks[name].push_back({block, current});
    Restore<const Template*> t(tmpl_, current.get());
    parent_ = nullptr;
    suppress_output_ = false;
    ctx->root->bind_missing_if_absent(current->unbound());
    exec_body(current->body());
    current = std::move(parent_);
    if (current) check_extends(chain, *current);
  }
}

// An extends chain that comes back to a template never ends (Jinja2 recurses until
// Python's limit); a long one is refused like deep recursion.
void Renderer::check_extends(const std::vector<const Template*>& chain, const Template& parent) {
  std::string path;
  for (const Template* t : chain) path += t->name() + " -> ";
  path += parent.name();
  // By name: the entry template and the same file loaded by `extends` are two objects.
  for (const Template* t : chain) {
    if (t->name() != parent.name()) continue;
    TemplateError e(ErrorKind::Runtime,
                    chain.size() == 1 ? "template '" + parent.name() + "' extends itself"
                                      : "templates extend each other in a cycle: " + path);
    rethrow_located(e, extends_pos_);
  }
  size_t limit = env_.options().limits.max_recursion;
  if (chain.size() >= limit) {
    TemplateError e(ErrorKind::Limit,
                    limit_message("an extends chain longer than " + std::to_string(limit) +
                                      " templates",
                                  "max_recursion", limit));
    rethrow_located(e, extends_pos_);
  }
}

std::string Renderer::render_to_string(const Body& body, Ref<Frame> frame) {
  CapturedOutput captured(*this);
  // A capture renders its body even after {% extends %} ({% set x %}...{% endset %}).
  Restore<bool> s(suppress_output_, false);
  Restore<Ref<Frame>> f(frame_, std::move(frame));
  exec_body(body);
  return captured.str();
}

// --- statements -----------------------------------------------------------------------

void Renderer::exec_body(const Body& body) {
  for (const auto& s : body) exec(*s);
}

void Renderer::exec(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::Print:
      return exec_print(static_cast<const PrintStmt&>(s));
    case StmtKind::If:
      return exec_if(static_cast<const IfStmt&>(s));
    case StmtKind::For:
      return exec_for(static_cast<const ForStmt&>(s));
    case StmtKind::Set:
      return exec_set(static_cast<const SetStmt&>(s));
    case StmtKind::SetBlock:
      return exec_set_block(static_cast<const SetBlockStmt&>(s));
    case StmtKind::Macro:
      return exec_macro(static_cast<const MacroStmt&>(s));
    case StmtKind::CallBlock:
      return exec_call_block(static_cast<const CallBlockStmt&>(s));
    case StmtKind::FilterBlock:
      return exec_filter_block(static_cast<const FilterBlockStmt&>(s));
    case StmtKind::With:
      return exec_with(static_cast<const WithStmt&>(s));
    case StmtKind::Include:
      return exec_include(static_cast<const IncludeStmt&>(s));
    case StmtKind::Import:
      return exec_import(static_cast<const ImportStmt&>(s));
    case StmtKind::FromImport:
      return exec_from_import(static_cast<const FromImportStmt&>(s));
    case StmtKind::Extends:
      return exec_extends(static_cast<const ExtendsStmt&>(s));
    case StmtKind::Block:
      return exec_block(static_cast<const BlockStmt&>(s));
    case StmtKind::Scope:
      return exec_scope(static_cast<const ScopeStmt&>(s));
  }
}

void Renderer::exec_print(const PrintStmt& s) {
  // After {% extends %} nothing prints; nothing in a run can change that midway.
  if (suppress_output_) return;
  for (const auto& part : s.parts) {
    if (trace_) trace_piece(part);
    try {
      if (part.expr) {
        // Jinja2 prints a constant folded with the escaping it knows when compiling.
        std::optional<std::string> folded =
            compiled_escaping_.volatile_scope ? folded_text(*part.expr) : std::nullopt;
        if (folded) {
          out_->append(*folded);
        } else {
          print_expr(*part.expr);
        }
      } else {
        out_->append(part.text);
      }
    } catch (TemplateError& e) {  // the output's limit, met by this part
      rethrow_located(e, part.expr ? part.expr->pos : s.pos);
    }
  }
}

void Renderer::trace_piece(const PrintStmt::Part& part) {
  if (part.expr)
    trace_->expression(out_->total(), *tmpl_, part.expr->pos, part.text);
  else if (!part.text.empty())
    trace_->text(out_->total(), *tmpl_, part.text);
}

void Renderer::append_traced(std::string_view text, uint64_t captures_before) {
  const size_t at = out_->total();
  out_->append(text);
  trace_->splice(at, text.size(), captures_before);
}

void Renderer::print_expr(const Expr& e) {
  if (e.kind == ExprKind::Call) {
    eval_call(static_cast<const CallExpr&>(e), nullptr, out_);
    return;
  }
  Value tmp;
  const Value& v = *eval_borrowed(e, tmp);
  if (v.is_string() && !autoescape_) {
    out_->append(v.as_string());
    return;
  }
  print_value(v, e.pos);
}

void Renderer::print_value(const Value& v, uint32_t pos) {
  try {
    std::string scratch;
    out_->append(printed_text(v, autoescape_, scratch));
  } catch (TemplateError& err) {
    rethrow_located(err, pos);
  }
}

void Renderer::exec_scope(const ScopeStmt& s) {
  Restore<Ref<Frame>> f(frame_, make_ref<Frame>(frame_));
  frame_->bind_missing(s.unbound);
  const bool escape = eval_truth(*s.autoescape);
  CompiledEscaping compiled = compiled_escaping_;
  if (folds_itself(*s.autoescape))  // Jinja2 sets the value it folds; else the scope is volatile
    compiled.autoescape = escape;
  else
    compiled.volatile_scope = true;
  Restore<bool> a(autoescape_, escape);
  Restore<CompiledEscaping> ce(compiled_escaping_, compiled);
  Restore<bool> ev(ctx_->eval_autoescape, escape);
  exec_body(s.body);
}

Value Renderer::captured_value(std::string text) const {
  // In an autoescaped scope, what a block set or macro captures is safe markup.
  return autoescape_ ? Value::markup(std::move(text)) : Value::string(std::move(text));
}

void Renderer::exec_if(const IfStmt& s) {
  for (const auto& [test, body] : s.branches) {
    if (eval_truth(*test)) return exec_body(body);
  }
  exec_body(s.otherwise);
}

void Renderer::exec_for(const ForStmt& s) {
  Value iterable = eval(*s.iter);
  run_loop(s, iterable, 0, frame_);
}

void Renderer::run_loop(const ForStmt& s, const Value& iterable, size_t depth, Ref<Frame> outer) {
  // `for k, v in d.items()` that does not read `loop`: the dict's pairs are bound as they
  // are, with no tuple made (and unpacked) per item.
  std::vector<std::pair<Value, Value>> pairs;
  const bool as_pairs = !s.uses_loop && s.target->kind == ExprKind::Tuple &&
                        static_cast<const SeqExpr&>(*s.target).items.size() == 2 &&
                        iterable.is_object() && iterable.obj().iterate_pairs(pairs);
  std::vector<Value> items;
  try {
    if (as_pairs)
      count_steps(pairs.size());  // as iterate() counts them
    else
      items = iterate(iterable);  // each iteration a step of max_steps, counted up front
  } catch (TemplateError& e) {
    rethrow_located(e, s.iter->pos);
  }
  const size_t count = as_pairs ? pairs.size() : items.size();
  Ref<Frame> loop_frame = make_ref<Frame>(outer);
  Restore<Ref<Frame>> f(frame_, loop_frame);
  auto run_else = [&] {
    frame_ = make_ref<Frame>(outer);
    frame_->bind_missing(s.else_unbound);
    exec_body(s.otherwise);
  };
  // Binds item `i` to the loop's target.
  auto bind = [&](size_t i) {
    if (!as_pairs) return assign(*s.target, items[i]);
    const auto& names = static_cast<const SeqExpr&>(*s.target).items;
    try {
      count_steps(2);  // as unpacking the pair's tuple would
    } catch (TemplateError& e) {
      rethrow_located(e, s.target->pos);
    }
    assign(*names[0], pairs[i].first);
    assign(*names[1], pairs[i].second);
  };
  // Whether item `i` passes the loop's filter, tested with the item bound and the names
  // around the loop (not the body's).
  auto passes = [&](size_t i) {
    if (!s.filter) return true;
    loop_frame->vars.clear();
    bind(i);
    return eval_truth(*s.filter);
  };
  // Each iteration starts from the enclosing scope: names set in the body do not carry
  // over to the next iteration (Jinja2 re-binds them per iteration). Jinja2 filters the
  // items as the loop takes them (a generator), so a test may read what an earlier body
  // set; a loop that reads `loop` has its items tested first (`loop.last` and `length`
  // would have to take items while a body runs, in that body's template:
  // tests/cases/FAILURES.md).
  if (!s.uses_loop) {
    bool iterated = false;
    for (size_t i = 0; i < count; ++i) {
      if (!passes(i)) continue;
      iterated = true;
      loop_frame->vars.clear();
      loop_frame->bind_missing(s.unbound);
      bind(i);
      exec_body(s.body);
    }
    if (!iterated) run_else();
    return;
  }
  if (s.filter) {
    std::vector<Value> kept;
    for (size_t i = 0; i < count; ++i)
      if (passes(i)) kept.push_back(std::move(items[i]));
    items = std::move(kept);
    loop_frame->vars.clear();
  }
  if (items.empty()) return run_else();
  auto* loop = new LoopObj;
  Value loop_value = Value::object(loop);
  loop->items = std::move(items);
  loop->depth0 = depth;
  loop->node = &s;
  loop->outer = outer;
  loop->ctx = ctx_;
  loop->tmpl = tmpl_;
  loop->autoescape = autoescape_;
  loop->compiled = compiled_escaping_;
  loop->suppress_output = suppress_output_;
  // Held by loop_value and the loop frame's `loop`: more, and the body kept it (`l.append(loop)`).
  auto capture_if_kept = [&] {
    if (loop->refs > 2) capture_frame(outer);
  };
  try {
    for (size_t i = 0; i < loop->items.size(); ++i) {
      loop_frame->vars.clear();
      loop_frame->vars.emplace_back(kLoopSymbol, loop_value);
      loop_frame->bind_missing(s.unbound);
      loop->index0 = i;
      assign(*s.target, loop->items[i]);
      exec_body(s.body);
    }
  } catch (...) {
    capture_if_kept();
    throw;
  }
  capture_if_kept();
}

Value Renderer::render_loop_recursive(LoopObj& loop, const Value& iterable) {
  CapturedOutput captured(*this);
  Restore<Ref<Context>> c(ctx_, loop.ctx);
  Restore<const Template*> t(tmpl_, loop.tmpl);
  Restore<bool> a(autoescape_, body_escapes(loop.autoescape, loop.compiled, loop.ctx));
  Restore<CompiledEscaping> ce(compiled_escaping_, loop.compiled);
  Restore<bool> s(suppress_output_, loop.suppress_output);
  enter_call(loop.node->pos);
  try {
    run_loop(*loop.node, iterable, loop.depth0 + 1, loop.outer);
  } catch (...) {
    leave_call();
    throw;
  }
  leave_call();
  return captured_value(captured.str());  // markup where the body escapes, as Jinja2's
}

void Renderer::define(uint32_t sym, Value value) {
  frame_->set(sym, std::move(value));
  // Top-level names are the template's exports (for {% import %}), except _private ones.
  if (frame_.get() == ctx_->root.get() && symbol_name(sym)[0] != '_') ctx_->export_name(sym);
}

void Renderer::assign(const Expr& target, const Value& value) {
  switch (target.kind) {
    case ExprKind::Name: {
      define(static_cast<const NameExpr&>(target).symbol, value);
      return;
    }
    case ExprKind::Tuple: {
      const auto& names = static_cast<const SeqExpr&>(target).items;
      if ((value.is_tuple() || value.is_list()) && value.items().size() == names.size()) {
        // Read in place (a loop over zip() or dictsort unpacks one per item), counted as
        // unpack() counts what it goes through. The caller holds `value`: no assignment
        // to a name can free it.
        try {
          count_steps(names.size());
        } catch (TemplateError& e) {
          rethrow_located(e, target.pos);
        }
        for (size_t i = 0; i < names.size(); ++i) assign(*names[i], value.items()[i]);
        return;
      }
      std::vector<Value> values;
      try {
        values = unpack(value, names.size());
      } catch (TemplateError& e) {
        rethrow_located(e, target.pos);
      }
      for (size_t i = 0; i < names.size(); ++i) assign(*names[i], values[i]);
      return;
    }
    case ExprKind::NsRef: {
      const auto& ref = static_cast<const NsRefExpr&>(target);
      Value ns = namespace_target(ref);
      ns.obj().setattr(ref.attr, value);
      return;
    }
    default: {
      TemplateError te(ErrorKind::Syntax, "can't assign to this expression");
      rethrow_located(te, target.pos);
    }
  }
}

// The namespace `{% set ns.attr = ... %}` assigns into; Jinja2 checks it before the
// value is evaluated (after a block set's body, before its filter).
Value Renderer::namespace_target(const NsRefExpr& ref) {
  Value ns = lookup(ref.symbol, ref.name);
  if (!ns.is_object() || ns.obj().type_name() != "Namespace") {
    TemplateError te(ErrorKind::Runtime, "cannot assign attribute on non-namespace object");
    rethrow_located(te, ref.pos);
  }
  return ns;
}

void Renderer::exec_set(const SetStmt& s) {
  if (s.target->kind == ExprKind::NsRef) namespace_target(static_cast<const NsRefExpr&>(*s.target));
  assign(*s.target, eval(*s.value));
}

void Renderer::exec_set_block(const SetBlockStmt& s) {
  Ref<Frame> frame = make_ref<Frame>(frame_);
  frame->bind_missing(s.unbound);
  Value body = captured_value(render_to_string(s.body, std::move(frame)));
  if (s.filter) body = eval_filter(*s.filter, &body);
  if (s.target->kind == ExprKind::NsRef) {
    return store_item(static_cast<const NsRefExpr&>(*s.target), std::move(body));
  }
  assign(*s.target, body);
}

// Jinja2 3.1 compiles `{% set ns.attr %}...{% endset %}` to `ns[attr] = ...` without the
// namespace check of the `=` form: a dict takes the key, anything else raises Python's error.
void Renderer::store_item(const NsRefExpr& ref, Value value) {
  Value obj = lookup(ref.symbol, ref.name);
  if (obj.is_object() && obj.obj().type_name() == "Namespace") {
    obj.obj().setattr(ref.attr, std::move(value));
    return;
  }
  if (obj.is_dict()) {
    obj.dict_obj().set(Value::string(ref.attr), std::move(value));
    return;
  }
  TemplateError te(ErrorKind::Type,
                   obj.is_list()
                       ? std::string("list indices must be integers or slices, not str")
                       : "'" + std::string(obj.is_undefined() ? "_MissingType" : type_name(obj)) +
                             "' object does not support item assignment");
  rethrow_located(te, ref.pos);
}

Value Renderer::make_macro(const std::shared_ptr<MacroDef>& def) {
  auto* m = new MacroObj;
  Value v = Value::object(m);
  m->def = def;
  m->tmpl = tmpl_;
  m->closure = frame_;
  m->ctx = ctx_;
  m->autoescape = autoescape_;
  m->compiled = compiled_escaping_;
  capture_frame(frame_);
  return v;
}

void Renderer::capture_frame(const Ref<Frame>& frame) {
  if (captured_frames_.empty() || captured_frames_.back().get() != frame.get())
    captured_frames_.push_back(frame);
}

void Renderer::exec_macro(const MacroStmt& s) {
  define(s.symbol, make_macro(s.def));
}

Value Renderer::call_macro(const MacroObj& macro, CallArgs& args, Output* direct) {
  // A memoizable macro called with all its parameters, none by keyword, prints what it
  // printed for equal arguments; not under a trace (it records each piece's source), nor
  // where escaping is on (what it prints would depend on the caller's setting too).
  const MacroDef& def = *macro.def;
  if (def.memoizable && !trace_ && !autoescape_ && !macro.autoescape && args.kwargs.empty() &&
      args.args.size() == def.params.size()) {
    // Keyed in a buffer kept for it (nearly every call is answered): a key of its own is
    // made only for a call that runs, which may key calls of its own in the buffer.
    memo_key_.clear();
    if (MacroMemo::key_of(args.args, memo_key_)) return call_memoized(macro, args, direct);
  }
  return run_macro(macro, args, direct);
}

Value Renderer::call_memoized(const MacroObj& macro, CallArgs& args, Output* direct) {
  MacroMemo& memo = env_.macro_memo();
  if (const MacroMemo::Kept* kept = memo.find(*macro.def, memo_key_)) {
    // What does not fit the output's limit (a capture's is max_string), or the steps left,
    // is made again, to fail where the body fails.
    const size_t room = direct ? direct->room() : env_.options().limits.max_string;
    if (kept->output.size() > room || kept->steps > detail::steps_left)
      return run_macro(macro, args, direct);
    enter_call(kCallerLocates);  // the nesting limit holds: an error is the call's
    leave_call();
    if (kept->steps > 1) count_steps(kept->steps - 1);  // the run's, its call counted above
    if (!direct) return Value::string(kept->output);
    direct->append(kept->output);
    return Value::none();
  }
  std::string key = memo_key_;
  const uint64_t steps_before = detail::steps_left;
  if (!direct) {
    Value result = run_macro(macro, args, nullptr);
    memo.add(macro.def, std::move(key), result.as_string(), steps_before - detail::steps_left);
    return result;
  }
  const size_t before = direct->total();
  run_macro(macro, args, direct);
  const size_t printed = direct->total() - before;
  if (printed <= direct->size())  // not sent on yet (a streamed output)
    memo.add(macro.def, std::move(key), direct->view().substr(direct->size() - printed),
             steps_before - detail::steps_left);
  return Value::none();
}

Value Renderer::run_macro(const MacroObj& macro, CallArgs& args, Output* direct) {
  // Binds arguments as Jinja2's Macro.__call__ does: positionals first, then keywords
  // for the remaining parameters, then caller/kwargs/varargs when the body reads them.
  const MacroDef& def = *macro.def;
  const size_t nparams = def.params.size();
  std::vector<Value>& positional = args.args;
  const size_t npos = std::min(positional.size(), nparams);
  Ref<Frame> frame = make_ref<Frame>(macro.closure);
  ScopeVars& vars = frame->vars;
  for (size_t i = 0; i < npos; ++i)
    vars.emplace_back(def.params[i].second, std::move(positional[i]));
  bool found_caller = def.caller_param >= 0 && (npos == nparams || def.caller_param >= int(npos));
  // One entry per parameter, in order: the rest are given by keyword or missing until
  // their default is evaluated (a default naming a later parameter finds it missing).
  for (size_t i = npos; i < nparams; ++i) {
    Value v = missing_value();
    if (!args.kwargs.empty()) args.take_kwarg(def.params[i].first, v);
    vars.emplace_back(def.params[i].second, std::move(v));
  }

  if (def.uses_caller && !found_caller) {
    Value caller;
    if (args.kwargs.empty() || !args.take_kwarg("caller", caller))
      caller = make_undefined("No caller defined");
    vars.emplace_back(kCallerSymbol, std::move(caller));
  }
  if (def.uses_kwargs) {
    Value kwargs = Value::dict();
    for (auto& [k, v] : args.kwargs) kwargs.dict_obj().set(Value::string(k), std::move(v));
    vars.emplace_back(kKwargsSymbol, std::move(kwargs));
  } else if (!args.kwargs.empty()) {
    for (const auto& kw : args.kwargs) {
      if (kw.first == "caller") {
        throw_type_error("macro " + def.quoted_name() +
                         " was invoked with two values for the special caller argument. This is "
                         "most likely a bug.");
      }
    }
    throw_type_error("macro " + def.quoted_name() + " takes no keyword argument '" +
                     args.kwargs[0].first + "'");
  }
  if (def.uses_varargs) {
    std::vector<Value> rest;
    for (size_t i = nparams; i < positional.size(); ++i) rest.push_back(std::move(positional[i]));
    vars.emplace_back(kVarargsSymbol, Value::tuple(std::move(rest)));
  } else if (positional.size() > nparams) {
    throw_type_error("macro " + def.quoted_name() + " takes not more than " +
                     std::to_string(nparams) + " argument(s)");
  }
  frame->bind_missing(def.unbound);

  const bool escaped_result = autoescape_;  // the caller's setting decides (Jinja2's Macro)
  std::optional<CapturedOutput> captured;
  if (!direct) captured.emplace(*this);
  Restore<Output*> o(out_, direct ? direct : out_);
  Restore<bool> a(autoescape_, body_escapes(macro.autoescape, macro.compiled, macro.ctx));
  Restore<CompiledEscaping> ce(compiled_escaping_, macro.compiled);
  Restore<Ref<Frame>> f(frame_, std::move(frame));
  Restore<Ref<Context>> c(ctx_, macro.ctx);
  Restore<const Template*> t(tmpl_, macro.tmpl);
  Restore<bool> s(suppress_output_, false);
  enter_call(kCallerLocates);
  try {
    // Defaults are evaluated inside the macro, in order: later ones see earlier params.
    const size_t first_default = nparams - def.defaults.size();
    for (size_t i = npos; i < nparams; ++i) {
      if (!is_missing(frame_->vars[i].second)) continue;  // given by keyword
      frame_->vars[i].second =
          i >= first_default
              ? eval(*def.defaults[i - first_default])
              : make_undefined("parameter '" + def.params[i].first + "' was not provided");
    }
    exec_body(def.body);
  } catch (...) {
    leave_call();
    throw;
  }
  leave_call();
  if (direct) return Value::none();
  return escaped_result ? Value::markup(captured->str()) : Value::string(captured->str());
}

void Renderer::exec_call_block(const CallBlockStmt& s) {
  // Like Jinja2, a call block prints even after {% extends %} (only text, {{ }} output,
  // filter blocks and blocks are held back there).
  Value caller = make_macro(s.caller);
  if (trace_) trace_->statement(out_->total(), *tmpl_, s.pos);
  eval_call(*s.call, &caller, out_);
}

void Renderer::exec_filter_block(const FilterBlockStmt& s) {
  Ref<Frame> frame = make_ref<Frame>(frame_);
  frame->bind_missing(s.unbound);
  Value body = captured_value(render_to_string(s.body, std::move(frame)));
  Value result = eval_filter(*s.filter, &body);
  if (suppress_output_) return;
  // Jinja2 writes the filter's result to the output as it is: joining the output
  // refuses anything that is not a string.
  if (!result.is_string()) {
    TemplateError e(ErrorKind::Type, "sequence item 0: expected str instance, " +
                                         std::string(type_name(result)) + " found");
    rethrow_located(e, s.pos);
  }
  if (trace_) trace_->statement(out_->total(), *tmpl_, s.pos);
  out_->append(result.as_string());
}

void Renderer::exec_with(const WithStmt& s) {
  // Values are evaluated in the outer scope, then bound in the inner one.
  std::vector<Value> values;
  for (const auto& [target, value] : s.assignments) values.push_back(eval(*value));
  Restore<Ref<Frame>> f(frame_, make_ref<Frame>(frame_));
  frame_->bind_missing(s.unbound);
  for (size_t i = 0; i < values.size(); ++i) assign(*s.assignments[i].first, values[i]);
  exec_body(s.body);
}

// --- templates: include, import, extends, blocks -----------------------------------

// Jinja2's get_template for one name (extends), and get_or_select_template for include
// and import: a string is one name, anything else a list of names tried in turn.
std::shared_ptr<const Template> Renderer::load(const Value& name, bool ignore_missing, uint32_t pos,
                                               bool one_name) {
  try {
    if (name.is_undefined()) raise_undefined(name);
    if (name.is_string()) {
      try {
        return env_.get_template(name.as_string());
      } catch (TemplateError& e) {
        if (e.kind() != ErrorKind::NotFound || e.located() || !ignore_missing) throw;
        return nullptr;
      }
    }
    if (one_name) raise_no_attribute(name, "split");
    if (!name.is_sequence() && !name.is_dict() && !name.is_object() && truthy(name))
      throw_type_error("'" + std::string(type_name(name)) + "' object is not iterable");
    std::vector<Value> names = truthy(name) ? iterate(name) : std::vector<Value>{};
    if (names.empty()) {
      if (ignore_missing) return nullptr;
      throw_error(ErrorKind::NotFound, "Tried to select from an empty list of templates.");
    }
    for (const auto& n : names) {
      if (n.is_undefined()) continue;  // select_template skips undefined names
      if (!n.is_string()) raise_no_attribute(n, "split");
      try {
        return env_.get_template(n.as_string());
      } catch (TemplateError& e) {
        if (e.kind() != ErrorKind::NotFound || e.located()) throw;
      }
    }
    if (ignore_missing) return nullptr;
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + to_str(n);
    throw_error(ErrorKind::NotFound, "none of the templates given were found: " + list);
  } catch (TemplateError& e) {
    rethrow_located(e, pos);
  }
}

Ref<Context> Renderer::new_context(bool with_context) {
  Ref<Context> ctx = make_ref<Context>();
  if (!with_context) return ctx;
  // The included template sees the render variables, the top-level names, and the
  // local names of every enclosing scope (innermost wins).
  ctx->data = ctx_->data;
  std::vector<const Frame*> chain;
  for (const Frame* f = frame_.get(); f; f = f->parent.get()) chain.push_back(f);
  // Unassigned (missing) names are not passed on: there, the context's value shows.
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    for (const auto& [sym, v] : (*it)->vars) {
      if (!is_missing(v)) ctx->data[sym] = v;
    }
  }
  return ctx;
}

void Renderer::exec_include(const IncludeStmt& s) {
  // Includes render (and print) even after {% extends %}, before the parent does.
  std::shared_ptr<const Template> tmpl = load(eval(*s.name), s.ignore_missing, s.pos);
  if (!tmpl) return;
  enter_call(s.pos);
  TraceScope site(trace_, TraceSiteKind::Include, tmpl_, s.pos);
  try {
    render_template_body(tmpl, new_context(s.with_context));
  } catch (TemplateError& e) {
    leave_call();
    e.add_chain(tmpl_->source().loc(s.pos));
    throw;
  }
  leave_call();
}

Value Renderer::import_module(const Value& name, bool with_context, uint32_t pos) {
  std::shared_ptr<const Template> tmpl = load(name, false, pos);
  if (!with_context) {
    auto it = module_cache_.find(tmpl.get());
    if (it != module_cache_.end()) return it->second;
  }
  Ref<Context> ctx = new_context(with_context);
  std::string body;
  enter_call(pos);
  try {
    CapturedOutput captured(*this);
    render_template_body(tmpl, ctx);
    body = captured.str();
  } catch (TemplateError& e) {
    leave_call();
    e.add_chain(tmpl_->source().loc(pos));
    throw;
  }
  leave_call();
  auto* m = new ModuleObj;
  Value module = Value::object(m);
  m->name = tmpl->name();
  m->body = std::move(body);
  for (uint32_t sym : ctx->exported) {
    const Value* v = ctx->root->find_local(sym);
    if (v && !is_missing(*v)) m->exports.emplace_back(symbol_name(sym), *v);
  }
  if (!with_context) module_cache_[tmpl.get()] = module;
  return module;
}

void Renderer::exec_import(const ImportStmt& s) {
  Value module = import_module(eval(*s.name), s.with_context, s.pos);
  frame_->set(s.symbol, std::move(module));
}

void Renderer::exec_from_import(const FromImportStmt& s) {
  Value name = eval(*s.name);
  Value module = import_module(name, s.with_context, s.pos);
  for (const auto& item : s.names) {
    Value v;
    if (!module.obj().getattr(*this, item.name, v)) {
      std::string shown;
      append_string_repr(shown, static_cast<const ModuleObj&>(module.obj()).name);
      std::string importer;
      append_string_repr(importer, tmpl_->name());
      v = make_undefined("the template " + shown + " (imported on line " +
                         std::to_string(tmpl_->source().loc(s.pos).line) + " in " + importer +
                         ") does not export the requested name '" + item.name + "'");
    }
    frame_->set(item.symbol, std::move(v));
  }
}

void Renderer::exec_extends(const ExtendsStmt& s) {
  if (parent_) {
    TemplateError e(ErrorKind::Runtime, "extended multiple times");
    rethrow_located(e, s.pos);
  }
  Value name = eval(*s.name);
  // extends takes one name (Jinja2's get_template): a list is no choice of templates.
  if (name.is_list() || name.is_dict()) {
    TemplateError e(ErrorKind::Type, "unhashable type: '" + std::string(type_name(name)) + "'");
    rethrow_located(e, s.pos);
  }
  parent_ = load(name, false, s.pos, true);
  extends_pos_ = s.pos;
  // Everything after {% extends %} renders through the parent's blocks only.
  suppress_output_ = true;
}

void Renderer::exec_block(const BlockStmt& s) {
  if (suppress_output_) return;
  auto it = ctx_->blocks.find(s.name);
  if (it == ctx_->blocks.end()) return;
  // A scoped block sees the enclosing local names; others only the template's.
  Ref<Frame> parent = s.scoped ? frame_ : ctx_->root;
  if (!trace_) return out_->append(render_block_in(ctx_, s.name, 0, parent));
  TraceScope site(trace_, TraceSiteKind::Block, tmpl_, s.pos);
  const uint64_t before = trace_->captures_ended();
  append_traced(render_block_in(ctx_, s.name, 0, parent), before);
}

Value Renderer::render_block(Ref<Context> ctx, const std::string& name, size_t index,
                             Ref<Frame> scope) {
  Ref<Frame> parent = scope ? std::move(scope) : ctx->root;
  return Value::string(render_block_in(ctx, name, index, std::move(parent)));
}

std::string Renderer::render_block_in(Ref<Context> ctx, const std::string& name, size_t index,
                                      Ref<Frame> parent) {
  auto& chain = ctx->blocks[name];
  const BlockRef& ref = chain[index];
  if (ref.block->required) {
    TemplateError e(ErrorKind::Runtime, "Required block '" + name + "' not found");
    rethrow_located(e, ref.block->pos);
  }
  Ref<Frame> frame = make_ref<Frame>(parent);
  frame->opens_context = true;
  frame->bind_missing(ref.block->unbound);
  if (index + 1 < chain.size()) {
    auto* sup = new BlockCallObj;
    Value v = Value::object(sup);
    sup->ctx = ctx;
    sup->name = name;
    sup->index = index + 1;
    sup->scope = parent;  // super() sees what this block sees
    frame->set(kSuperSymbol, v);
  } else {
    frame->set(kSuperSymbol, make_undefined("there is no parent block called '" + name + "'."));
  }
  Restore<Ref<Context>> c(ctx_, ctx);
  Restore<const Template*> t(tmpl_, ref.tmpl.get());
  Restore<bool> s(suppress_output_, false);
  Restore<bool> a(autoescape_, false);  // blocks are compiled with the template's default
  Restore<CompiledEscaping> ce(compiled_escaping_, {});
  enter_call(ref.block->pos);
  std::string text;
  try {
    text = render_to_string(ref.block->body, frame);
  } catch (...) {
    leave_call();
    throw;
  }
  leave_call();
  return text;
}

}  // namespace wfgen::jinja
