// Expression evaluation of the Renderer.
#include <cmath>
#include <optional>

#include "jinja/builtins/functions.h"
#include "jinja/builtins/registry.h"
#include "jinja/error.h"
#include "jinja/python/arith.h"
#include "jinja/python/markup.h"
#include "jinja/python/methods.h"
#include "jinja/python/ops.h"
#include "jinja/python/unicode.h"
#include "jinja/runtime/environment.h"
#include "jinja/runtime/objects.h"
#include "jinja/runtime/renderer.h"
#include "jinja/runtime/source_trace.h"
#include "jinja/syntax/interned_names.h"
#include "jinja/syntax/template.h"

namespace wfgen::jinja {

// An argument list from the Renderer's pool, cleared (capacity kept) when it goes.
class PooledArgs {
 public:
  explicit PooledArgs(Renderer& r) : r_(r) {
    if (r.args_in_use_ == r.args_pool_.size()) r.args_pool_.push_back(std::make_unique<CallArgs>());
    args_ = r.args_pool_[r.args_in_use_++].get();
  }
  ~PooledArgs() {
    args_->args.clear();
    args_->kwargs.clear();
    --r_.args_in_use_;
  }
  PooledArgs(const PooledArgs&) = delete;
  PooledArgs& operator=(const PooledArgs&) = delete;
  CallArgs& operator*() const { return *args_; }

