// Helpers shared by the builtin filters, tests and globals: Jinja2's attribute
// paths (make_attrgetter), Python's str methods that the filters rely on
// (strip, split, splitlines, center...), number conversions (int(), float()),
// sorting with Python's rules, and the declarations of every builtin so the
// registry can list them.
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
// Undefined met on the way is replaced by it (as make_attrgetter's default=).
Value follow_parts(Runtime& rt, Value item, const std::vector<Value>& parts,
                   const Value* default_value = nullptr);

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
  std::vector<std::vector<Value>> paths_;
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

// An int argument (int or bool), as Python's operator.index: raises "'float' object
// cannot be interpreted as an integer" (an Undefined has no __index__ either).
int64_t to_index(const Value& v);
// A C int argument (sorted()'s reverse): as to_index, and "Python int too large to
// convert to C int" beyond 32 bits.
int64_t to_c_int(const Value& v);

// ---- numbers -------------------------------------------------------------------

// Python's int(s, base) for a str; nullopt where Python raises ValueError.
std::optional<Value> parse_int(std::string_view s, int base);
// Python's float(s) for a str; nullopt where Python raises ValueError.
std::optional<double> parse_float(std::string_view s);
// int(d) for a finite double (may be a BigInt).
Value int_from_double(double d);

// ---- Python str methods (UTF-8 in, UTF-8 out; widths in code points) ------------

std::string py_strip(std::string_view s, const std::string* chars, bool left = true,
                     bool right = true);
// str.split() without arguments: runs of whitespace separate, no empty parts.
std::vector<std::string> py_split_whitespace(std::string_view s);
// str.splitlines(keepends).
std::vector<std::string> py_splitlines(std::string_view s, bool keepends = false);
// str.replace(old, new, count); count < 0 means all.
std::string py_replace(std::string_view s, std::string_view old_s, std::string_view new_s,
                       int64_t count);
std::string py_center(std::string_view s, int64_t width);
std::string py_capitalize(std::string_view s);
// str.islower() / str.isupper().
bool py_islower(std::string_view s);
bool py_isupper(std::string_view s);
// The first `n` code points of s (n >= 0).
std::string utf8_prefix(std::string_view s, size_t n);
// Python's \w for one code point (re module, str pattern).
bool is_word_char(uint32_t cp);

// markupsafe.escape on a str: & < > ' " become entities.
std::string html_escape(std::string_view s);

// ---- builtin functions ---------------------------------------------------------

#define WFGEN_FILTER(name) Value name(Runtime& rt, const Value& input, CallArgs& args)
#define WFGEN_TEST(name) bool name(Runtime& rt, const Value& input, CallArgs& args)
#define WFGEN_GLOBAL(name) Value name(Runtime& rt, CallArgs& args)

// filters_string.cpp
WFGEN_FILTER(filter_capitalize);
WFGEN_FILTER(filter_center);
WFGEN_FILTER(filter_format);
WFGEN_FILTER(filter_indent);
WFGEN_FILTER(filter_lower);
WFGEN_FILTER(filter_replace);
WFGEN_FILTER(filter_string);
WFGEN_FILTER(filter_title);
WFGEN_FILTER(filter_trim);
WFGEN_FILTER(filter_truncate);
WFGEN_FILTER(filter_upper);
WFGEN_FILTER(filter_wordcount);
WFGEN_FILTER(filter_wordwrap);
// filters_html.cpp
WFGEN_FILTER(filter_escape);
WFGEN_FILTER(filter_forceescape);
WFGEN_FILTER(filter_safe);
WFGEN_FILTER(filter_striptags);
WFGEN_FILTER(filter_urlencode);
WFGEN_FILTER(filter_urlize);
WFGEN_FILTER(filter_xmlattr);
// filters_sequence.cpp
WFGEN_FILTER(filter_attr);
WFGEN_FILTER(filter_batch);
WFGEN_FILTER(filter_default);
WFGEN_FILTER(filter_dictsort);
WFGEN_FILTER(filter_first);
WFGEN_FILTER(filter_groupby);
WFGEN_FILTER(filter_items);
WFGEN_FILTER(filter_join);
WFGEN_FILTER(filter_last);
WFGEN_FILTER(filter_length);
WFGEN_FILTER(filter_list);
WFGEN_FILTER(filter_max);
WFGEN_FILTER(filter_min);
WFGEN_FILTER(filter_random);
WFGEN_FILTER(filter_reverse);
WFGEN_FILTER(filter_slice);
WFGEN_FILTER(filter_sort);
WFGEN_FILTER(filter_sum);
WFGEN_FILTER(filter_unique);
// filters_select.cpp
WFGEN_FILTER(filter_map);
WFGEN_FILTER(filter_reject);
WFGEN_FILTER(filter_rejectattr);
WFGEN_FILTER(filter_select);
WFGEN_FILTER(filter_selectattr);
// filters_number.cpp
WFGEN_FILTER(filter_abs);
WFGEN_FILTER(filter_filesizeformat);
WFGEN_FILTER(filter_float);
WFGEN_FILTER(filter_int);
WFGEN_FILTER(filter_round);
// filters_json.cpp
WFGEN_FILTER(filter_tojson);
// filters_pprint.cpp
WFGEN_FILTER(filter_pprint);

// tests.cpp
WFGEN_TEST(test_boolean);
WFGEN_TEST(test_callable);
WFGEN_TEST(test_defined);
WFGEN_TEST(test_divisibleby);
WFGEN_TEST(test_eq);
WFGEN_TEST(test_escaped);
WFGEN_TEST(test_even);
WFGEN_TEST(test_false);
WFGEN_TEST(test_filter);
WFGEN_TEST(test_float);
WFGEN_TEST(test_ge);
WFGEN_TEST(test_gt);
WFGEN_TEST(test_in);
WFGEN_TEST(test_integer);
WFGEN_TEST(test_iterable);
WFGEN_TEST(test_le);
WFGEN_TEST(test_lower);
WFGEN_TEST(test_lt);
WFGEN_TEST(test_mapping);
WFGEN_TEST(test_ne);
WFGEN_TEST(test_none);
WFGEN_TEST(test_number);
WFGEN_TEST(test_odd);
WFGEN_TEST(test_sameas);
WFGEN_TEST(test_sequence);
WFGEN_TEST(test_string);
WFGEN_TEST(test_test);
WFGEN_TEST(test_true);
WFGEN_TEST(test_undefined);
WFGEN_TEST(test_upper);

// globals.cpp
WFGEN_GLOBAL(global_cycler);
WFGEN_GLOBAL(global_dict);
WFGEN_GLOBAL(global_joiner);
WFGEN_GLOBAL(global_lipsum);
WFGEN_GLOBAL(global_namespace);
WFGEN_GLOBAL(global_range);
}  // namespace wfgen::jinja::builtins
