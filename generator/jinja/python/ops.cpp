#include "jinja/python/ops.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>

#include "jinja/error.h"
#include "jinja/limits.h"
#include "jinja/python/float_repr.h"
#include "jinja/python/int_digits.h"
#include "jinja/python/unicode.h"

namespace wfgen::jinja {

namespace {

bool is_numeric(const Value& v) {
  Kind k = v.kind();
  return k == Kind::Bool || k == Kind::Int || k == Kind::BigInt || k == Kind::Float;
}

bool is_integral(const Value& v) {
  Kind k = v.kind();
  return k == Kind::Bool || k == Kind::Int || k == Kind::BigInt;
}

// Exact three-way comparison of two numbers, as Python compares int and float.
int compare_numbers(const Value& a, const Value& b) {
  if (a.kind() != Kind::BigInt && b.kind() != Kind::BigInt && is_integral(a) && is_integral(b)) {
    int64_t x = a.as_int(), y = b.as_int();
    if (a.is_bool()) x = a.as_bool();
    if (b.is_bool()) y = b.as_bool();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (is_integral(a) && is_integral(b)) return BigInt::compare(a.to_bigint(), b.to_bigint());
  if (is_integral(a) != is_integral(b)) {
    // An int against a float, exactly as Python compares them (no rounding of the int).
    const Value& i = is_integral(a) ? a : b;
    double f = is_integral(a) ? b.to_double() : a.to_double();
    if (std::isnan(f)) return 2;  // unordered: every comparison false
    int c;
    if (std::isinf(f)) {
      c = f > 0 ? -1 : 1;
    } else if (i.kind() != Kind::BigInt && std::fabs(i.to_double()) < 9e15) {
      double d = i.to_double();  // exact below 2**53
      c = d < f ? -1 : d > f ? 1 : 0;
    } else {
      double whole = std::floor(f);
      c = BigInt::compare(i.to_bigint(), BigInt::from_double(whole));
      if (c == 0 && whole != f) c = -1;  // the int equals floor(f), which is below f
    }
    return is_integral(a) ? c : -c;
  }
  double x = a.to_double(), y = b.to_double();
  if (std::isnan(x) || std::isnan(y)) return 2;  // unordered: every comparison false
  return x < y ? -1 : x > y ? 1 : 0;
}

}  // namespace

[[noreturn]] void raise_undefined(const Value& v) {
  const UndefinedObj* info = v.undefined_info();
  throw_error(ErrorKind::Undefined, info ? info->message : "undefined value");
}

[[noreturn]] void raise_no_attribute(const Value& v, std::string_view attr) {
  if (v.is_undefined()) raise_undefined(v);
  throw_error(ErrorKind::Runtime, "'" + std::string(type_name(v)) + "' object has no attribute '" +
                                      std::string(attr) + "'");
}

bool truthy(const Value& v) {
  switch (v.kind()) {
    case Kind::Undefined:
      if (v.is_strict_undefined()) raise_undefined(v);
      return false;
    case Kind::None:
      return false;
    case Kind::Bool:
      return v.as_bool();
    case Kind::Int:
      return v.as_int() != 0;
    case Kind::BigInt:
      return true;  // never zero: zero fits in int64
    case Kind::Float:
      return v.as_float() != 0.0;
    case Kind::String:
      return !v.as_string().empty();
    case Kind::List:
    case Kind::Tuple:
      return !v.items().empty();
    case Kind::Dict:
      return v.dict_obj().size() != 0;
    case Kind::Object: {
      // Sized iterables (dict views, ranges) are false when empty; generators always true.
      size_t n = 0;
      if (v.obj().has_length() && v.obj().size(n)) return n != 0;
      return true;
    }
  }
  return true;
}

void append_str(std::string& out, const Value& v) {
  switch (v.kind()) {
    case Kind::Undefined:
      if (v.is_strict_undefined()) raise_undefined(v);
      return;
    case Kind::String:
      out += v.as_string();
      return;
    default:
      append_repr(out, v);
  }
}

std::string to_str(const Value& v) {
  if (v.is_string()) return v.as_string();
  std::string out;
  append_str(out, v);
  return out;
}

void append_string_repr(std::string& out, std::string_view s) {
  bool has_single = s.find('\'') != std::string_view::npos;
  bool has_double = s.find('"') != std::string_view::npos;
  char quote = has_single && !has_double ? '"' : '\'';
  out += quote;
  static const char* hex = "0123456789abcdef";
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      if (c == '\\') {
        out += "\\\\";
      } else if (c == static_cast<unsigned char>(quote)) {
        out += '\\';
        out += static_cast<char>(c);
      } else if (c == '\n') {
        out += "\\n";
      } else if (c == '\r') {
        out += "\\r";
      } else if (c == '\t') {
        out += "\\t";
      } else if (c < 0x20 || c == 0x7f) {
        out += "\\x";
        out += hex[c >> 4];
        out += hex[c & 15];
      } else {
        out += static_cast<char>(c);
      }
      continue;
    }
    size_t start = i;
    uint32_t cp = utf8::decode(s, i);
    if (utf8::is_printable(cp)) {
      out.append(s.substr(start, i - start));
    } else if (cp < 0x100) {
      out += "\\x";
      out += hex[cp >> 4];
      out += hex[cp & 15];
    } else if (cp < 0x10000) {
      out += "\\u";
      for (int shift = 12; shift >= 0; shift -= 4) out += hex[(cp >> shift) & 15];
    } else {
      out += "\\U";
      for (int shift = 28; shift >= 0; shift -= 4) out += hex[(cp >> shift) & 15];
    }
  }
  out += quote;
}