 private:
  Renderer& r_;
  CallArgs* args_;
};

namespace {

// BinOp's arithmetic operators come first, in ArithOp's order.
constexpr ArithOp arith_op(BinOp op) {
  return static_cast<ArithOp>(op);
}
static_assert(arith_op(BinOp::Add) == ArithOp::Add && arith_op(BinOp::Sub) == ArithOp::Sub &&
              arith_op(BinOp::Mul) == ArithOp::Mul && arith_op(BinOp::Div) == ArithOp::Div &&
              arith_op(BinOp::FloorDiv) == ArithOp::FloorDiv &&
              arith_op(BinOp::Mod) == ArithOp::Mod && arith_op(BinOp::Pow) == ArithOp::Pow);

const uint32_t kSelfSymbol = intern_symbol("self");

// The Undefined that a failed attribute/item lookup yields, worded as Jinja2 does.
std::string missing_attribute(const Value& obj, std::string_view name) {
  return "'" + object_type_repr(obj) + "' has no attribute '" + std::string(name) + "'";
}
std::string missing_element(const Value& obj, const Value& key) {
  return object_type_repr(obj) + " has no element " + to_repr(key);
}

// A non-None slice bound or step as an int64 (_PyEval_SliceIndex: huge ones clamp).
int64_t slice_index(const Value& v) {
  if (!v.is_int() && !v.is_bool()) {
    throw_type_error("slice indices must be integers or None or have an __index__ method");
  }
  if (v.kind() == Kind::BigInt) return v.as_bigint().negative() ? INT64_MIN / 2 : INT64_MAX / 2;
  return v.is_bool() ? v.as_bool() : v.as_int();
}

int64_t slice_step(const Value& v) {
  if (v.is_none()) return 1;
  int64_t step = slice_index(v);
  if (step == 0) throw_error(ErrorKind::Value, "slice step cannot be zero");
  return step;
}

// Python's slice.indices(length) for one bound.
int64_t adjust_index(const Value& v, int64_t length, int64_t step, bool is_start) {
  int64_t lower = step > 0 ? 0 : -1;
  int64_t upper = step > 0 ? length : length - 1;
  if (v.is_none()) {
    if (is_start) return step < 0 ? upper : lower;
    return step < 0 ? lower : upper;
  }
  int64_t i = slice_index(v);
  if (i < 0) {
    i += length;
    if (i < lower) i = lower;
  } else if (i > upper) {
    i = upper;
  }
  return i;
}

}  // namespace

Value Renderer::eval(const Expr& e) {
  if (folding_) [[unlikely]]
    return eval_folding(e);
  try {
    return eval_inner(e);
  } catch (TemplateError& err) {
    if (err.located()) throw;  // by an inner expression: no copy on the way out
    rethrow_located(err, e.pos);
  }
}

Value Renderer::eval_inner(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Const:
      return static_cast<const ConstExpr&>(e).value;
    case ExprKind::Name: {
      const auto& n = static_cast<const NameExpr&>(e);
      return lookup(n.symbol, n.name);
    }
    case ExprKind::Getattr:
      return eval_getattr(static_cast<const GetattrExpr&>(e));
    case ExprKind::Getitem:
      return eval_getitem(static_cast<const GetitemExpr&>(e));
    case ExprKind::Call:
      return eval_call(static_cast<const CallExpr&>(e));
    case ExprKind::Filter:
      return eval_filter(static_cast<const FilterExpr&>(e));
    case ExprKind::Test:
      return Value::boolean(eval_test(static_cast<const TestExpr&>(e)));
    case ExprKind::Unary: {
      const auto& u = static_cast<const UnaryExpr&>(e);
      if (u.op == UnaryOp::Not) return Value::boolean(!eval_truth(*u.operand));
      Value v = eval(*u.operand);
      switch (u.op) {
        case UnaryOp::Not:
          break;
        case UnaryOp::Neg:
          return negate(v);
        case UnaryOp::Pos:
          return unary_plus(v);
      }
      return v;
    }
    case ExprKind::Binary:
      return eval_binary(static_cast<const BinaryExpr&>(e));
    case ExprKind::Compare:
      return eval_compare(static_cast<const CompareExpr&>(e));
    case ExprKind::CondExpr: {
      const auto& c = static_cast<const CondExpr&>(e);
      if (eval_truth(*c.test)) return eval(*c.then);
      if (c.otherwise) return eval(*c.otherwise);
      if (folding_) not_folded("an inline if without else, its test false");
      // Jinja2 uses its plain Undefined here, whatever the environment's flavour.
      std::string where;
      append_string_repr(where, tmpl_->name());
      return Value::undefined("the inline if-expression on line " +
                                  std::to_string(tmpl_->source().loc(c.pos).line) + " in " + where +
                                  " evaluated to false and no else section was defined.",
                              false);
    }
    case ExprKind::Tuple:
    case ExprKind::List: {
      const auto& s = static_cast<const SeqExpr&>(e);
      std::vector<Value> items;
      items.reserve(s.items.size());
      for (const auto& item : s.items) items.push_back(eval(*item));
      return e.kind == ExprKind::Tuple ? Value::tuple(std::move(items))
                                       : Value::list(std::move(items));
    }
    case ExprKind::Dict: {
      // As Python's dict display, every key and value is evaluated before a key's hash
      // fails: the first unhashable key waits until the last value.
      Value d = Value::dict();
      std::optional<Value> unhashable;
      for (const auto& [k, v] : static_cast<const DictExpr&>(e).items) {
        Value key = eval(*k);
        Value value = eval(*v);
        if (unhashable) continue;
        if (key.is_strict_undefined() || key.is_list() || key.is_dict())
          unhashable = std::move(key);
        else
          d.dict_obj().set(std::move(key), std::move(value));
      }
      if (unhashable) {
        if (unhashable->is_strict_undefined()) raise_undefined(*unhashable);  // its __hash__
        throw_type_error("unhashable type: '" + std::string(type_name(*unhashable)) + "'");
      }
      return d;
    }
    case ExprKind::Slice:
      throw_error(ErrorKind::Syntax, "a slice is only valid inside []");
    case ExprKind::NsRef:
      throw_error(ErrorKind::Syntax, "a namespace reference is only valid in set");
  }
  return Value();
}

const Value* Renderer::find_data(uint32_t sym) const {
  auto it = ctx_->data.find(sym);
  return it == ctx_->data.end() ? nullptr : &it->second;
}

