#include "jinja/builtins/helpers.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <numeric>

#include "jinja/error.h"
#include "jinja/python/arith.h"
#include "jinja/python/int_digits.h"
#include "jinja/python/ops.h"
#include "jinja/python/str_ops.h"
#include "jinja/python/unicode.h"
#include "jinja/python/unicode_case.h"

namespace wfgen::jinja::builtins {

namespace {

bool ascii_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

std::vector<std::string_view> split_on(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    size_t pos = s.find(sep, start);
    if (pos == std::string_view::npos) {
      parts.push_back(s.substr(start));
      return parts;
    }
    parts.push_back(s.substr(start, pos - start));
    start = pos + 1;
  }
}

// Python's _PyUnicode_TransformDecimalAndSpaceToASCII, which int() and float() apply
// first: Unicode decimal digits become ASCII digits, Unicode spaces become ' '.
// (Decimal digits come in runs of ten starting at zero, so the value is the
// position in the run.)
std::string ascii_numeric(std::string_view s) {
  if (utf8::is_ascii(s)) return std::string(s);
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    size_t start = i;
    uint32_t cp = utf8::decode(s, i);
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (utf8::is_space(cp)) {
      out += ' ';
    } else if (utf8::is_decimal(cp)) {
      uint32_t run = 0;
      while (run < cp && utf8::is_decimal(cp - run - 1)) ++run;
      out += static_cast<char>('0' + run % 10);
    } else {
      out.append(s.substr(start, i - start));
    }
  }
  return out;
}

}  // namespace

// ---- attribute paths -------------------------------------------------------------

std::vector<Value> attribute_parts(const Value& attribute) {
  std::vector<Value> parts;
  if (attribute.is_none()) return parts;
  if (!attribute.is_string()) {
    parts.push_back(attribute);
    return parts;
  }
  for (std::string_view part : split_on(attribute.as_string(), '.')) {
    if (ascii_digits(part)) {
      auto number = parse_int(part, 10);
      parts.push_back(*number);
    } else {
      parts.push_back(Value::string(part));
    }
  }
  return parts;
}

Value follow_parts(Runtime& rt, Value item, const std::vector<Value>& parts,
                   const Value* default_value, LookupHint* hints) {
  for (size_t i = 0; i < parts.size(); ++i) {
    const Value& part = parts[i];
    const Value* found = nullptr;
    if (hints && item.kind() == Kind::Dict && part.is_string())
      found = item.dict_obj().find(std::string_view(part.as_string()), hints[i]);
    item = found ? *found : rt.getitem(item, part);
    if (default_value && !default_value->is_none() && item.is_undefined()) item = *default_value;
  }
  return item;
}

Value ignore_case(const Value& v) {
  if (v.is_string()) {
    const std::string& s = v.as_string();
    bool has_upper = false;
    for (unsigned char c : s) {
      if (c >= 0x80 || (c >= 'A' && c <= 'Z')) {
        has_upper = true;
        break;
      }
    }
    if (!has_upper) return v;
    return Value::string(utf8::lower(s));
  }
  return v;
}

AttrGetter::AttrGetter(const Value& attribute, bool lower_case, const Value& default_value,
                       bool multi)
    : lower_case_(lower_case), multi_(multi), default_(default_value) {
  if (multi && attribute.is_string()) {
    for (std::string_view piece : split_on(attribute.as_string(), ','))
      paths_.push_back({attribute_parts(Value::string(piece)), {}});
  } else {
    paths_.push_back({attribute_parts(attribute), {}});
  }
  for (Path& path : paths_) path.hints.resize(path.parts.size());
}

Value AttrGetter::operator()(Runtime& rt, const Value& item) const {
  if (!multi_) {
    const Path& path = paths_[0];
    Value v = follow_parts(rt, item, path.parts, &default_, path.hints.data());
    return lower_case_ ? ignore_case(v) : v;
  }
  std::vector<Value> values;
  values.reserve(paths_.size());
  for (const Path& path : paths_) {
    Value v = follow_parts(rt, item, path.parts, nullptr, path.hints.data());
    values.push_back(lower_case_ ? ignore_case(v) : v);
  }
  return Value::list(std::move(values));
}

// ---- comparisons and containers ----------------------------------------------------

// CPython's list.sort makes its comparisons in a particular order, and that order
// decides which error a template sees when keys are unorderable ('<' between
// 'str' and 'int', or an Undefined attribute). For lists below 64 items (one run:
// count_run, then binary insertion) this reproduces CPython's exact sequence of
// `<` calls; longer lists use std::stable_sort (same result when keys are orderable).
void sort_by_keys(std::vector<Value>& items, std::vector<Value>& keys, bool reverse) {
  size_t n = items.size();
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t{0});
  // sorted(reverse=True) reverses, sorts stably, and reverses back.
  if (reverse) std::reverse(order.begin(), order.end());
  auto less = [&](size_t a, size_t b) { return compare(keys[a], keys[b]) == -1; };
  if (n < 64) {
    if (n >= 2) {
      // count_run: the longest ascending (or strictly descending) prefix.
      size_t run = 2;
      bool descending = less(order[1], order[0]);
      if (descending) {
        while (run < n && less(order[run], order[run - 1])) ++run;
        std::reverse(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(run));
      } else {
        while (run < n && !less(order[run], order[run - 1])) ++run;
      }
      // binarysort of the rest into the run.
      for (size_t start = run; start < n; ++start) {
        size_t pivot = order[start];
        size_t l = 0, r = start;
        do {
          size_t p = l + ((r - l) >> 1);
          if (less(pivot, order[p])) {
            r = p;
          } else {
            l = p + 1;
          }
        } while (l < r);
        for (size_t p = start; p > l; --p) order[p] = order[p - 1];
        order[l] = pivot;
      }
    }
  } else {
    std::stable_sort(order.begin(), order.end(), less);
  }
  if (reverse) std::reverse(order.begin(), order.end());
  std::vector<Value> sorted;
  sorted.reserve(n);
  for (size_t i : order) sorted.push_back(std::move(items[i]));
  items = std::move(sorted);
}

