#include "jinja/python/arith.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "jinja/error.h"
#include "jinja/limits.h"
#include "jinja/python/format.h"
#include "jinja/python/int_digits.h"
#include "jinja/python/markup.h"
#include "jinja/python/ops.h"

namespace wfgen::jinja {

namespace {

bool is_intlike(const Value& v) {
  return v.is_int() || v.is_bool();
}
bool is_numeric(const Value& v) {
  return is_intlike(v) || v.is_float();
}
bool small_int(const Value& v) {
  return v.kind() == Kind::Int || v.kind() == Kind::Bool;
}
int64_t small_value(const Value& v) {
  return v.is_bool() ? v.as_bool() : v.as_int();
}

const char* op_symbol(ArithOp op) {
  switch (op) {
    case ArithOp::Add:
      return "+";
    case ArithOp::Sub:
      return "-";
    case ArithOp::Mul:
      return "*";
    case ArithOp::Div:
      return "/";
    case ArithOp::FloorDiv:
      return "//";
    case ArithOp::Mod:
      return "%";
    case ArithOp::Pow:
      return "** or pow()";
    default:
      return "?";
  }
}

[[noreturn]] void unsupported(ArithOp op, const Value& a, const Value& b) {
  throw_type_error(std::string("unsupported operand type(s) for ") + op_symbol(op) + ": '" +
                   std::string(type_name(a)) + "' and '" + std::string(type_name(b)) + "'");
}

[[noreturn]] void zero_division(const char* message) {
  throw_error(ErrorKind::Runtime, message);
}

// float(v) for an int operand of a float operation: Python raises OverflowError
// rather than using inf.
double float_operand(const Value& v) {
  double d = v.to_double();
  if (v.kind() == Kind::BigInt && std::isinf(d)) {
    throw_error(ErrorKind::Runtime, "int too large to convert to float");
  }
  return d;
}

Value int_result(BigInt b) {
  return Value::integer(std::move(b));
}

uint64_t bits_of(const BigInt& b) {
  return static_cast<uint64_t>(b.bit_length());
}

Value repeat(const Value& seq, const Value& count) {
  if (count.kind() == Kind::BigInt) {  // the count must fit a Py_ssize_t, either sign
    throw_error(ErrorKind::Runtime, "cannot fit 'int' into an index-sized integer");
  }
  int64_t n = small_value(count);
  // Nothing repeated any number of times is nothing, at once (as CPython): `'' * 2**46`
  // must not loop 2**46 times (render_fuzz found the hang).
  const bool empty = seq.is_string() ? seq.as_string().empty() : seq.items().empty();
  if (n <= 0 || empty) {
    if (seq.is_string()) return Value::string(std::string());
    return seq.is_tuple() ? Value::tuple() : Value::list();
  }
  if (seq.is_string()) {
    const std::string& s = seq.as_string();
    check_string_size(static_cast<uint64_t>(n), s.size(), 0, "the repeated string");
    std::string out;
    out.reserve(s.size() * static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) out += s;
    return Value::string(std::move(out));
  }
  const auto& items = seq.items();
  if (!items.empty() && static_cast<uint64_t>(n) > active_limits().max_items / items.size())
    limit_exceeded("the repeated " + std::string(type_name(seq)) + " would have " +
                       std::to_string(n) + " x " + std::to_string(items.size()) + " items",
                   "max_items", active_limits().max_items);
  std::vector<Value> out;
  out.reserve(items.size() * static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) out.insert(out.end(), items.begin(), items.end());
  return seq.is_tuple() ? Value::tuple(std::move(out)) : Value::list(std::move(out));
}

// CPython's float floor division and modulo (Objects/floatobject.c, float_divmod).
void float_divmod(double vx, double wx, double& floordiv, double& mod) {
  mod = std::fmod(vx, wx);
  double div = (vx - mod) / wx;
  if (mod != 0.0) {
    if ((wx < 0) != (mod < 0)) {
      mod += wx;
      div -= 1.0;
    }
  } else {
    mod = std::copysign(0.0, wx);
  }
  if (div != 0.0) {
    floordiv = std::floor(div);
    if (div - floordiv > 0.5) floordiv += 1.0;
  } else {
    floordiv = std::copysign(0.0, vx / wx);
  }
}

Value int_pow(const Value& a, const Value& b) {
  if (b.to_bigint().negative()) {
    double base = float_operand(a);
    double exponent = float_operand(b);
    if (base == 0.0) zero_division("0.0 cannot be raised to a negative power");
    return Value::floating(std::pow(base, exponent));
  }
  if (!small_int(b)) {
    // Only trivial bases survive a huge exponent.
    int64_t base = small_int(a) ? small_value(a) : 2;
    if (base == 0 || base == 1) return Value::integer(base);
    if (base == -1) return Value::integer(b.as_bigint().to_string().back() % 2 ? -1 : 1);
    throw_error(ErrorKind::Runtime, "exponent too large");
  }
  uint64_t e = static_cast<uint64_t>(small_value(b));
  BigInt base = a.to_bigint();
  uint64_t base_bits = bits_of(base);
  if (base_bits > 1) {  // |base| >= 2: the result has about e * (bits - 1) bits at least
    uint64_t at_least = (base_bits - 1) > UINT64_MAX / (e ? e : 1) ? UINT64_MAX : (base_bits - 1) * e;
    check_int_bits(at_least);
  }
  return int_result(BigInt::pow(base, e));
}

Value arith_numbers(ArithOp op, const Value& a, const Value& b) {
  if (is_intlike(a) && is_intlike(b)) {
    if (small_int(a) && small_int(b)) {
      int64_t x = small_value(a), y = small_value(b), r;
      switch (op) {
        case ArithOp::Add:
          if (!__builtin_add_overflow(x, y, &r)) return Value::integer(r);
          break;
        case ArithOp::Sub:
          if (!__builtin_sub_overflow(x, y, &r)) return Value::integer(r);
          break;
        case ArithOp::Mul:
          if (!__builtin_mul_overflow(x, y, &r)) return Value::integer(r);
          break;
        case ArithOp::Div: {
          // Both exact as doubles: one correctly rounded division, as Python does.
          constexpr int64_t kExact = int64_t{1} << 53;
          if (y != 0 && x >= -kExact && x <= kExact && y >= -kExact && y <= kExact) {
            return Value::floating(static_cast<double>(x) / static_cast<double>(y));
          }
          break;
        }
        case ArithOp::FloorDiv:
        case ArithOp::Mod:
          if (y == 0) {
            zero_division(op == ArithOp::Mod ? "integer modulo by zero"
                                           : "integer division or modulo by zero");
          }
          if (!(x == INT64_MIN && y == -1)) {
            int64_t q = x / y, m = x % y;
            if (m != 0 && ((m < 0) != (y < 0))) {
              --q;
              m += y;
            }
            return Value::integer(op == ArithOp::FloorDiv ? q : m);
          }
          break;
        default:
          break;
      }
    }
    BigInt x = a.to_bigint(), y = b.to_bigint();
    switch (op) {
      case ArithOp::Add:
        check_int_bits(std::max(bits_of(x), bits_of(y)) + 1);
        return int_result(x + y);
      case ArithOp::Sub:
        check_int_bits(std::max(bits_of(x), bits_of(y)) + 1);
        return int_result(x - y);
      case ArithOp::Mul:
        check_int_bits(bits_of(x) + bits_of(y));
        return int_result(x * y);
      case ArithOp::FloorDiv:
      case ArithOp::Mod: {
        if (y.is_zero()) {
          zero_division(op == ArithOp::Mod ? "integer modulo by zero"
                                         : "integer division or modulo by zero");
        }
        BigInt q, m;
        BigInt::floor_divmod(x, y, q, m);
        return int_result(op == ArithOp::FloorDiv ? q : m);
      }
      case ArithOp::Div: {
        if (y.is_zero()) zero_division("division by zero");
        bool overflow = false;
        double q = BigInt::true_divide(x, y, overflow);
        if (overflow)
          throw_error(ErrorKind::Runtime, "integer division result too large for a float");
        return Value::floating(q);
      }
      case ArithOp::Pow:
        return int_pow(a, b);
      default:
        break;
    }
  }
  double x = float_operand(a), y = float_operand(b);
  switch (op) {
    case ArithOp::Add:
      return Value::floating(x + y);
    case ArithOp::Sub:
      return Value::floating(x - y);
    case ArithOp::Mul:
      return Value::floating(x * y);
    case ArithOp::Div:
      if (y == 0.0) zero_division("float division by zero");
      return Value::floating(x / y);
    case ArithOp::FloorDiv:
    case ArithOp::Mod: {
      if (y == 0.0)
        zero_division(op == ArithOp::Mod ? "float modulo" : "float floor division by zero");
      double q, m;
      float_divmod(x, y, q, m);
      return Value::floating(op == ArithOp::FloorDiv ? q : m);
    }
    case ArithOp::Pow: {
      if (x == 0.0 && y < 0) zero_division("0.0 cannot be raised to a negative power");
      if (x < 0 && std::floor(y) != y) {
        throw_error(ErrorKind::Value, "complex results are not supported");
      }
      double r = std::pow(x, y);
      if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) {
        throw_error(ErrorKind::Runtime, "(34, 'Numerical result out of range')");
      }
      return Value::floating(r);
    }
    default:
      break;
  }
  unsupported(op, a, b);
}

}  // namespace

