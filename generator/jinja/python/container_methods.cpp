// list, tuple, dict, int and float methods with CPython's semantics and messages.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>
#include <unordered_map>

#include "jinja/error.h"
#include "jinja/limits.h"
#include "jinja/python/index.h"
#include "jinja/python/method_binding.h"
#include "jinja/python/methods.h"
#include "jinja/python/ops.h"
#include "jinja/value/cycles.h"

namespace wfgen::jinja::methods {

namespace {

bool iterable(const Value& v) {
  switch (v.kind()) {
    case Kind::String:
    case Kind::List:
    case Kind::Tuple:
    case Kind::Dict:
      return true;
    default:
      return false;
  }
}

// iter(v): also ranges, dict views and generators; an Undefined is empty.
std::vector<Value> iterate_or_throw(const Value& v) {
  return iterate(v);
}

// Python's clamping of index()'s start/stop to [0, n].
int64_t clamp_bound(int64_t i, int64_t n) {
  if (i < 0) i = std::max<int64_t>(i + n, 0);
  return std::min(i, n);
}

// --- list and tuple (shared read-only methods) -------------------------------------

Value seq_index(const Value& self, CallArgs& args, std::string_view type) {
  Bound b = bind({type, "index", Arity::Expected, 1, 3}, args);
  auto& items = self.items();
  auto n = static_cast<int64_t>(items.size());
  int64_t start = clamp_bound(slice_bound(b, 1, 0, false), n);
  int64_t stop = clamp_bound(slice_bound(b, 2, n, false), n);
  count_steps(static_cast<uint64_t>(std::max<int64_t>(stop - start, 0)));  // max_steps
  for (int64_t i = start; i < stop; ++i) {
    if (equals(items[static_cast<size_t>(i)], b[0])) return Value::integer(i);
  }
  if (type == "tuple") value_error("tuple.index(x): x not in tuple");
  value_error(to_repr(b[0]) + " is not in list");
}

Value seq_count(const Value& self, CallArgs& args, std::string_view type) {
  Bound b = bind({type, "count", Arity::One, 1, 1}, args);
  count_steps(self.items().size());  // each item compared is a step of max_steps
  int64_t n = 0;
  for (const Value& v : self.items()) n += equals(v, b[0]) ? 1 : 0;
  return Value::integer(n);
}

Value list_index(Runtime&, const Value& self, CallArgs& args) {
  return seq_index(self, args, "list");
}
Value list_count(Runtime&, const Value& self, CallArgs& args) {
  return seq_count(self, args, "list");
}
Value tuple_index(Runtime&, const Value& self, CallArgs& args) {
  return seq_index(self, args, "tuple");
}
Value tuple_count(Runtime&, const Value& self, CallArgs& args) {
  return seq_count(self, args, "tuple");
}

// `self` now holds `stored`: a container holding a container may be part of a cycle.
void note_stored(const Value& self, const Value& stored) {
  if (stored.kind() >= Kind::List) note_possible_cycle(self);
}

Value list_append(Runtime&, const Value& self, CallArgs& args) {
  Bound b = bind({"list", "append", Arity::One, 1, 1}, args);
  check_items(self.items().size() + 1);
  note_stored(self, b[0]);
  self.items().push_back(b[0]);
  return Value::none();
}

Value list_extend(Runtime&, const Value& self, CallArgs& args) {
  Bound b = bind({"list", "extend", Arity::One, 1, 1}, args);
  std::vector<Value> more = iterate_or_throw(b[0]);  // a copy: l.extend(l) is fine
  auto& items = self.items();
  check_items(items.size() + more.size());
  for (const Value& v : more) note_stored(self, v);
  items.insert(items.end(), more.begin(), more.end());
  return Value::none();
}

Value list_insert(Runtime&, const Value& self, CallArgs& args) {
  Bound b = bind({"list", "insert", Arity::Expected, 2, 2}, args);
  auto& items = self.items();
  int64_t i = clamp_bound(to_index(b[0]), static_cast<int64_t>(items.size()));
  check_items(items.size() + 1);
  note_stored(self, b[1]);
  items.insert(items.begin() + i, b[1]);
  return Value::none();
}

Value list_pop(Runtime&, const Value& self, CallArgs& args) {
  Bound b = bind({"list", "pop", Arity::Expected, 0, 1}, args);
  auto& items = self.items();
  int64_t i = b.has(0) ? to_index(b[0]) : -1;
  if (items.empty()) index_error("pop from empty list");
  auto n = static_cast<int64_t>(items.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) index_error("pop index out of range");
  Value v = std::move(items[static_cast<size_t>(i)]);
  items.erase(items.begin() + i);
  return v;
}

Value list_remove(Runtime&, const Value& self, CallArgs& args) {
  Bound b = bind({"list", "remove", Arity::One, 1, 1}, args);
  auto& items = self.items();
  for (auto it = items.begin(); it != items.end(); ++it) {
    if (equals(*it, b[0])) {
      items.erase(it);
      return Value::none();
    }
  }
  value_error("list.remove(x): x not in list");
}

Value list_reverse(Runtime&, const Value& self, CallArgs& args) {
  bind({"list", "reverse", Arity::None}, args);
  std::reverse(self.items().begin(), self.items().end());
  return Value::none();
}

// list.sort(*, key=None, reverse=False): stable, by '<' only, like Python.
Value list_sort(Runtime& rt, const Value& self, CallArgs& args) {
  size_t total = args.args.size() + args.kwargs.size();
  if (total > 2) {
    throw_type_error(std::string("sort() takes at most 2 ") +
                     (args.args.empty() ? "keyword " : "") + "arguments (" + std::to_string(total) +
                     " given)");
  }
  if (!args.args.empty()) throw_type_error("sort() takes no positional arguments");
  Bound b = bind({"list", "sort", Arity::Takes, 0, 2, {"key", "reverse"}}, args);
  bool reverse = b.has(1) && to_c_int(b[1]) != 0;
  auto& items = self.items();
  std::vector<Value> keys;
  if (b.has(0) && !b[0].is_none()) {
    for (const Value& item : items) {
      CallArgs key_args;
      key_args.args.push_back(item);
      keys.push_back(rt.call(b[0], key_args));
    }
  } else {
    keys = items;
  }
  // Python's first comparison is items[1] < items[0]; doing it first gives the
  // same TypeError operand order for mixed lists.
  if (keys.size() >= 2) compare(keys[1], keys[0]);
  std::vector<size_t> order(items.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) {
    return reverse ? compare(keys[y], keys[x]) < 0 : compare(keys[x], keys[y]) < 0;
  });
  std::vector<Value> sorted;
  sorted.reserve(items.size());
  for (size_t i : order) sorted.push_back(std::move(items[i]));
  items = std::move(sorted);
  return Value::none();
}

Value list_copy(Runtime&, const Value& self, CallArgs& args) {
  bind({"list", "copy", Arity::None}, args);
  return Value::list(self.items());
}

Value list_clear(Runtime&, const Value& self, CallArgs& args) {
  bind({"list", "clear", Arity::None}, args);
  self.items().clear();
  return Value::none();
}

// --- dict --------------------------------------------------------------------

Value dict_get(Runtime&, const Value& self, CallArgs& args) {
  Bound b = bind({"dict", "get", Arity::Expected, 1, 2}, args);
  hash_value(b[0]);  // "unhashable type: 'list'"
  const Value* v = self.dict_obj().find(b[0]);
  if (v) return *v;
  return b.has(1) ? b[1] : Value::none();
}

// keys()/values()/items() return live views, as in Python: they iterate, count and
// test membership like lists, and print as dict_keys([...]) etc.
struct DictView : ObjectBase {
  enum class Of { Keys, Values, Items };
  Value dict;
  Of of;
  DictView(Value d, Of o) : dict(std::move(d)), of(o) {}
  void held_values(const std::function<void(Value&)>& fn) override { fn(dict); }
  std::string_view type_name() const override {
    return of == Of::Keys ? "dict_keys" : of == Of::Values ? "dict_values" : "dict_items";
  }
  bool iterate(std::vector<Value>& out) const override {
    for (const auto& [k, v] : dict.dict_obj().entries()) {
      out.push_back(of == Of::Keys ? k : of == Of::Values ? v : Value::tuple({k, v}));
    }
    return true;
  }
  bool iterate_pairs(std::vector<std::pair<Value, Value>>& out) const override {
    if (of != Of::Items) return false;
    const auto& entries = dict.dict_obj().entries();
    out.assign(entries.begin(), entries.end());
    return true;
  }
  void repr(std::string& out) const override {
    std::vector<Value> items;
    iterate(items);
    out += type_name();
    out += '(';
    append_repr(out, Value::list(std::move(items)));
    out += ')';
  }
};

Value dict_view(const Value& self, DictView::Of of) {
  return Value::object(new DictView(self, of));
}

Value dict_keys(Runtime&, const Value& self, CallArgs& args) {
  bind({"dict", "keys", Arity::None}, args);
  return dict_view(self, DictView::Of::Keys);
}

Value dict_values(Runtime&, const Value& self, CallArgs& args) {
  bind({"dict", "values", Arity::None}, args);
  return dict_view(self, DictView::Of::Values);
}

Value dict_items(Runtime&, const Value& self, CallArgs& args) {
  bind({"dict", "items", Arity::None}, args);
  return dict_view(self, DictView::Of::Items);
}

Value dict_copy(Runtime&, const Value& self, CallArgs& args) {
  bind({"dict", "copy", Arity::None}, args);
  Value out = Value::dict();
  for (const auto& [k, v] : self.dict_obj().entries()) out.dict_obj().set(k, v);
  return out;
}

Value dict_pop(Runtime&, const Value& self, CallArgs& args) {
  Bound b = bind({"dict", "pop", Arity::Expected, 1, 2}, args);
  if (self.dict_obj().size() != 0) hash_value(b[0]);  // an empty dict never hashes the key
  DictObj& d = self.dict_obj();
  if (const Value* v = d.find(b[0])) {
    Value out = *v;
    d.erase(b[0]);
    return out;
  }
  if (b.has(1)) return b[1];
  key_error(b[0]);
}

Value dict_popitem(Runtime&, const Value& self, CallArgs& args) {
  bind({"dict", "popitem", Arity::None}, args);
  DictObj& d = self.dict_obj();
  if (d.size() == 0) key_error(Value::string("popitem(): dictionary is empty"));
  auto [k, v] = d.entries().back();
  d.erase(k);
  return Value::tuple({k, v});
}

Value dict_setdefault(Runtime&, const Value& self, CallArgs& args) {
  Bound b = bind({"dict", "setdefault", Arity::Expected, 1, 2}, args);
  hash_value(b[0]);
  DictObj& d = self.dict_obj();
  if (const Value* v = d.find(b[0])) return *v;
  Value def = b.has(1) ? b[1] : Value::none();
  note_stored(self, b[0]);
  note_stored(self, def);
  d.set(b[0], def);
  return def;
}

// dict.update([other], **kwargs): other is a dict or an iterable of pairs.
Value dict_update(Runtime&, const Value& self, CallArgs& args) {
  if (args.args.size() > 1) {
    throw_type_error("update expected at most 1 argument, got " + std::to_string(args.args.size()));
  }
  DictObj& d = self.dict_obj();
  if (!args.args.empty()) {
    const Value& other = args.args[0];
    if (other.is_dict()) {
      // Copy first: d.update(d) must not iterate a vector it is writing.
      auto entries = other.dict_obj().entries();
      for (auto& [k, v] : entries) {
        note_stored(self, v);
        d.set(k, v);
      }
    } else {
      std::vector<Value> elems = iterate_or_throw(other);
      for (size_t i = 0; i < elems.size(); ++i) {
        if (!iterable(elems[i])) {
          throw_type_error("cannot convert dictionary update sequence element #" +
                           std::to_string(i) + " to a sequence");
        }
        std::vector<Value> pair = iterate(elems[i]);
        if (pair.size() != 2) {
          throw_error(ErrorKind::Value, "dictionary update sequence element #" + std::to_string(i) +
                                            " has length " + std::to_string(pair.size()) +
                                            "; 2 is required");
        }
        hash_value(pair[0]);
        note_stored(self, pair[0]);
        note_stored(self, pair[1]);
        d.set(pair[0], pair[1]);
      }
    }
  }
  for (auto& [k, v] : args.kwargs) {
    note_stored(self, v);
    d.set(Value::string(k), v);
  }
  return Value::none();
}

// dict.fromkeys(iterable, value=None): a class method, also callable on any dict.
Value dict_fromkeys(Runtime&, const Value&, CallArgs& args) {
  Bound b = bind({"dict", "fromkeys", Arity::Expected, 1, 2}, args);
  Value value = b.has(1) ? b[1] : Value::none();
  Value out = Value::dict();
  for (const Value& key : iterate_or_throw(b[0])) {
    hash_value(key);  // "unhashable type: 'list'"
    out.dict_obj().set(key, value);
  }
  return out;
}

Value dict_clear(Runtime&, const Value& self, CallArgs& args) {
  bind({"dict", "clear", Arity::None}, args);
  self.dict_obj().clear();
  return Value::none();
}

// --- numbers -------------------------------------------------------------------

// Python names a number method by the receiver's own type: "bool.conjugate()".
std::string_view num_type(const Value& self) {
  return type_name(self);
}

// int(self) for an int or a bool.
Value int_value(const Value& self) {
  return self.is_bool() ? Value::integer(int64_t{self.as_bool()}) : self;
}

Value int_bit_length(Runtime&, const Value& self, CallArgs& args) {
  bind({num_type(self), "bit_length", Arity::None}, args);
  if (self.kind() == Kind::BigInt) return Value::integer(self.as_bigint().bit_length());
  int64_t v = int_value(self).as_int();
  uint64_t mag = v < 0 ? ~static_cast<uint64_t>(v) + 1 : static_cast<uint64_t>(v);
  return Value::integer(static_cast<int64_t>(std::bit_width(mag)));
}

Value int_bit_count(Runtime&, const Value& self, CallArgs& args) {
  bind({num_type(self), "bit_count", Arity::None}, args);
  if (self.kind() == Kind::BigInt) return Value::integer(self.as_bigint().bit_count());
  int64_t v = int_value(self).as_int();
  uint64_t mag = v < 0 ? ~static_cast<uint64_t>(v) + 1 : static_cast<uint64_t>(v);
  return Value::integer(static_cast<int64_t>(std::popcount(mag)));
}

Value int_conjugate(Runtime&, const Value& self, CallArgs& args) {
  bind({num_type(self), "conjugate", Arity::None}, args);
  return int_value(self);
}

Value int_as_integer_ratio(Runtime&, const Value& self, CallArgs& args) {
  bind({num_type(self), "as_integer_ratio", Arity::None}, args);
  return Value::tuple({int_value(self), Value::integer(int64_t{1})});
}

Value float_is_integer(Runtime&, const Value& self, CallArgs& args) {
  bind({"float", "is_integer", Arity::None}, args);
  double d = self.as_float();
  return Value::boolean(std::isfinite(d) && std::floor(d) == d);
}

Value float_conjugate(Runtime&, const Value& self, CallArgs& args) {
  bind({"float", "conjugate", Arity::None}, args);
  return self;
}

// CPython's float_as_integer_ratio: the exact fraction, denominator a power of two.
Value float_as_integer_ratio(Runtime&, const Value& self, CallArgs& args) {
  bind({"float", "as_integer_ratio", Arity::None}, args);
  double d = self.as_float();
  if (std::isinf(d)) throw_error(ErrorKind::Runtime, "cannot convert Infinity to integer ratio");
  if (std::isnan(d)) value_error("cannot convert NaN to integer ratio");
  int exponent = 0;
  double mantissa = std::frexp(d, &exponent);
  for (int i = 0; i < 300 && mantissa != std::floor(mantissa); ++i) {
    mantissa *= 2.0;
    --exponent;
  }
  BigInt numerator = BigInt::from_double(mantissa);
  BigInt denominator(1);
  BigInt power = BigInt::pow(BigInt(2), static_cast<uint64_t>(exponent < 0 ? -exponent : exponent));
  if (exponent > 0) {
    numerator = numerator * power;
  } else {
    denominator = power;
  }
  return Value::tuple(
      {Value::integer(std::move(numerator)), Value::integer(std::move(denominator))});
}

// CPython's float_hex: 0x<1 hex digit>.<13 hex digits>p<exponent>.
Value float_hex(Runtime&, const Value& self, CallArgs& args) {
  bind({"float", "hex", Arity::None}, args);
  double x = self.as_float();
  if (std::isnan(x) || std::isinf(x)) return Value::string(to_repr(self));
  if (x == 0.0) return Value::string(std::signbit(x) ? "-0x0.0p+0" : "0x0.0p+0");
  static const char* kHex = "0123456789abcdef";
  int e = 0;
  double m = std::frexp(std::fabs(x), &e);
  constexpr int kMinExp = std::numeric_limits<double>::min_exponent;  // -1021
  int shift = 1 - std::max(kMinExp - e, 0);
  m = std::ldexp(m, shift);
  e -= shift;
  std::string digits;
  digits += kHex[static_cast<int>(m)];
  m -= static_cast<int>(m);
  digits += '.';
  for (int i = 0; i < 13; ++i) {
    m *= 16.0;
    digits += kHex[static_cast<int>(m)];
    m -= static_cast<int>(m);
  }
  std::string out = x < 0 ? "-0x" : "0x";
  out += digits;
  out += 'p';
  out += e < 0 ? '-' : '+';
  out += std::to_string(e < 0 ? -e : e);
  return Value::string(std::move(out));
}

bool ascii_space(char c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}

bool hex_digit(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// float.fromhex(string): a class method, also callable on any float. The parsing
// follows CPython's grammar; the correctly rounded conversion is strtod's.
Value float_fromhex(Runtime&, const Value&, CallArgs& args) {
  Bound b = bind({"float", "fromhex", Arity::One, 1, 1}, args);
  if (!b[0].is_string()) throw_type_error("bad argument type for built-in operation");
  std::string_view s = b[0].as_string();
  while (!s.empty() && ascii_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && ascii_space(s.back())) s.remove_suffix(1);
  auto invalid = [] { value_error("invalid hexadecimal floating-point string"); };
  std::string text;  // what strtod gets: [-]0x<digits>[.<digits>]p<exp>
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  std::string lower;
  for (char c : s) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  if (lower == "inf" || lower == "infinity" || lower == "nan") {
    double v = lower == "nan" ? std::numeric_limits<double>::quiet_NaN()
                              : std::numeric_limits<double>::infinity();
    return Value::floating(negative ? -v : v);
  }
  if (lower.size() >= 2 && lower[0] == '0' && lower[1] == 'x') s.remove_prefix(2);
  text = negative ? "-0x" : "0x";
  size_t i = 0, digits = 0;
  while (i < s.size() && hex_digit(s[i])) {
    text += s[i++];
    ++digits;
  }
  if (i < s.size() && s[i] == '.') {
    text += s[i++];
    while (i < s.size() && hex_digit(s[i])) {
      text += s[i++];
      ++digits;
    }
  }
  if (digits == 0) invalid();
  text += 'p';
  if (i < s.size() && (s[i] == 'p' || s[i] == 'P')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) text += s[i++];
    size_t exp_digits = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
      text += s[i++];
      ++exp_digits;
    }
    if (exp_digits == 0) invalid();
  } else {
    text += '0';
  }
  if (i != s.size()) invalid();
  double v = std::strtod(text.c_str(), nullptr);
  if (std::isinf(v)) {
    throw_error(ErrorKind::Runtime, "hexadecimal value too large to represent as a float");
  }
  return Value::floating(v);
}