namespace {

// The containers being printed on this thread (Python's Py_ReprEnter list): repr nests
// through objects (a namespace prints its dict), so the path is the thread's.
ValuePath& printing() {
  thread_local ValuePath path;
  return path;
}

// A repr grows by a bounded amount per item, but one list shared many times over
// (`[[x] * 1000] * 1000`) prints as many copies: stop at the string limit.
void check_repr_size(const std::string& out) {
  if (out.size() > active_limits().max_string) check_string_size(out.size(), "a repr");
}

}  // namespace

void append_repr(std::string& out, const Value& v) {
  switch (v.kind()) {
    case Kind::Undefined:
      out += "Undefined";
      return;  // StrictUndefined inherits this repr
    case Kind::None:
      out += "None";
      return;
    case Kind::Bool:
      out += v.as_bool() ? "True" : "False";
      return;
    case Kind::Int:
      out += std::to_string(v.as_int());
      return;
    case Kind::BigInt:
      out += int_to_decimal(v.as_bigint());
      return;
    case Kind::Float:
      append_float_repr(out, v.as_float());
      return;
    case Kind::String:
      if (v.is_markup()) out += "Markup(";
      append_string_repr(out, v.as_string());
      if (v.is_markup()) out += ')';
      return;
    case Kind::List:
    case Kind::Tuple: {
      bool tuple = v.is_tuple();
      if (printing().inside(v)) {
        out += tuple ? "(...)" : "[...]";
        return;
      }
      ValuePath::Step step(printing(), v, "printing a value");
      out += tuple ? '(' : '[';
      const auto& items = v.items();
      for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += ", ";
        append_repr(out, items[i]);
        check_repr_size(out);
      }
      if (tuple && items.size() == 1) out += ',';
      out += tuple ? ')' : ']';
      return;
    }
    case Kind::Dict: {
      if (printing().inside(v)) {
        out += "{...}";
        return;
      }
      ValuePath::Step step(printing(), v, "printing a value");
      out += '{';
      bool first = true;
      for (const auto& [k, val] : v.dict_obj().entries()) {
        if (!first) out += ", ";
        first = false;
        append_repr(out, k);
        out += ": ";
        append_repr(out, val);
        check_repr_size(out);
      }
      out += '}';
      return;
    }
    case Kind::Object:
      v.obj().repr(out);
      return;
  }
}