// The common lookups (a name, a name's dict entry by attribute or constant key) answer
// in small functions of their own without temporaries (so this dispatch saves no
// registers); everything else goes to eval_borrowed_general.
const Value* Renderer::eval_borrowed(const Expr& e, Value& tmp) {
  switch (e.kind) {
    case ExprKind::Const:
      return &static_cast<const ConstExpr&>(e).value;
    case ExprKind::Name:
      return borrow_name(static_cast<const NameExpr&>(e), tmp);
    case ExprKind::Getattr:
      return borrow_attribute(static_cast<const GetattrExpr&>(e), tmp);
    case ExprKind::Getitem:
      return borrow_item(static_cast<const GetitemExpr&>(e), tmp);
    default:
      return eval_borrowed_general(e, tmp);
  }
}

const Value* Renderer::borrow_name(const NameExpr& e, Value& tmp) {
  const Value* v = find_variable(e.symbol);
  if (v && !is_missing(*v)) return v;
  return eval_borrowed_general(e, tmp);
}

const Value* Renderer::borrow_attribute(const GetattrExpr& g, Value& tmp) {
  if (g.obj->kind == ExprKind::Name && !g.names_dict_method) {
    if (const Value* base = find_variable(static_cast<const NameExpr&>(*g.obj).symbol)) {
      if (base->is_dict()) {
        if (const Value* v = base->dict_obj().find(std::string_view(g.attr), g.lookup_hint))
          return v;
      } else if (base->is_object()) {
        if (const Value* v = base->obj().stored_attribute(g.attr, g.lookup_hint.index)) return v;
      }
    }
  }
  return eval_borrowed_general(g, tmp);
}

const Value* Renderer::borrow_item(const GetitemExpr& g, Value& tmp) {
  if (g.obj->kind == ExprKind::Name && g.arg->kind == ExprKind::Const) {
    const Value& key = static_cast<const ConstExpr&>(*g.arg).value;
    if (key.is_string()) {
      const Value* base = find_variable(static_cast<const NameExpr&>(*g.obj).symbol);
      if (base && base->is_dict()) {
        if (const Value* v =
                base->dict_obj().find(std::string_view(key.as_string()), g.lookup_hint))
          return v;
      }
    }
  }
  return eval_borrowed_general(g, tmp);
}

const Value* Renderer::eval_borrowed_general(const Expr& e, Value& tmp) {
  switch (e.kind) {
    case ExprKind::Getattr: {
      // dict.attr, when attr names no dict method: the entry itself.
      const auto& g = static_cast<const GetattrExpr&>(e);
      Value base_tmp;
      const Value* base = eval_borrowed(*g.obj, base_tmp);
      if (base->is_dict() && !g.names_dict_method) {
        if (const Value* v = base->dict_obj().find(std::string_view(g.attr), g.lookup_hint)) {
          if (base != &base_tmp) return v;
          tmp = *v;  // the dict is a temporary: copy the entry out before it goes
          return &tmp;
        }
      }
      try {
        tmp = getattr(*base, g.attr);
      } catch (TemplateError& err) {
        rethrow_located(err, e.pos);
      }
      return &tmp;
    }
    case ExprKind::Getitem: {
      // dict['key'] with a constant key: the entry itself.
      const auto& g = static_cast<const GetitemExpr&>(e);
      if (g.arg->kind != ExprKind::Const) break;
      const Value& key = static_cast<const ConstExpr&>(*g.arg).value;
      Value base_tmp;
      const Value* base = eval_borrowed(*g.obj, base_tmp);
      if (base->is_dict()) {
        const Value* v = key.is_string() ? base->dict_obj().find(std::string_view(key.as_string()),
                                                                 g.lookup_hint)
                                         : base->dict_obj().find(key);
        if (v) {
          if (base != &base_tmp) return v;
          tmp = *v;
          return &tmp;
        }
      }
      try {
        tmp = getitem(*base, key);
      } catch (TemplateError& err) {
        rethrow_located(err, e.pos);
      }
      return &tmp;
    }
    default:
      break;
  }
  tmp = eval(e);
  return &tmp;
}