using Table = std::unordered_map<std::string_view, MethodFn>;

MethodFn lookup(const Table& table, std::string_view name) {
  auto it = table.find(name);
  return it == table.end() ? nullptr : it->second;
}

}  // namespace

MethodFn find_list_method(std::string_view name) {
  static const Table table = {
      {"append", list_append}, {"extend", list_extend},   {"insert", list_insert},
      {"pop", list_pop},       {"remove", list_remove},   {"index", list_index},
      {"count", list_count},   {"reverse", list_reverse}, {"sort", list_sort},
      {"copy", list_copy},     {"clear", list_clear},
  };
  return lookup(table, name);
}

MethodFn find_tuple_method(std::string_view name) {
  static const Table table = {{"index", tuple_index}, {"count", tuple_count}};
  return lookup(table, name);
}

MethodFn find_dict_method(std::string_view name) {
  static const Table table = {
      {"get", dict_get},           {"keys", dict_keys},
      {"values", dict_values},     {"items", dict_items},
      {"copy", dict_copy},         {"pop", dict_pop},
      {"popitem", dict_popitem},   {"setdefault", dict_setdefault},
      {"update", dict_update},     {"clear", dict_clear},
      {"fromkeys", dict_fromkeys},
  };
  return lookup(table, name);
}

MethodFn find_int_method(std::string_view name) {
  static const Table table = {
      {"bit_length", int_bit_length},
      {"bit_count", int_bit_count},
      {"conjugate", int_conjugate},
      {"as_integer_ratio", int_as_integer_ratio},
  };
  return lookup(table, name);
}

