// Jinja2's builtin tests (`x is odd`, `x is defined`, `x is in seq`...), from
// jinja2/tests.py, on Python semantics.
#include <cmath>
#include <string>

#include "jinja/builtins/helpers.h"
#include "jinja/builtins/registry.h"
#include "jinja/error.h"
#include "jinja/python/arith.h"
#include "jinja/python/call_args.h"
#include "jinja/python/ops.h"
#include "jinja/python/unicode_case.h"

namespace wfgen::jinja::builtins {

namespace {

// The single required argument of a test `def test_x(value, param)`.
const Value& one_argument(std::string_view func, std::string_view param, CallArgs& args,
                          Value& storage) {
  ArgBinder bind({func, {"value"}, {param}, 1}, args);
  storage = bind[0];
  return storage;
}

// The second operand of an operator-module test (operator.eq, operator.lt...).
const Value& operand(std::string_view func, CallArgs& args, Value& storage) {
  ArgBinder bind({func, {"a"}, {"b"}, 1, 2, CallStyle::Operator}, args);
  storage = bind[0];
  return storage;
}

// Python's `a % b == target` for numbers (target 0 or 1).
bool mod_equals(const Value& a, const Value& b, int target) {
  if (a.is_undefined()) raise_undefined(a);
  if (b.is_undefined()) raise_undefined(b);
  if (!a.is_number() || !b.is_number()) {
    if (a.is_string()) throw_type_error("not all arguments converted during string formatting");
    throw_type_error("unsupported operand type(s) for %: '" + std::string(type_name(a)) +
                     "' and '" + std::string(type_name(b)) + "'");
  }
  if (!a.is_float() && !b.is_float()) {
    BigInt divisor = b.to_bigint();
    if (divisor.is_zero()) throw_error(ErrorKind::Runtime, "integer modulo by zero");
    if (a.kind() != Kind::BigInt && b.kind() != Kind::BigInt) {
      int64_t x = a.is_bool() ? a.as_bool() : a.as_int();
      int64_t y = b.is_bool() ? b.as_bool() : b.as_int();
      if (y == -1) return target == 0;
      int64_t r = x % y;
      if (r != 0 && ((r < 0) != (y < 0))) r += y;
      return r == target;
    }
    BigInt q, r;
    BigInt::floor_divmod(a.to_bigint(), divisor, q, r);
    return BigInt::compare(r, BigInt(static_cast<int64_t>(target))) == 0;
  }
  double x = a.to_double(), y = b.to_double();
  if (y == 0) throw_error(ErrorKind::Runtime, "float modulo");
  double r = std::fmod(x, y);
  if (r != 0 && ((r < 0) != (y < 0))) r += y;
  return r == target;
}

}  // namespace

bool test_odd(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_odd", {"value"}, {}}, args);
  return mod_equals(input, Value::integer(2), 1);
}

bool test_even(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_even", {"value"}, {}}, args);
  return mod_equals(input, Value::integer(2), 0);
}

bool test_divisibleby(Runtime&, const Value& input, CallArgs& args) {
  Value num;
  one_argument("test_divisibleby", "num", args, num);
  return mod_equals(input, num, 0);
}

bool test_defined(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_defined", {"value"}, {}}, args);
  return !input.is_undefined();
}

bool test_undefined(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_undefined", {"value"}, {}}, args);
  return input.is_undefined();
}

bool test_filter(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_filter", {"env", "value"}, {}}, args);
  if (!input.is_string()) hash_value(input);  // `value in env.filters`: unhashable raises
  return input.is_string() && find_filter(input.as_string()) != nullptr;
}

bool test_test(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_test", {"env", "value"}, {}}, args);
  if (!input.is_string()) hash_value(input);  // `value in env.tests`: unhashable raises
  return input.is_string() && find_test(input.as_string()) != nullptr;
}

bool test_none(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_none", {"value"}, {}}, args);
  return input.is_none();
}

bool test_boolean(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_boolean", {"value"}, {}}, args);
  return input.is_bool();
}

bool test_false(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_false", {"value"}, {}}, args);
  return input.is_bool() && !input.as_bool();
}

bool test_true(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_true", {"value"}, {}}, args);
  return input.is_bool() && input.as_bool();
}

bool test_integer(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_integer", {"value"}, {}}, args);
  return input.is_int();
}

bool test_float(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_float", {"value"}, {}}, args);
  return input.is_float();
}

bool test_lower(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_lower", {"value"}, {}}, args);
  return utf8::str_is_lower(to_str(input));
}

bool test_upper(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_upper", {"value"}, {}}, args);
  return utf8::str_is_upper(to_str(input));
}

bool test_string(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_string", {"value"}, {}}, args);
  return input.is_string();
}

bool test_mapping(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_mapping", {"value"}, {}}, args);
  return input.is_dict();
}

bool test_number(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_number", {"value"}, {}}, args);
  return input.is_number();
}

// len(value) and value.__getitem__ both exist.
bool test_sequence(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_sequence", {"value"}, {}}, args);
  switch (input.kind()) {
    case Kind::String:
    case Kind::List:
    case Kind::Tuple:
    case Kind::Dict:
      return true;
    case Kind::Undefined:
      return !input.is_strict_undefined();
    case Kind::Object:  // len() and [] (range; not dict views or generators)
      return input.obj().has_length() && input.obj().subscriptable();
    default:
      return false;
  }
}

bool test_iterable(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_iterable", {"value"}, {}}, args);
  switch (input.kind()) {
    case Kind::String:
    case Kind::List:
    case Kind::Tuple:
    case Kind::Dict:
      return true;
    case Kind::Undefined:
      if (input.is_strict_undefined()) raise_undefined(input);
      return true;
    case Kind::Object: {
      std::vector<Value> items;
      return input.obj().iterate(items);
    }
    default:
      return false;
  }
}

// Undefined is callable in Jinja2 (calling it raises UndefinedError).
bool test_callable(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"callable", {"obj"}, {}, 0, 1, CallStyle::ExactlyOne}, args);
  if (input.is_undefined()) return true;
  return input.is_object() && input.obj().callable();
}