Value Renderer::lookup(uint32_t sym, const std::string& name) {
  if (const Value* v = find_variable(sym)) {
    if (is_missing(*v)) return make_undefined("'" + name + "' is undefined");
    return *v;
  }
  if (folding_) not_folded("a name");  // (fold hides every variable, so names end here)
  if (sym == kSelfSymbol) {
    auto* s = new SelfObj;
    s->ctx = ctx_;
    return Value::object(s);
  }
  auto g = global_cache_.find(sym);
  if (g != global_cache_.end()) return g->second;
  if (const BuiltinGlobal* global = find_global(name)) {
    auto* obj = new GlobalFuncObj;
    obj->fn = global->fn;
    obj->name = name;
    Value v = Value::object(obj);
    global_cache_.emplace(sym, v);
    return v;
  }
  return make_undefined("'" + name + "' is undefined");
}

// --- attribute and item access ---------------------------------------------------------

Value Renderer::getattr(const Value& obj, std::string_view name) {
  Value out;
  switch (obj.kind()) {
    case Kind::Undefined:
      raise_undefined(obj);
    case Kind::Object:
      if (obj.obj().getattr(*this, name, out)) return out;
      break;
    case Kind::Dict:
      if (find_method(obj, name, out)) return out;
      if (const Value* v = obj.dict_obj().find(name)) return *v;
      break;
    default:
      if (find_method(obj, name, out)) return obj.is_markup() ? markup_method(std::move(out)) : out;
      break;
  }
  return make_undefined(missing_attribute(obj, name));
}

Value Renderer::character(std::string_view c) {
  // One byte is not always ASCII: an undecodable byte is a character of its own.
  if (c.size() != 1 || static_cast<unsigned char>(c[0]) >= 128) return Value::string(std::string(c));
  if (!ascii_characters_) ascii_characters_ = std::make_unique<std::array<Value, 128>>();
  Value& kept = (*ascii_characters_)[static_cast<unsigned char>(c[0])];
  if (kept.is_undefined()) kept = Value::string(std::string(c));
  return kept;
}

Value Renderer::getitem(const Value& obj, const Value& key) {
  Value out;
  switch (obj.kind()) {
    case Kind::Undefined:
      raise_undefined(obj);
    case Kind::Dict:
      if (key.is_strict_undefined()) raise_undefined(key);  // StrictUndefined.__hash__
      if (const Value* v = obj.dict_obj().find(key)) return *v;
      break;
    case Kind::List:
    case Kind::Tuple:
    case Kind::String:
      if (key.kind() == Kind::Int || key.is_bool()) {
        int64_t i = key.is_bool() ? key.as_bool() : key.as_int();
        if (obj.is_string()) {
          if (std::optional<std::string_view> c = utf8::code_point_at(obj.as_string(), i))
            return character(*c);
        } else {
          const auto& items = obj.items();
          auto n = static_cast<int64_t>(items.size());
          if (i < 0) i += n;
          if (i >= 0 && i < n) return items[static_cast<size_t>(i)];
        }
      }
      break;
    case Kind::Object: {
      if (key.is_string() && obj.obj().getattr(*this, key.as_string(), out)) return out;
      size_t n = 0;
      if ((key.kind() == Kind::Int || key.is_bool()) && obj.obj().subscriptable() &&
          obj.obj().size(n)) {
        int64_t i = key.is_bool() ? key.as_bool() : key.as_int();
        if (i < 0) i += static_cast<int64_t>(n);
        if (i >= 0 && i < static_cast<int64_t>(n)) return obj.obj().item_at(static_cast<size_t>(i));
      }
      break;
    }
    default:
      break;
  }
  if (key.is_string()) {
    if (obj.kind() != Kind::Object && find_method(obj, key.as_string(), out)) return out;
    return make_undefined(missing_attribute(obj, key.as_string()));
  }
  return make_undefined(missing_element(obj, key));
}

Value Renderer::eval_getattr(const GetattrExpr& e) {
  Value tmp;
  return *eval_borrowed(e, tmp);
}

