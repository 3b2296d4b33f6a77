// Number filters: abs, int, float, round, filesizeformat, with Python's
// conversion rules (int("0x1A", 16), int("42.5") via float, round half even).
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

#include "jinja/builtins/helpers.h"
#include "jinja/error.h"
#include "jinja/python/call_args.h"
#include "jinja/python/float_repr.h"
#include "jinja/python/index.h"
#include "jinja/python/ops.h"

namespace wfgen::jinja::builtins {

namespace {

// Python's float(v); nullopt where float() raises TypeError or ValueError.
std::optional<double> to_python_float(const Value& v) {
  switch (v.kind()) {
    case Kind::Float:
      return v.as_float();
    case Kind::Bool:
    case Kind::Int:
      return v.to_double();
    case Kind::BigInt: {
      double d = v.as_bigint().to_double();
      if (std::isinf(d)) throw_error(ErrorKind::Runtime, "int too large to convert to float");
      return d;
    }
    case Kind::String:
      return parse_float(v.as_string());
    case Kind::Undefined:
      raise_undefined(v);
    default:
      return std::nullopt;
  }
}

// 10**n as the double Python gets for int/float arithmetic (exact up to 1e22).
double power_of_ten(int64_t n) {
  static const double exact[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                 1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  if (n >= 0 && n <= 22) return exact[n];
  return std::pow(10.0, static_cast<double>(n));
}

}  // namespace

Value filter_abs(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"abs", {"x"}, {}, 0, 1, CallStyle::ExactlyOne}, args);
  switch (input.kind()) {
    case Kind::Bool:
      return Value::integer(input.as_bool() ? 1 : 0);
    case Kind::Int:
      if (input.as_int() == INT64_MIN) return Value::integer(-input.to_bigint());
      return Value::integer(input.as_int() < 0 ? -input.as_int() : input.as_int());
    case Kind::BigInt:
      return input.as_bigint().negative() ? Value::integer(-input.as_bigint()) : input;
    case Kind::Float:
      return Value::floating(std::fabs(input.as_float()));
    default:
      throw_type_error("bad operand type for abs(): '" + std::string(type_name(input)) + "'");
  }
}

// int(value) / int(value, base) and, where that fails, int(float(value)); `default`
// when both fail. The base only applies to strings.
Value filter_int(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_int", {"value"}, {"default", "base"}}, args);
  Value fallback = bind.get(0, Value::integer(0));
  Value base_v = bind.get(1, Value::integer(10));
  switch (input.kind()) {
    case Kind::Int:
    case Kind::BigInt:
      return input;
    case Kind::Bool:
      return Value::integer(input.as_bool() ? 1 : 0);
    case Kind::Float: {
      double d = input.as_float();
      if (std::isnan(d)) return fallback;
      if (std::isinf(d))
        throw_error(ErrorKind::Runtime, "cannot convert float infinity to integer");
      return int_from_double(d);
    }
    case Kind::String: {
      // A base that is not an int makes int() raise TypeError: the float fallback runs.
      if (base_v.kind() == Kind::Int || base_v.is_bool()) {
        int64_t base = to_index(base_v);
        if (base >= 0 && base <= 36) {
          try {
            if (auto v = parse_int(input.as_string(), static_cast<int>(base))) return *v;
          } catch (const TemplateError& e) {  // ValueError (too many digits): as invalid
            if (e.kind() != ErrorKind::Value) throw;
          }
        }
      }
      auto d = parse_float(input.as_string());
      if (!d || !std::isfinite(*d)) return fallback;
      return int_from_double(*d);
    }
    case Kind::Undefined:
      raise_undefined(input);
    default:
      return fallback;
  }
}

Value filter_float(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_float", {"value"}, {"default"}}, args);
  Value fallback = bind.get(0, Value::floating(0.0));
  if (auto d = to_python_float(input)) return Value::floating(*d);
  return fallback;
}