Value binary_op(Runtime& rt, ArithOp op, const Value& a, const Value& b) {
  if (op == ArithOp::Mod && a.is_string()) {
    return a.is_markup() ? markup_percent(rt, a, b) : percent_format(rt, a.as_string(), b);
  }
  Value joined;
  if (op == ArithOp::Add && markup_concat(a, b, joined)) return joined;
  if (a.is_undefined()) raise_undefined(a);
  if (b.is_undefined()) raise_undefined(b);
  if (is_numeric(a) && is_numeric(b)) return arith_numbers(op, a, b);
  switch (op) {
    case ArithOp::Add:
      if (a.kind() == b.kind() && (a.is_string() || a.is_sequence())) {
        if (a.is_string()) {
          check_string_size(a.as_string().size() + b.as_string().size());
          return Value::string(a.as_string() + b.as_string());
        }
        check_items(a.items().size() + b.items().size());
        std::vector<Value> items = a.items();
        items.insert(items.end(), b.items().begin(), b.items().end());
        return a.is_tuple() ? Value::tuple(std::move(items)) : Value::list(std::move(items));
      }
      if (a.is_markup()) unsupported(op, a, b);  // Markup.__add__ refuses non-str
      if (a.is_string() || a.is_sequence()) {
        throw_type_error("can only concatenate " + std::string(type_name(a)) + " (not \"" +
                         std::string(type_name(b)) + "\") to " + std::string(type_name(a)));
      }
      break;
    case ArithOp::Mul:
      if ((a.is_string() || a.is_sequence()) && is_intlike(b)) return repeat(a, b);
      if ((b.is_string() || b.is_sequence()) && is_intlike(a)) return repeat(b, a);
      if (a.is_markup() || b.is_markup()) {  // Markup.__mul__ takes the count as an index
        const Value& count = a.is_markup() ? b : a;
        throw_type_error("'" + std::string(type_name(count)) +
                         "' object cannot be interpreted as an integer");
      }
      if (a.is_string() || a.is_sequence() || b.is_string() || b.is_sequence()) {
        const Value& other = a.is_string() || a.is_sequence() ? b : a;
        throw_type_error("can't multiply sequence by non-int of type '" +
                         std::string(type_name(other)) + "'");
      }
      break;
    case ArithOp::Mod:
      if (a.is_string()) return percent_format(rt, a.as_string(), b);
      break;
    default:
      break;
  }
  unsupported(op, a, b);
}