Value Renderer::eval_getitem(const GetitemExpr& e) {
  if (e.arg->kind == ExprKind::Const) {
    Value tmp;
    return *eval_borrowed(e, tmp);
  }
  Value obj = eval(*e.obj);
  if (e.arg->kind != ExprKind::Slice) return getitem(obj, eval(*e.arg));
  const auto& s = static_cast<const SliceExpr&>(*e.arg);
  Value start = s.start ? eval(*s.start) : Value::none();
  Value stop = s.stop ? eval(*s.stop) : Value::none();
  Value step = s.step ? eval(*s.step) : Value::none();
  if (!e.fold_chain) return slice(obj, start, stop, step);
  // Environment.getitem, which folding uses: a TypeError is an Undefined.
  auto undefined = [&] {
    return make_undefined(object_type_repr(obj) + " has no element slice(" + to_repr(start) + ", " +
                          to_repr(stop) + ", " + to_repr(step) + ")");
  };
  if (!obj.is_undefined() && !sliceable(obj)) {  // the TypeError (or Undefined), without a throw
    if (folding_ || folds(e)) return undefined();
    return slice(obj, start, stop, step);
  }
  try {
    return slice(obj, start, stop, step);
  } catch (const TemplateError& error) {
    if (error.kind() != ErrorKind::Type || !(folding_ || folds(e))) throw;
    return undefined();
  }
}

// What Python's obj[a:b] accepts (with the indices' own checks still to come).
bool Renderer::sliceable(const Value& obj) {
  return (obj.is_object() && obj.obj().subscriptable()) || obj.is_sequence() || obj.is_string();
}

Value Renderer::slice(const Value& obj, const Value& start, const Value& stop,
                      const Value& step_v) {
  if (obj.is_undefined()) raise_undefined(obj);
  if (obj.is_object() && obj.obj().subscriptable()) {
    if (obj.obj().type_name() == "range") return slice_range(obj, start, stop, step_v);
    std::vector<Value> items;  // a namedtuple slices as a tuple
    obj.obj().iterate(items);
    return slice_items(Value::tuple(std::move(items)), start, stop, step_v);
  }
  // Jinja2 subscripts slices directly (no getitem fallback): Python's errors apply.
  if (!sliceable(obj)) {
    throw_type_error(obj.is_dict() ? std::string("unhashable type: 'slice'")
                                   : "'" + std::string(type_name(obj)) + "' object is not subscriptable");
  }
  Value result = slice_items(obj, start, stop, step_v);
  return obj.is_markup() ? Value::markup(result.as_string()) : result;
}

// range(a, b, s)[i:j:k] is again a range, as in Python: range(a + i*s, a + j*s, s*k).
Value Renderer::slice_range(const Value& range, const Value& start, const Value& stop,
                            const Value& step_v) {
  Value r_start = getattr(range, "start"), r_step = getattr(range, "step");
  int64_t step = slice_step(step_v);
  size_t n = 0;
  range.obj().size(n);
  int64_t i = adjust_index(start, static_cast<int64_t>(n), step, true);
  int64_t j = adjust_index(stop, static_cast<int64_t>(n), step, false);
  auto at = [&](int64_t k) {
    return binary_op(*this, ArithOp::Add, r_start,
                     binary_op(*this, ArithOp::Mul, Value::integer(k), r_step));
  };
  CallArgs args;
  args.args = {at(i), at(j), binary_op(*this, ArithOp::Mul, r_step, Value::integer(step))};
  return builtins::global_range(*this, args);
}

Value Renderer::slice_items(const Value& obj, const Value& start, const Value& stop,
                            const Value& step_v) {
  int64_t step = slice_step(step_v);
  // A string is indexed by code point: an ASCII one by byte, any other through the offset
  // of each code point (made only for it).
  std::vector<size_t> offs;
  int64_t length;
  const bool ascii = obj.is_string() && utf8::is_ascii(obj.as_string());
  if (ascii) {
    length = static_cast<int64_t>(obj.as_string().size());
  } else if (obj.is_string()) {
    offs = utf8::offsets(obj.as_string());
    length = static_cast<int64_t>(offs.size()) - 1;
  } else {
    length = static_cast<int64_t>(obj.items().size());
  }
  int64_t i = adjust_index(start, length, step, true);
  int64_t end = adjust_index(stop, length, step, false);
  if (obj.is_string()) {
    const std::string& str = obj.as_string();
    auto at = [&](int64_t k) { return ascii ? static_cast<size_t>(k) : offs[static_cast<size_t>(k)]; };
    if (step == 1) return Value::string(i < end ? str.substr(at(i), at(end) - at(i)) : std::string());
    std::string out;
    for (; step > 0 ? i < end : i > end; i += step) out.append(str, at(i), at(i + 1) - at(i));
    return Value::string(std::move(out));
  }
  std::vector<Value> out;
  const auto& items = obj.items();
  for (; step > 0 ? i < end : i > end; i += step) out.push_back(items[static_cast<size_t>(i)]);
  return obj.is_tuple() ? Value::tuple(std::move(out)) : Value::list(std::move(out));
}