bool ValueSet::insert(const Value& v) {
  size_t h = hash_value(v);
  auto& bucket = buckets_[h % buckets_.size()];
  for (const Value& existing : bucket) {
    if (equals(existing, v)) return false;
  }
  bucket.push_back(v);
  if (++size_ > buckets_.size() * 2) {
    std::vector<std::vector<Value>> bigger(buckets_.size() * 4);
    for (auto& b : buckets_) {
      for (auto& x : b) bigger[hash_value(x) % bigger.size()].push_back(std::move(x));
    }
    buckets_ = std::move(bigger);
  }
  return true;
}

// ---- numbers -------------------------------------------------------------------------

std::optional<Value> parse_int(std::string_view text, int base) {
  std::string stripped = py_strip(ascii_numeric(text), nullptr);
  std::string_view s = stripped;
  if (base != 0 && (base < 2 || base > 36)) return std::nullopt;
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  bool prefixed = false;
  if (s.size() >= 2 && s[0] == '0') {
    char p = static_cast<char>(s[1] | 0x20);
    int prefix_base = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
    if (prefix_base && (base == 0 || base == prefix_base)) {
      base = prefix_base;
      prefixed = true;
      s.remove_prefix(2);
    }
  }
  bool zero_rule = false;  // base 0 decimal: no leading zeros ("010" is invalid)
  if (base == 0) {
    base = 10;
    zero_rule = !s.empty() && s[0] == '0';
  }
  // Digits, single underscores between them (and one right after a prefix).
  std::vector<int> digits;
  bool expect_digit = false;
  if (prefixed && !s.empty() && s[0] == '_') {
    s.remove_prefix(1);
    expect_digit = true;
  }
  bool prev_digit = false;
  for (char c : s) {
    if (c == '_') {
      if (!prev_digit) return std::nullopt;
      prev_digit = false;
      expect_digit = true;
      continue;
    }
    int d;
    if (c >= '0' && c <= '9') {
      d = c - '0';
    } else if (c >= 'a' && c <= 'z') {
      d = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'Z') {
      d = c - 'A' + 10;
    } else {
      return std::nullopt;
    }
    if (d >= base) return std::nullopt;
    digits.push_back(d);
    prev_digit = true;
    expect_digit = false;
  }
  if (digits.empty() || expect_digit) return std::nullopt;
  if ((base & (base - 1)) == 0) {
    check_int_bits(digits.size() * static_cast<uint64_t>(std::bit_width(unsigned(base)) - 1));
  } else {
    check_int_parse_digits(digits.size());
  }
  if (zero_rule) {
    for (int d : digits) {
      if (d != 0) return std::nullopt;
    }
  }
  int64_t small = 0;
  size_t i = 0;
  for (; i < digits.size(); ++i) {
    int64_t next;
    if (__builtin_mul_overflow(small, base, &next) ||
        __builtin_add_overflow(next, digits[i], &next)) {
      break;
    }
    small = next;
  }
  if (i == digits.size()) return Value::integer(negative ? -small : small);
  BigInt big(small);
  BigInt big_base(static_cast<int64_t>(base));
  for (; i < digits.size(); ++i) big = big * big_base + BigInt(static_cast<int64_t>(digits[i]));
  return Value::integer(negative ? -big : big);
}

std::optional<double> parse_float(std::string_view text) {
  std::string stripped = py_strip(ascii_numeric(text), nullptr);
  std::string_view s = stripped;
  std::string clean;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    clean += s[0];
    s.remove_prefix(1);
  }
  std::string lower;
  for (char c : s) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  if (lower == "inf" || lower == "infinity" || lower == "nan") {
    double v = lower == "nan" ? NAN : INFINITY;
    return clean == "-" ? -v : v;
  }
  // digits [. digits] [e [sign] digits], underscores only between two digits.
  bool any_digit = false;
  size_t i = 0;
  auto digit_run = [&](bool& seen) {
    bool prev_digit = false;
    while (i < s.size()) {
      char c = s[i];
      if (c >= '0' && c <= '9') {
        clean += c;
        prev_digit = seen = true;
      } else if (c == '_' && prev_digit && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '9') {
        prev_digit = false;
      } else {
        break;
      }
      ++i;
    }
  };
  digit_run(any_digit);
  if (i < s.size() && s[i] == '.') {
    clean += '.';
    ++i;
    digit_run(any_digit);
  }
  if (!any_digit) return std::nullopt;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    clean += 'e';
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) clean += s[i++];
    bool exp_digit = false;
    digit_run(exp_digit);
    if (!exp_digit) return std::nullopt;
  }
  if (i != s.size()) return std::nullopt;
  return std::strtod(clean.c_str(), nullptr);
}

Value int_from_double(double d) {
  double t = std::trunc(d);
  if (t >= -9.2e18 && t <= 9.2e18) return Value::integer(static_cast<int64_t>(t));
  return Value::integer(BigInt::from_double(t));
}

}  // namespace wfgen::jinja::builtins
