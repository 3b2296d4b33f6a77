// Renderer: evaluates a parsed Template against a context, writing into one output
// buffer. It implements Jinja2's runtime semantics: scoping, loops, macros, calls,
// includes, imports and template inheritance. Statements live in render_statements.cpp,
// expressions in render_expressions.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "jinja/error.h"
#include "jinja/limits.h"
#include "jinja/python/runtime.h"
#include "jinja/runtime/frame.h"
#include "jinja/runtime/objects.h"
#include "jinja/runtime/output.h"
#include "jinja/syntax/nodes.h"

namespace wfgen::jinja {

struct BuiltinTest;

class Environment;
class SourceTrace;
class Template;
struct MacroObj;
struct LoopObj;

// Where an expression template (Environment::compile_expression) leaves its value: a
// name no template can spell.
uint32_t expression_result_symbol();

// What folding found in this render (folding.cpp), by node, so that each expression is
// folded once however often it runs.
struct FoldMemo {
  std::unordered_map<const Expr*, bool> folds;   // folds to a value
  std::unordered_map<const Expr*, bool> upward;  // it or one further out folds to a literal
  struct Text {
    bool folds = false;
    bool kept = false;  // the text is here (not when large: folded again when printed)
    std::string text;
  };
  std::unordered_map<const Expr*, Text> texts;  // a {{ }} in a volatile scope
  // While folding: each expression's value (nothing: it does not fold), so that folding
  // the expressions around one evaluates each once. Emptied when folding stops.
  std::unordered_map<const Expr*, std::optional<Value>> values;
  int sessions = 0;
  Ref<Frame> frame;  // the empty scope folding evaluates in
  Ref<Context> ctx;
  void clear() {  // (an empty map's clear() still sweeps the buckets it once had)
    if (!folds.empty()) folds.clear();
    if (!upward.empty()) upward.clear();
    if (!texts.empty()) texts.clear();
  }
};

class Renderer : public Runtime {
 public:
  // With `trace`, every piece of output is recorded there (source_trace.h).
  Renderer(const Environment& env, Output& out, SourceTrace* trace = nullptr);
  ~Renderer() override;
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

  // Renders `tmpl` as the entry template with `context` (a dict) as its variables.
  void render_root(std::shared_ptr<const Template> tmpl, const Value& context);
  // Renders an expression template (Environment::compile_expression) and returns the
  // value it assigned to `result`.
  Value evaluate_root(std::shared_ptr<const Template> tmpl, const Value& context, uint32_t result);
  // The same in a context made by make_root_context, which several evaluations share
  // (expression_scope.h); it lives as long as this Renderer.
  Value evaluate_in(std::shared_ptr<const Template> tmpl, const Ref<Context>& ctx, uint32_t result);
  static Ref<Context> make_root_context(const Value& context);

  // --- Runtime ------------------------------------------------------------------
  Value make_undefined(std::string message) const override;
  // While folding, the compiler's view; else the context's {% autoescape %}.
  bool eval_autoescape() const override {
    return folding_ ? compiled_escaping_.autoescape : ctx_ && ctx_->eval_autoescape;
  }
  Value getattr(const Value& obj, std::string_view name) override;
  Value getitem(const Value& obj, const Value& key) override;
  // A one-character string (a code point's bytes) as getitem returns it.
  Value character(std::string_view c);
  Value call(const Value& callee, CallArgs& args) override;
  Value call_filter(std::string_view name, const Value& input, CallArgs& args) override;
  bool call_test(std::string_view name, const Value& input, CallArgs& args) override;

  // --- used by runtime objects ------------------------------------------------------
  // Calls a macro; its output is returned as a string, or, with `direct`, appended to
  // `*direct` (saves a buffer and a copy when the call is printed right away).
  Value call_macro(const MacroObj& macro, CallArgs& args, Output* direct = nullptr);
  Value render_loop_recursive(LoopObj& loop, const Value& iterable);
  // Renders block `name` at `index` of its chain; `scope` is what a scoped block sees
  // (null: the template's top-level names).
  Value render_block(Ref<Context> ctx, const std::string& name, size_t index, Ref<Frame> scope);

 private:
  // call_macro's two ways: through the memo (macro_memo.h), and running the body.
  // A call of a memoizable macro keyed in memo_key_.
  Value call_memoized(const MacroObj& macro, CallArgs& args, Output* direct);
  Value run_macro(const MacroObj& macro, CallArgs& args, Output* direct);

  friend struct EvalScope;