// --- calls, filters, tests ----------------------------------------------------------------

void Renderer::eval_args(const CallArgsExpr& a, CallArgs& out) {
  for (const auto& arg : a.args) out.args.push_back(eval(*arg));
  if (a.dyn_args) {
    Value seq = eval(*a.dyn_args);
    try {
      if (!seq.is_undefined() && !seq.is_sequence() && !seq.is_dict() && !seq.is_string() &&
          !seq.is_object()) {
        throw_type_error("Value after * must be an iterable, not " + std::string(type_name(seq)));
      }
      for (auto& v : iterate(seq)) out.args.push_back(std::move(v));
    } catch (TemplateError& err) {
      rethrow_located(err, a.dyn_args->pos);
    }
  }
  for (const auto& [name, arg] : a.kwargs) out.kwargs.emplace_back(name, eval(*arg));
  if (a.dyn_kwargs) {
    Value d = eval(*a.dyn_kwargs);
    try {
      if (!d.is_dict()) {
        throw_type_error("jinja2.runtime.Context.call() argument after ** must be a mapping, not " +
                         std::string(type_name(d)));
      }
      for (const auto& [k, v] : d.dict_obj().entries()) {
        if (!k.is_string()) throw_type_error("keywords must be strings");
        out.kwargs.emplace_back(k.as_string(), v);
      }
    } catch (TemplateError& err) {
      rethrow_located(err, a.dyn_kwargs->pos);
    }
  }
}

Value Renderer::call(const Value& callee, CallArgs& args) {
  if (callee.is_object() && callee.obj().callable()) {
    Value keep = callee;  // the call may drop the last other reference
    return keep.obj().call(*this, args);
  }
  if (callee.is_undefined()) raise_undefined(callee);
  throw_type_error("'" + std::string(type_name(callee)) + "' object is not callable");
}

namespace {
// Where a call is written: the start of its callee (`mapping` of `mapping(x)`, `m` of
// `m.f(x)`), as a reader finds it.
uint32_t call_site(const CallExpr& call) {
  const Expr* e = call.callee.get();
  for (;;) {
    if (e->kind == ExprKind::Getattr)
      e = static_cast<const GetattrExpr*>(e)->obj.get();
    else if (e->kind == ExprKind::Getitem)
      e = static_cast<const GetitemExpr*>(e)->obj.get();
    else if (e->kind == ExprKind::Call)
      e = static_cast<const CallExpr*>(e)->callee.get();
    else
      return e->pos;
  }
}
}  // namespace

Value Renderer::eval_call(const CallExpr& e, const Value* caller, Output* direct) {
  if (folding_) not_folded("a call");
  Value callee_tmp;
  Value callee = *eval_borrowed(*e.callee, callee_tmp);  // held: the call may rebind its name
  PooledArgs pooled(*this);
  CallArgs& args = *pooled;
  eval_args(e.args, args);
  if (caller) args.kwargs.emplace_back("caller", *caller);
  if (!direct) return call(callee, args);
  TraceScope site(trace_, TraceSiteKind::Call, tmpl_, trace_ ? call_site(e) : 0);
  try {
    // A printed macro call renders straight into the output: no buffer, no copy.
    if (const MacroObj* macro = callee.is_object() ? callee.obj().as_macro() : nullptr) {
      call_macro(*macro, args, direct);
    } else {
      const uint64_t captures_before = trace_ ? trace_->captures_ended() : 0;
      Value result = call(callee, args);
      // Printed as any {{ }} value: escaped in {% autoescape true %} (a Markup result, as
      // super() and loop() give there, stays as it is).
      std::string text;
      std::string_view shown = printed_text(result, autoescape_, text);
      if (trace_ && direct == out_)
        append_traced(shown, captures_before);  // super(), loop(): their captured pieces
      else
        direct->append(shown);
    }
  } catch (TemplateError& err) {
    rethrow_located(err, e.pos);
  }
  return Value::none();
}

