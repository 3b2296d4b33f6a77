// Helpers shared by the builtin filters, tests and globals: Jinja2's attribute
// paths (make_attrgetter), number conversions (int(), float()), sorting with Python's
// rules and a set with Python's hashing. Python's str and index rules live in
// python/str_ops.h and python/index.h, shared with the data methods.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jinja/python/runtime.h"
#include "jinja/value/value.h"

namespace wfgen::jinja::builtins {

// ---- attribute paths (filters.make_attrgetter) -------------------------------

// Jinja2's _prepare_attribute_parts: None -> no parts, "a.b.0" -> ["a", "b", 0],
// any other value -> [value].
std::vector<Value> attribute_parts(const Value& attribute);

// Follows `parts` with rt.getitem. When `default_value` is given (not None), an
// Undefined met on the way is replaced by it (as make_attrgetter's default=). `hints`
// (one per part) remember where each string part was found in the dict it was looked up
// in: items of one shape (the rows of a table) then answer in one comparison.
Value follow_parts(Runtime& rt, Value item, const std::vector<Value>& parts,
                   const Value* default_value = nullptr, LookupHint* hints = nullptr);

// ignore_case: lower-cases strings, returns anything else unchanged.
Value ignore_case(const Value& v);

// A key function built from `attribute` (None for the item itself), optionally
// lower-casing strings. make_multi_attrgetter when `multi` (comma separated list,
// the key is then a list of values).
class AttrGetter {
 public:
  AttrGetter(const Value& attribute, bool lower_case, const Value& default_value = Value::none(),
             bool multi = false);
  Value operator()(Runtime& rt, const Value& item) const;

 private:
  struct Path {
    std::vector<Value> parts;
    mutable std::vector<LookupHint> hints;  // one per part, see follow_parts
  };
  std::vector<Path> paths_;
  bool lower_case_;
  bool multi_;
  Value default_;
};

// ---- Python comparisons and containers ---------------------------------------

// Stable sort of `items` by `keys` (same length) with Python's `<`; `reverse`
// keeps equal elements in their original order, as sorted(reverse=True) does.
void sort_by_keys(std::vector<Value>& items, std::vector<Value>& keys, bool reverse);

// A set of Values with Python hash/equality (1 == 1.0 == True).
class ValueSet {
 public:
  // Returns true when `v` was not there yet. Raises TypeError for unhashable values.
  bool insert(const Value& v);

 private:
  std::vector<std::vector<Value>> buckets_ = std::vector<std::vector<Value>>(16);
  size_t size_ = 0;
};

// ---- numbers -------------------------------------------------------------------

// Python's int(s, base) for a str; nullopt where Python raises ValueError.
std::optional<Value> parse_int(std::string_view s, int base);
// Python's float(s) for a str; nullopt where Python raises ValueError.
std::optional<double> parse_float(std::string_view s);
// int(d) for a finite double (may be a BigInt).
Value int_from_double(double d);

}  // namespace wfgen::jinja::builtins