Value filter_round(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_round", {"value"}, {"precision", "method"}}, args);
  Value precision_v = bind.get(0, Value::integer(0));
  Value method_v = bind.get(1, Value::string("common"));
  std::string method = method_v.is_string() ? method_v.as_string() : std::string();
  if (method != "common" && method != "ceil" && method != "floor") {
    throw_error(ErrorKind::Runtime, "method must be common, ceil or floor");
  }
  int64_t precision = 0;
  if (!input.is_number()) {
    if (method == "common") {
      throw_type_error("type " + std::string(type_name(input)) +
                       " doesn't define __round__ method");
    }
    // value * 10**precision, then math.ceil/floor of the result.
    precision = to_index(precision_v);
    if (input.is_string() || input.is_sequence()) {
      throw_type_error("must be real number, not " + std::string(type_name(input)));
    }
    if (input.is_undefined()) raise_undefined(input);
    throw_type_error("unsupported operand type(s) for *: '" + std::string(type_name(input)) +
                     "' and '" + (precision >= 0 ? "int" : "float") + "'");
  }
  precision = to_index(precision_v);
  if (method == "common") {
    if (input.is_float()) {
      double d = input.as_float();
      if (!std::isfinite(d)) return input;
      int digits = precision > 400 ? 400 : precision < -400 ? -400 : static_cast<int>(precision);
      return Value::floating(round_half_even(d, digits));
    }
    Value whole = input.is_bool() ? Value::integer(input.as_bool() ? 1 : 0) : input;
    if (precision >= 0) return whole;
    if (precision < -18 && whole.kind() == Kind::Int) return Value::integer(0);
    // Integer round half to even at 10**-precision.
    BigInt unit = BigInt::pow(BigInt(10), static_cast<uint64_t>(-precision));
    BigInt quot, rem;
    BigInt::floor_divmod(whole.to_bigint(), unit, quot, rem);
    BigInt twice = rem + rem;
    int c = BigInt::compare(twice, unit);
    BigInt two(2), q2, r2;
    BigInt::floor_divmod(quot, two, q2, r2);
    if (c > 0 || (c == 0 && !r2.is_zero())) quot = quot + BigInt(1);
    return Value::integer(quot * unit);
  }
  double scale = power_of_ten(precision);
  double x = input.to_double() * scale;
  if (std::isnan(x)) throw_error(ErrorKind::Value, "cannot convert float NaN to integer");
  if (std::isinf(x)) throw_error(ErrorKind::Runtime, "cannot convert float infinity to integer");
  double r = method == "ceil" ? std::ceil(x) : std::floor(x);
  return Value::floating(r / scale);
}

Value filter_filesizeformat(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_filesizeformat", {"value"}, {"binary"}}, args);
  bool binary = truthy(bind.get(0, Value::boolean(false)));
  auto parsed = to_python_float(input);
  if (!parsed) {
    if (input.is_string()) {
      std::string r;
      append_string_repr(r, input.as_string());
      throw_error(ErrorKind::Value, "could not convert string to float: " + r);
    }
    throw_type_error("float() argument must be a string or a real number, not '" +
                     std::string(type_name(input)) + "'");
  }
  double bytes = *parsed;
  static const char* decimal[] = {"kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"};
  static const char* binary_names[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"};
  double base = binary ? 1024.0 : 1000.0;
  if (bytes == 1) return Value::string("1 Byte");
  if (bytes < base) {
    Value whole = std::isfinite(bytes) ? int_from_double(bytes) : Value::integer(0);
    return Value::string(to_str(whole) + " Bytes");
  }
  double unit = 0;
  const char* prefix = "";
  for (int i = 0; i < 8; ++i) {
    unit = binary ? std::ldexp(1.0, 10 * (i + 2)) : power_of_ten(3 * (i + 2));
    prefix = binary ? binary_names[i] : decimal[i];
    if (bytes < unit) break;
  }
  return Value::string(format_float(base * bytes / unit, 'f', 1) + " " + prefix);
}

}  // namespace wfgen::jinja::builtins