namespace {
bool has_arguments(const CallArgsExpr& a) {
  return !a.args.empty() || !a.kwargs.empty() || a.dyn_args || a.dyn_kwargs;
}
}  // namespace

Value Renderer::eval_filter(const FilterExpr& e, const Value* body_input) {
  if (folding_ && (!e.input || !e.builtin || e.builtin->pass_context ||
                   compiled_escaping_.volatile_scope))
    not_folded("this filter");
  // Without arguments nothing runs between evaluating the input and the filter, so the
  // input may be borrowed; arguments could change what it refers to (a macro call that
  // sets a namespace attribute), so then it is held.
  Value held;
  const Value* input = &held;
  if (!e.input) {
    if (body_input) input = body_input;
  } else if (e.input->kind == ExprKind::Filter) {
    held = eval_filter(static_cast<const FilterExpr&>(*e.input), body_input);
  } else if (!has_arguments(e.args)) {
    input = eval_borrowed(*e.input, held);
  } else {
    held = eval(*e.input);
  }
  PooledArgs pooled(*this);
  CallArgs& args = *pooled;
  eval_args(e.args, args);
  try {
    if (!e.builtin) throw_error(ErrorKind::Runtime, "No filter named '" + e.name + "' found.");
    return e.builtin->fn(*this, *input, args);
  } catch (TemplateError& err) {
    rethrow_located(err, e.pos);
  }
}

bool Renderer::eval_test(const TestExpr& e) {
  if (folding_ && (!e.builtin || e.builtin->pass_context || compiled_escaping_.volatile_scope))
    not_folded("this test");
  Value held;
  const Value* input = &held;
  if (!has_arguments(e.args)) {
    input = eval_borrowed(*e.input, held);
  } else {
    held = eval(*e.input);
  }
  PooledArgs pooled(*this);
  CallArgs& args = *pooled;
  eval_args(e.args, args);
  try {
    if (!e.builtin) throw_error(ErrorKind::Runtime, "No test named '" + e.name + "' found.");
    return e.builtin->fn(*this, *input, args);
  } catch (TemplateError& err) {
    rethrow_located(err, e.pos);
  }
}

Value Renderer::call_filter(std::string_view name, const Value& input, CallArgs& args) {
  const BuiltinFilter* filter = find_filter(name);
  if (!filter) throw_error(ErrorKind::Runtime, "No filter named '" + std::string(name) + "'.");
  return filter->fn(*this, input, args);
}

bool Renderer::call_test(std::string_view name, const Value& input, CallArgs& args) {
  if (!last_test_ || name != last_test_name_) {
    const BuiltinTest* test = find_test(name);
    if (!test) throw_error(ErrorKind::Runtime, "No test named '" + std::string(name) + "'.");
    last_test_name_ = name;
    last_test_ = test;
  }
  return last_test_->fn(*this, input, args);
}

// --- operators ---------------------------------------------------------------------------

Value Renderer::eval_binary(const BinaryExpr& e) {
  switch (e.op) {
    case BinOp::And: {
      Value left = eval(*e.left);
      return truthy(left) ? eval(*e.right) : left;
    }
    case BinOp::Or: {
      Value left = eval(*e.left);
      return truthy(left) ? left : eval(*e.right);
    }
    case BinOp::Concat: {
      Value left = eval(*e.left);
      Value right = eval(*e.right);
      // Autoescaping joins with markupsafe when either side is Markup; not in a volatile
      // scope, nor where Jinja2 folds the ~ (Concat.as_const joins with str()).
      if (autoescape_ && !compiled_escaping_.volatile_scope &&
          (left.is_markup() || right.is_markup()) &&
          !(folding_ || (e.constant_concat && folds_itself(e)))) {
        return Value::markup(markup_escape(left).as_string() + markup_escape(right).as_string());
      }
      std::string s;
      append_str(s, left);
      append_str(s, right);
      return Value::string(std::move(s));
    }
    default: {
      Value left = eval(*e.left);
      Value right = eval(*e.right);
      return binary_op(*this, arith_op(e.op), left, right);
    }
  }
}