std::string to_repr(const Value& v) {
  std::string out;
  append_repr(out, v);
  return out;
}

bool equals(const Value& a, const Value& b) {
  if (a.is_strict_undefined()) raise_undefined(a);
  if (b.is_strict_undefined()) raise_undefined(b);
  if (is_numeric(a) && is_numeric(b)) return compare_numbers(a, b) == 0;
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case Kind::Undefined:
    case Kind::None:
      return true;
    case Kind::String:
      return a.as_string() == b.as_string();
    case Kind::List:
    case Kind::Tuple: {
      // Python compares items by identity first: a list that contains itself equals itself.
      if (a.identity() == b.identity()) return true;
      DepthGuard guard("comparing values");
      const auto& x = a.items();
      const auto& y = b.items();
      if (x.size() != y.size()) return false;
      count_steps(x.size());  // values that share their parts would take 2^depth otherwise
      for (size_t i = 0; i < x.size(); ++i) {
        if (!equals(x[i], y[i])) return false;
      }
      return true;
    }
    case Kind::Dict: {
      if (a.identity() == b.identity()) return true;
      DepthGuard guard("comparing values");
      const DictObj& x = a.dict_obj();
      const DictObj& y = b.dict_obj();
      if (x.size() != y.size()) return false;
      count_steps(x.size());
      for (const auto& [k, val] : x.entries()) {
        const Value* other = y.find(k);
        if (!other || !equals(val, *other)) return false;
      }
      return true;
    }
    case Kind::Object:
      return a.identity() == b.identity();
    default:
      return false;
  }
}

int compare(const Value& a, const Value& b, std::string_view op) {
  if (a.is_undefined()) raise_undefined(a);
  if (b.is_undefined()) raise_undefined(b);
  if (is_numeric(a) && is_numeric(b)) return compare_numbers(a, b);
  if (a.is_string() && b.is_string()) {
    int c = a.as_string().compare(b.as_string());
    return c < 0 ? -1 : c > 0 ? 1 : 0;
  }
  if (a.is_sequence() && a.kind() == b.kind()) {
    DepthGuard guard("comparing values");
    const auto& x = a.items();
    const auto& y = b.items();
    count_steps(std::min(x.size(), y.size()));
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
      if (equals(x[i], y[i])) continue;
      return compare(x[i], y[i], op);
    }
    return x.size() < y.size() ? -1 : x.size() > y.size() ? 1 : 0;
  }
  throw_type_error("'" + std::string(op) + "' not supported between instances of '" +
                   std::string(type_name(a)) + "' and '" + std::string(type_name(b)) + "'");
}

std::string_view type_name(const Value& v) {
  switch (v.kind()) {
    case Kind::Undefined:
      return v.is_strict_undefined() ? "StrictUndefined" : "Undefined";
    case Kind::None:
      return "NoneType";
    case Kind::Bool:
      return "bool";
    case Kind::Int:
    case Kind::BigInt:
      return "int";
    case Kind::Float:
      return "float";
    case Kind::String:
      return v.is_markup() ? "Markup" : "str";
    case Kind::List:
      return "list";
    case Kind::Tuple:
      return "tuple";
    case Kind::Dict:
      return "dict";
    case Kind::Object:
      return v.obj().type_name();
  }
  return "object";
}

std::string object_type_repr(const Value& v) {
  if (v.is_none()) return "None";
  if (v.is_markup()) return "markupsafe.Markup object";
  if (v.is_object() && !v.obj().python_module().empty()) {
    return std::string(v.obj().python_module()) + "." + std::string(type_name(v)) + " object";
  }
  return std::string(type_name(v)) + " object";
}