  // statements (render_statements.cpp)
  void exec_body(const Body& body);
  void exec(const Stmt& s);
  void exec_print(const PrintStmt& s);
  void trace_piece(const PrintStmt::Part& part);  // records the part about to be written
  // Writes `text`, a captured output (a block, a super() call): with the trace's pieces of
  // that capture when it ended since `captures_before`. Only when tracing.
  void append_traced(std::string_view text, uint64_t captures_before);
  void print_expr(const Expr& e);                  // {{ e }}: str(e) to the output
  void print_value(const Value& v, uint32_t pos);  // str(v) (escaped when autoescaping)
  Value captured_value(std::string text) const;
  // Whether a body written elsewhere (a macro's, a recursive loop's) escapes when it runs:
  // as it was compiled where written (`written`), or, in a volatile {% autoescape %}, as
  // its context says at run time (as Jinja2 decides there).
  static bool body_escapes(bool written, const CompiledEscaping& compiled,
                           const Ref<Context>& ctx) {
    return compiled.volatile_scope && ctx ? ctx->eval_autoescape : written;
  }
  void exec_if(const IfStmt& s);
  void exec_for(const ForStmt& s);
  void run_loop(const ForStmt& s, const Value& iterable, size_t depth, Ref<Frame> outer);
  void exec_set(const SetStmt& s);
  void exec_set_block(const SetBlockStmt& s);
  void exec_macro(const MacroStmt& s);
  Value make_macro(const std::shared_ptr<MacroDef>& def);  // bound to the current scope
  void exec_call_block(const CallBlockStmt& s);
  void exec_filter_block(const FilterBlockStmt& s);
  void exec_scope(const ScopeStmt& s);
  void exec_with(const WithStmt& s);
  void exec_include(const IncludeStmt& s);
  void exec_import(const ImportStmt& s);
  void exec_from_import(const FromImportStmt& s);
  void exec_extends(const ExtendsStmt& s);
  void exec_block(const BlockStmt& s);

  void render_template_body(std::shared_ptr<const Template> tmpl, Ref<Context> ctx);
  void check_extends(const std::vector<const Template*>& chain, const Template& parent);
  std::string render_block_in(Ref<Context> ctx, const std::string& name, size_t index,
                              Ref<Frame> parent);
  std::string render_to_string(const Body& body, Ref<Frame> frame);
  Ref<Context> new_context(bool with_context);
  Value import_module(const Value& name, bool with_context, uint32_t pos);
  std::shared_ptr<const Template> load(const Value& name, bool ignore_missing, uint32_t pos,
                                       bool one_name = false);

  void assign(const Expr& target, const Value& value);
  Value namespace_target(const NsRefExpr& ref);
  void store_item(const NsRefExpr& ref, Value value);
  void define(uint32_t sym, Value value);  // assigns in the current frame (exports at top level)

  // expressions (render_expressions.cpp)
  Value eval(const Expr& e);
  // Like eval, but may return a pointer to the existing value (a variable, a constant,
  // a dict entry) instead of a copy; otherwise evaluates into `tmp`. The pointer is
  // valid until the next evaluation, so callers use it at once.
  const Value* eval_borrowed(const Expr& e, Value& tmp);
  [[gnu::noinline]] const Value* borrow_name(const NameExpr& e, Value& tmp);
  [[gnu::noinline]] const Value* borrow_attribute(const GetattrExpr& e, Value& tmp);
  [[gnu::noinline]] const Value* borrow_item(const GetitemExpr& e, Value& tmp);
  const Value* eval_borrowed_general(const Expr& e, Value& tmp);
  // The innermost binding of `sym`: local frames first, then the render's variables.
  // May return missing_value() (see frame.h).
  const Value* find_variable(uint32_t sym) const {
    bool beyond_block = false;
    for (const Frame* f = frame_.get(); f; f = f->parent.get()) {
      if (const Value* v = f->find_local(sym)) {
        if (!beyond_block || !is_missing(*v)) return v;
      }
      beyond_block |= f->opens_context;
    }
    return find_data(sym);
  }
  const Value* find_data(uint32_t sym) const;
  Value eval_inner(const Expr& e);
  Value lookup(uint32_t sym, const std::string& name);
  Value eval_getattr(const GetattrExpr& e);
  Value eval_getitem(const GetitemExpr& e);
  // Jinja2's compile-time folding (folding.cpp): what `e` folds to, or nothing where
  // Jinja2 gives up; and whether a failed constant slice is an Undefined because an
  // expression of its chain folds.
  std::optional<Value> fold(const Expr& e);
  bool folds_itself(const Expr& e);  // fold(e) has a value, found once a render
  bool folds(const GetitemExpr& slice);
  // The text a {{ }} folds to at compile time, or nothing.
  std::optional<std::string> folded_text(const Expr& e);
  Value eval_folding(const Expr& e);
  // Where folding meets what Jinja2 cannot fold (its Impossible).
  [[noreturn]] static void not_folded(const char* what);
  // With `direct`, the call's result is printed into *direct (macros render straight
  // into it) and none is returned.
  Value eval_call(const CallExpr& e, const Value* caller = nullptr, Output* direct = nullptr);
  Value eval_filter(const FilterExpr& e, const Value* body_input = nullptr);
  bool eval_test(const TestExpr& e);
  // The truth value of `e` (if tests, not/and/or operands): comparisons and tests
  // answer without making a Value.
  bool eval_truth(const Expr& e);
  Value eval_compare(const CompareExpr& e);
  bool compare_once(CmpOp op, const Value& left, const Value& right);
  Value eval_binary(const BinaryExpr& e);
  void eval_args(const CallArgsExpr& a, CallArgs& out);
  Value slice(const Value& obj, const Value& start, const Value& stop, const Value& step);
  static bool sliceable(const Value& obj);
  Value slice_items(const Value& obj, const Value& start, const Value& stop, const Value& step);
  Value slice_range(const Value& range, const Value& start, const Value& stop, const Value& step);