bool Renderer::eval_truth(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Compare: {
      const auto& c = static_cast<const CompareExpr&>(e);
      if (c.rest.size() != 1) break;
      const auto& [op, right_expr] = c.rest[0];
      Value left_tmp, right_tmp;
      // The left operand is borrowed only when nothing is evaluated after it.
      const Value* left;
      if (right_expr->kind == ExprKind::Const) {
        left = eval_borrowed(*c.first, left_tmp);
      } else {
        left_tmp = eval(*c.first);
        left = &left_tmp;
      }
      const Value* right = eval_borrowed(*right_expr, right_tmp);
      if (left->is_string() && right->is_string()) {
        // The common test of data against a literal: plain byte comparisons.
        const std::string& a = left->as_string();
        const std::string& b = right->as_string();
        switch (op) {
          case CmpOp::Eq:
            return a.size() == b.size() && bytes_equal(a.data(), b.data(), a.size());
          case CmpOp::Ne:
            return a.size() != b.size() || !bytes_equal(a.data(), b.data(), a.size());
          case CmpOp::In:
            return b.find(a) != std::string::npos;
          case CmpOp::NotIn:
            return b.find(a) == std::string::npos;
          default:
            break;
        }
      }
      try {
        return compare_once(op, *left, *right);
      } catch (TemplateError& err) {
        rethrow_located(err, e.pos);
      }
    }
    case ExprKind::Test:
      return eval_test(static_cast<const TestExpr&>(e));
    case ExprKind::Unary:
      if (static_cast<const UnaryExpr&>(e).op != UnaryOp::Not) break;
      return !eval_truth(*static_cast<const UnaryExpr&>(e).operand);
    case ExprKind::Binary: {
      const auto& b = static_cast<const BinaryExpr&>(e);
      if (b.op == BinOp::And) return eval_truth(*b.left) && eval_truth(*b.right);
      if (b.op == BinOp::Or) return eval_truth(*b.left) || eval_truth(*b.right);
      break;
    }
    default:
      break;
  }
  Value tmp;
  const Value* v = eval_borrowed(e, tmp);
  try {
    return truthy(*v);
  } catch (TemplateError& err) {
    rethrow_located(err, e.pos);
  }
}

Value Renderer::eval_compare(const CompareExpr& e) {
  if (e.rest.size() == 1 && e.rest[0].second->kind == ExprKind::Const) {
    Value tmp;
    const Value* left = eval_borrowed(*e.first, tmp);
    const Value& right = static_cast<const ConstExpr&>(*e.rest[0].second).value;
    return Value::boolean(compare_once(e.rest[0].first, *left, right));
  }
  Value left = eval(*e.first);
  for (const auto& [op, expr] : e.rest) {
    Value right = eval(*expr);
    if (!compare_once(op, left, right)) return Value::boolean(false);
    left = std::move(right);
  }
  return Value::boolean(true);
}

bool Renderer::compare_once(CmpOp op, const Value& left, const Value& right) {
  switch (op) {
    case CmpOp::Eq:
      return equals(left, right);
    case CmpOp::Ne:
      return !equals(left, right);
    case CmpOp::Lt:
      return compare(left, right, "<") == -1;
    case CmpOp::Le: {
      int c = compare(left, right, "<=");
      return c == -1 || c == 0;
    }
    case CmpOp::Gt:
      return compare(left, right, ">") == 1;
    case CmpOp::Ge: {
      int c = compare(left, right, ">=");
      return c == 1 || c == 0;
    }
    case CmpOp::In:
      return contains(right, left);
    case CmpOp::NotIn:
      return !contains(right, left);
  }
  return false;
}

}  // namespace wfgen::jinja
