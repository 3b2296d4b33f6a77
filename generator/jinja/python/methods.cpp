// Python methods on data values (find_method) and their argument binding.
// str methods live in str_methods.cpp; list/tuple/dict/int/float ones in
// container_methods.cpp.
#include <string>
#include <utility>

#include "jinja/error.h"
#include "jinja/python/index.h"
#include "jinja/python/method_binding.h"
#include "jinja/python/methods.h"
#include "jinja/python/ops.h"
#include "jinja/python/runtime.h"

namespace wfgen::jinja {

namespace {

// A method bound to its receiver, as Python's `'a,b'.split` evaluates to.
class BoundMethod : public ObjectBase {
 public:
  BoundMethod(Value self, std::string_view name, methods::MethodFn fn)
      : self_(std::move(self)), name_(name), fn_(fn) {}

  std::string_view type_name() const override { return "builtin_function_or_method"; }
  bool callable() const override { return true; }
  Value call(Runtime& rt, CallArgs& args) override { return fn_(rt, self_, args); }
  void held_values(const std::function<void(Value&)>& fn) override { fn(self_); }
  // Python adds " at 0x..."; the address is left out to keep output deterministic.
  void repr(std::string& out) const override {
    out += "<built-in method ";
    out += name_;
    out += " of ";
    // Static and class methods (str.maketrans, dict.fromkeys, float.fromhex) are
    // bound to the type.
    bool of_type = name_ == "maketrans" || name_ == "fromkeys" || name_ == "fromhex";
    out += of_type ? "type" : jinja::type_name(self_);
    out += " object>";
  }

 private:
  Value self_;
  std::string name_;
  methods::MethodFn fn_;
};

std::string plural(size_t n, std::string_view word) {
  std::string s = std::to_string(n) + " " + std::string(word);
  if (n != 1) s += 's';
  return s;
}

}  // namespace

bool find_method(const Value& self, std::string_view name, Value& out) {
  methods::MethodFn fn = nullptr;
  switch (self.kind()) {
    case Kind::String:
      fn = methods::find_str_method(name);
      break;
    case Kind::List:
      fn = methods::find_list_method(name);
      break;
    case Kind::Tuple:
      fn = methods::find_tuple_method(name);
      break;
    case Kind::Dict:
      fn = methods::find_dict_method(name);
      break;
    case Kind::Bool:
    case Kind::Int:
    case Kind::BigInt:
      if (methods::find_number_attribute(self, name, out)) return true;
      fn = methods::find_int_method(name);
      break;
    case Kind::Float:
      if (methods::find_number_attribute(self, name, out)) return true;
      fn = methods::find_float_method(name);
      break;
    default:
      break;
  }
  if (!fn) return false;
  out = Value::object(new BoundMethod(self, name, fn));
  return true;
}

namespace methods {

Bound bind(const MethodSignature& sig, CallArgs& args) {
  // The names messages use, made only for a message.
  auto name = [&] { return std::string(sig.name); };
  auto qual = [&] { return std::string(sig.type) + "." + name(); };
  if (!args.kwargs.empty() && sig.keywords.size() == 0) {
    throw_type_error((sig.arity == Arity::Takes ? name() : qual()) +
                     "() takes no keyword arguments");
  }
  size_t n = args.args.size() + args.kwargs.size();
  switch (sig.arity) {
    case Arity::None:
      if (n != 0)
        throw_type_error(qual() + "() takes no arguments (" + std::to_string(n) + " given)");
      break;
    case Arity::One:
      if (n != 1) {
        throw_type_error(qual() + "() takes exactly one argument (" + std::to_string(n) +
                         " given)");
      }
      break;
    case Arity::Expected:
      if (n < sig.min || n > sig.max) {
        std::string bound = sig.min == sig.max ? "" : n < sig.min ? "at least " : "at most ";
        throw_type_error(name() + " expected " + bound +
                         plural(n < sig.min ? sig.min : sig.max, "argument") + ", got " +
                         std::to_string(n));
      }
      break;
    case Arity::Takes:
      if (n < sig.min || n > sig.max) {
        std::string bound = n < sig.min ? "at least " : "at most ";
        // Argument Clinic says "keyword argument" when only keywords were passed.
        bool keywords_only = n > sig.max && args.args.empty() && sig.keywords.size() != 0;
        throw_type_error(name() + "() takes " + bound +
                         plural(n < sig.min ? sig.min : sig.max,
                                keywords_only ? "keyword argument" : "argument") +
                         " (" + std::to_string(n) + " given)");
      }
      break;
  }
  Bound b;
  b.values.resize(sig.max);
  b.given.assign(sig.max, false);
  for (size_t i = 0; i < args.args.size(); ++i) {
    b.values[i] = std::move(args.args[i]);
    b.given[i] = true;
  }
  for (auto& [key, value] : args.kwargs) {
    size_t slot = 0;
    for (std::string_view k : sig.keywords) {
      if (k == key) break;
      ++slot;
    }
    if (slot == sig.keywords.size()) {
      throw_type_error("'" + key + "' is an invalid keyword argument for " + name() + "()");
    }
    if (b.given[slot]) {
      throw_type_error("argument for " + name() + "() given by name ('" + key +
                       "') and position (" + std::to_string(slot + 1) + ")");
    }
    b.values[slot] = std::move(value);
    b.given[slot] = true;
  }
  return b;
}

int64_t slice_bound(const Bound& b, size_t i, int64_t fallback, bool allow_none) {
  if (!b.has(i)) return fallback;
  const Value& v = b[i];
  if (v.is_none() && allow_none) return fallback;
  if (v.kind() == Kind::Int || v.kind() == Kind::Bool) return v.as_int();
  // Python clamps huge slice bounds; half the range keeps later `+ len` safe.
  if (v.kind() == Kind::BigInt) return v.as_bigint().negative() ? INT64_MIN / 2 : INT64_MAX / 2;
  throw_type_error(allow_none ? "slice indices must be integers or None or have an __index__ method"
                              : "slice indices must be integers or have an __index__ method");
}

void value_error(std::string message) {
  throw_error(ErrorKind::Value, std::move(message));
}
void index_error(std::string message) {
  throw_error(ErrorKind::Runtime, std::move(message));
}
void key_error(const Value& key) {
  throw_error(ErrorKind::Runtime, to_repr(key));
}

}  // namespace methods
}  // namespace wfgen::jinja