size_t length(const Value& v) {
  switch (v.kind()) {
    case Kind::Undefined:
      if (v.is_strict_undefined()) raise_undefined(v);
      return 0;
    case Kind::String: {
      const StrObj& s = v.str_obj();
      if (s.code_points == StrObj::kUnknownLength) s.code_points = utf8::length(s.s);
      return s.code_points;
    }
    case Kind::List:
    case Kind::Tuple:
      return v.items().size();
    case Kind::Dict:
      return v.dict_obj().size();
    case Kind::Object: {
      size_t n = 0;
      if (v.obj().has_length() && v.obj().size(n)) return n;
      break;
    }
    default:
      break;
  }
  throw_type_error("object of type '" + std::string(type_name(v)) + "' has no len()");
}

namespace {

std::vector<Value> items_of(const Value& v) {
  switch (v.kind()) {
    case Kind::Undefined:
      if (v.is_strict_undefined()) raise_undefined(v);
      return {};
    case Kind::List:
    case Kind::Tuple:
      return v.items();
    case Kind::Dict: {
      std::vector<Value> keys;
      keys.reserve(v.dict_obj().size());
      for (const auto& e : v.dict_obj().entries()) keys.push_back(e.first);
      return keys;
    }
    case Kind::String: {
      const std::string& s = v.as_string();
      if (s.size() > active_limits().max_items)
        check_items(utf8::length(s), "the characters of a string");
      std::vector<Value> chars;
      chars.reserve(s.size());
      size_t i = 0;
      while (i < s.size()) {
        size_t start = i;
        utf8::decode(s, i);
        chars.push_back(Value::string(s.substr(start, i - start)));
      }
      return chars;
    }
    case Kind::Object: {
      std::vector<Value> items;
      if (v.obj().iterate(items)) return items;
      break;
    }
    default:
      break;
  }
  throw_type_error("'" + std::string(type_name(v)) + "' object is not iterable");
}

}  // namespace

std::vector<Value> iterate(const Value& v) {
  std::vector<Value> items = items_of(v);
  // Each item taken is a step of max_steps: a loop's iterations, and what a filter
  // (sum, sort, map, join...) goes through.
  count_steps(items.size());
  return items;
}

std::vector<Value> unpack(const Value& v, size_t n) {
  std::vector<Value> values;
  bool iterable = true;
  if (v.is_object()) {
    iterable = v.obj().iterate(values);
  } else if (v.is_none() || v.is_bool() || v.is_number()) {
    iterable = false;
  } else {
    values = iterate(v);
  }
  if (!iterable) {
    throw_type_error("cannot unpack non-iterable " + std::string(type_name(v)) + " object");
  }
  if (values.size() > n) {
    throw_error(ErrorKind::Value, "too many values to unpack (expected " + std::to_string(n) + ")");
  }
  if (values.size() < n) {
    throw_error(ErrorKind::Value, "not enough values to unpack (expected " + std::to_string(n) +
                                      ", got " + std::to_string(values.size()) + ")");
  }
  return values;
}

size_t hash_value(const Value& v) {
  switch (v.kind()) {
    case Kind::Undefined:
      if (v.is_strict_undefined()) raise_undefined(v);
      return 0x5bd1e995;
    case Kind::None:
      return 0x9e3779b9;
    case Kind::Bool:
      return std::hash<int64_t>()(v.as_bool());
    case Kind::Int:
      return std::hash<int64_t>()(v.as_int());
    case Kind::BigInt:
      return std::hash<std::string>()(v.as_bigint().to_string());
    case Kind::Float: {
      double d = v.as_float();
      if (std::floor(d) == d && std::fabs(d) < 9e18) {
        return std::hash<int64_t>()(static_cast<int64_t>(d));
      }
      return std::hash<double>()(d);
    }
    case Kind::String:
      return std::hash<std::string>()(v.as_string());
    case Kind::Tuple: {
      DepthGuard guard("hashing a value");
      count_steps(v.items().size());
      size_t h = 0x345678;
      for (const auto& item : v.items()) h = h * 1000003 ^ hash_value(item);
      return h;
    }
    case Kind::Object:
      return std::hash<const void*>()(v.identity());
    default:
      break;
  }
  throw_type_error("unhashable type: '" + std::string(type_name(v)) + "'");
}

}  // namespace wfgen::jinja