MethodFn find_float_method(std::string_view name) {
  static const Table table = {
      {"is_integer", float_is_integer},
      {"conjugate", float_conjugate},
      {"as_integer_ratio", float_as_integer_ratio},
      {"hex", float_hex},
      {"fromhex", float_fromhex},
  };
  return lookup(table, name);
}

bool find_number_attribute(const Value& self, std::string_view name, Value& out) {
  if (self.is_float()) {
    if (name == "real") {
      out = self;
    } else if (name == "imag") {
      out = Value::floating(0.0);
    } else {
      return false;
    }
    return true;
  }
  if (name == "real" || name == "numerator") {
    out = int_value(self);
  } else if (name == "imag") {
    out = Value::integer(int64_t{0});
  } else if (name == "denominator") {
    out = Value::integer(int64_t{1});
  } else {
    return false;
  }
  return true;
}

}  // namespace wfgen::jinja::methods

namespace wfgen::jinja {

// Of the list and dict methods above, those that change their object (held to what the
// methods do by MethodsThatChangeTheirObject in tests/jinja).
bool method_changes_its_object(std::string_view name) {
  for (std::string_view m : {"append", "extend", "insert", "pop", "remove", "reverse", "sort",
                             "clear", "popitem", "setdefault", "update"})
    if (name == m) return true;
  return false;
}

}  // namespace wfgen::jinja