  // Locates an error raised while evaluating `pos` in the current template.
  [[noreturn]] void rethrow_located(TemplateError& e, uint32_t pos) const;
  // One more nested call (macro, include, block, recursive loop) within max_recursion and
  // the stack; an error over it is located at `pos`, or, with kCallerLocates (a macro's
  // body, entered from wherever it was called), where the call expression catches it.
  static constexpr uint32_t kCallerLocates = UINT32_MAX;
  void enter_call(uint32_t pos);
  void leave_call() { --depth_; }

  // Buffers for output captured into values (macro results, set and filter blocks),
  // reused for the whole render: capturing allocates once per nesting level.
  std::unique_ptr<Output> take_buffer();
  void return_buffer(std::unique_ptr<Output> buffer);
  friend class CapturedOutput;
  // Argument lists of calls, filters and tests, likewise reused (one per nesting depth):
  // evaluating arguments allocates nothing once the render is warm.
  friend class PooledArgs;
  std::vector<std::unique_ptr<CallArgs>> args_pool_;
  size_t args_in_use_ = 0;

  const Environment& env_;
  StepBudget steps_;  // max_steps, for this render (and those inside it)
  Output* out_;
  SourceTrace* trace_ = nullptr;  // null unless the caller asked where the output came from
  std::vector<std::unique_ptr<Output>> spare_buffers_;
  Ref<Frame> frame_;
  Ref<Context> ctx_;
  const Template* tmpl_ = nullptr;          // the template whose nodes are executing
  bool suppress_output_ = false;            // after {% extends %}: the parent renders instead
  bool autoescape_ = false;                 // in {% autoescape true %}: {{ }} output is escaped
  CompiledEscaping compiled_escaping_;  // see objects.h
  bool folding_ = false;               // evaluating as Jinja2's compiler would (see fold)
  FoldMemo fold_memo_;  // see folding.cpp
  std::string memo_key_;  // the arguments of the macro call being looked up (call_macro)
  std::shared_ptr<const Template> parent_;  // pending parent of the current root render
  uint32_t extends_pos_ = 0;                // where the current template extends parent_
  size_t depth_ = 0;                        // nested includes/macro calls (recursion guard)
  std::map<const Template*, Value> module_cache_;
  // Macros capture the frame they are defined in, and a loop object kept beyond its loop
  // (`l.append(loop)`) the frame around the loop; such a frame, or one around it, may hold
  // them in turn, in a cycle the collector (value/cycles.h) cannot see into. These frames,
  // the frames around them, and the contexts are cleared when the render ends.
  std::vector<Ref<Frame>> captured_frames_;
  void capture_frame(const Ref<Frame>& frame);
  std::vector<Ref<Context>> contexts_;
  std::unordered_map<uint32_t, Value> global_cache_;
  // One-character strings (s[0], s[-1]) made once per render for each ASCII character:
  // strings are immutable, so every `'abc'[0]` may be the same 'a' (as CPython's are).
  // Made on first use: most renders (a path pattern, an expression) index no string.
  std::unique_ptr<std::array<Value, 128>> ascii_characters_;
  // The test call_test found last, by its name: select and selectattr call one test for
  // every item of a list.
  std::string last_test_name_;
  const BuiltinTest* last_test_ = nullptr;
};

}  // namespace wfgen::jinja