// Python's `is`: containers by identity; None/True/False are singletons; small
// ints (-5..256) are cached by CPython; equal string constants are interned.
bool test_sameas(Runtime&, const Value& input, CallArgs& args) {
  Value other;
  one_argument("test_sameas", "other", args, other);
  if (input.kind() != other.kind()) return false;
  switch (input.kind()) {
    case Kind::None:
      return true;
    case Kind::Bool:
      return input.as_bool() == other.as_bool();
    case Kind::Int:
      return input.as_int() == other.as_int() && input.as_int() >= -5 && input.as_int() <= 256;
    case Kind::String:
      return input.as_string() == other.as_string();
    case Kind::Float:
    case Kind::Undefined:
      return false;
    default:
      return input.identity() == other.identity();
  }
}

// Only Markup values have __html__.
bool test_escaped(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"test_escaped", {"value"}, {}}, args);
  return input.is_markup();
}

bool test_in(Runtime&, const Value& input, CallArgs& args) {
  Value seq;
  one_argument("test_in", "seq", args, seq);
  return contains(seq, input);
}

bool test_eq(Runtime&, const Value& input, CallArgs& args) {
  Value other;
  operand("eq", args, other);
  return equals(input, other);
}

bool test_ne(Runtime&, const Value& input, CallArgs& args) {
  Value other;
  operand("ne", args, other);
  return !equals(input, other);
}

bool test_gt(Runtime&, const Value& input, CallArgs& args) {
  Value other;
  operand("gt", args, other);
  return compare(input, other, ">") == 1;
}

bool test_ge(Runtime&, const Value& input, CallArgs& args) {
  Value other;
  operand("ge", args, other);
  int c = compare(input, other, ">=");
  return c == 0 || c == 1;
}

bool test_lt(Runtime&, const Value& input, CallArgs& args) {
  Value other;
  operand("lt", args, other);
  return compare(input, other, "<") == -1;
}

bool test_le(Runtime&, const Value& input, CallArgs& args) {
  Value other;
  operand("le", args, other);
  int c = compare(input, other, "<=");
  return c == 0 || c == -1;
}

}  // namespace wfgen::jinja::builtins