Value negate(const Value& v) {
  if (v.is_undefined()) raise_undefined(v);
  if (v.kind() == Kind::Int || v.is_bool()) {
    int64_t x = small_value(v);
    if (x != INT64_MIN) return Value::integer(-x);
  }
  if (is_intlike(v)) return int_result(-v.to_bigint());
  if (v.is_float()) return Value::floating(-v.as_float());
  throw_type_error("bad operand type for unary -: '" + std::string(type_name(v)) + "'");
}

Value unary_plus(const Value& v) {
  if (v.is_undefined()) raise_undefined(v);
  if (v.is_bool()) return Value::integer(v.as_bool() ? 1 : 0);
  if (is_numeric(v)) return v;
  throw_type_error("bad operand type for unary +: '" + std::string(type_name(v)) + "'");
}

bool contains(const Value& container, const Value& item) {
  switch (container.kind()) {
    case Kind::String:
      if (!item.is_string()) {
        if (item.is_strict_undefined()) raise_undefined(item);
        throw_type_error("'in <string>' requires string as left operand, not " +
                         std::string(type_name(item)));
      }
      return container.as_string().find(item.as_string()) != std::string::npos;
    case Kind::List:
    case Kind::Tuple:
      count_steps(container.items().size());  // each item compared is a step of max_steps
      for (const auto& x : container.items()) {
        if (equals(x, item)) return true;
      }
      return false;
    case Kind::Dict:
      hash_value(item);  // raises "unhashable type" as Python does
      return container.dict_obj().find(item) != nullptr;
    case Kind::Undefined:
      if (container.is_strict_undefined()) raise_undefined(container);
      return false;
    case Kind::Object: {
      if (container.obj().is_iterator()) {  // takes items only until it finds one
        Value x;
        while (container.obj().next_value(x)) {
          if (equals(x, item)) return true;
        }
        return false;
      }
      std::vector<Value> items;
      if (container.obj().iterate(items)) {
        for (const auto& x : items) {
          if (equals(x, item)) return true;
        }
        return false;
      }
      break;
    }
    default:
      break;
  }
  throw_type_error("argument of type '" + std::string(type_name(container)) + "' is not iterable");
}

}  // namespace wfgen::jinja
