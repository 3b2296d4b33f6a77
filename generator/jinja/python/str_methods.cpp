// str methods with CPython's semantics: indices and widths count code points,
// whitespace and case follow Unicode (unicode.h), errors carry Python's messages.
#include <algorithm>
#include <string>
#include <unordered_map>

#include "jinja/error.h"
#include "jinja/limits.h"
#include "jinja/python/format.h"
#include "jinja/python/index.h"
#include "jinja/python/method_binding.h"
#include "jinja/python/ops.h"
#include "jinja/python/str_ops.h"
#include "jinja/python/unicode.h"
#include "jinja/python/unicode_case.h"

namespace wfgen::jinja::methods {

namespace {

using CodePoints = std::vector<uint32_t>;

const std::string& str(const Value& self) {
  return self.as_string();
}

std::string tname(const Value& v) {
  return std::string(type_name(v));
}

// "must be str, not int" and its per-method variants.
// (Argument Clinic names None "None", not "NoneType".)
const std::string& need_str(const Value& v, std::string_view prefix) {
  if (!v.is_string()) {
    bool clinic = !prefix.empty();  // "replace() argument 1 must be str, not None"
    throw_type_error(std::string(prefix) + "must be str, not " +
                     (clinic && v.is_none() ? "None" : tname(v)));
  }
  return v.as_string();
}

Value make_list(std::vector<std::string> parts) {
  std::vector<Value> out;
  out.reserve(parts.size());
  for (auto& p : parts) out.push_back(Value::string(std::move(p)));
  return Value::list(std::move(out));
}

// Python's ADJUST_INDICES: negative bounds count from the end; end clamps to len.
void adjust_indices(int64_t& start, int64_t& end, int64_t len) {
  if (end > len) {
    end = len;
  } else if (end < 0) {
    end = std::max<int64_t>(end + len, 0);
  }
  if (start < 0) start = std::max<int64_t>(start + len, 0);
}

// Code point slice [start, end) of `cps` matches `sub` at position i.
bool match_at(const CodePoints& cps, const CodePoints& sub, int64_t i) {
  return std::equal(sub.begin(), sub.end(), cps.begin() + i);
}

// --- case and predicates ------------------------------------------------------

template <std::string (*Fn)(std::string_view)>
Value case_method(std::string_view name, const Value& self, CallArgs& args) {
  bind({"str", name, Arity::None}, args);
  return Value::string(Fn(str(self)));
}

Value str_upper(Runtime&, const Value& self, CallArgs& args) {
  return case_method<utf8::upper>("upper", self, args);
}
Value str_lower(Runtime&, const Value& self, CallArgs& args) {
  return case_method<utf8::lower>("lower", self, args);
}
Value str_title(Runtime&, const Value& self, CallArgs& args) {
  return case_method<utf8::title>("title", self, args);
}
Value str_capitalize(Runtime&, const Value& self, CallArgs& args) {
  return case_method<utf8::capitalize>("capitalize", self, args);
}
Value str_swapcase(Runtime&, const Value& self, CallArgs& args) {
  return case_method<utf8::swapcase>("swapcase", self, args);
}
Value str_casefold(Runtime&, const Value& self, CallArgs& args) {
  return case_method<utf8::casefold>("casefold", self, args);
}

// Every code point satisfies `pred`, and there is at least one.
template <bool (*Pred)(uint32_t)>
Value all_of_method(std::string_view name, const Value& self, CallArgs& args) {
  bind({"str", name, Arity::None}, args);
  const std::string& s = str(self);
  if (s.empty()) return Value::boolean(false);
  for (size_t i = 0; i < s.size();) {
    if (!Pred(utf8::decode(s, i))) return Value::boolean(false);
  }
  return Value::boolean(true);
}

Value str_isdigit(Runtime&, const Value& self, CallArgs& args) {
  return all_of_method<utf8::is_digit>("isdigit", self, args);
}
Value str_isalpha(Runtime&, const Value& self, CallArgs& args) {
  return all_of_method<utf8::is_alpha>("isalpha", self, args);
}
Value str_isalnum(Runtime&, const Value& self, CallArgs& args) {
  return all_of_method<utf8::is_alnum>("isalnum", self, args);
}
Value str_isspace(Runtime&, const Value& self, CallArgs& args) {
  return all_of_method<utf8::is_space>("isspace", self, args);
}
Value str_isnumeric(Runtime&, const Value& self, CallArgs& args) {
  return all_of_method<utf8::is_numeric>("isnumeric", self, args);
}
Value str_isdecimal(Runtime&, const Value& self, CallArgs& args) {
  return all_of_method<utf8::is_decimal>("isdecimal", self, args);
}

template <bool (*Pred)(std::string_view)>
Value string_pred_method(std::string_view name, const Value& self, CallArgs& args) {
  bind({"str", name, Arity::None}, args);
  return Value::boolean(Pred(str(self)));
}

Value str_isupper(Runtime&, const Value& self, CallArgs& args) {
  return string_pred_method<utf8::str_is_upper>("isupper", self, args);
}
Value str_islower(Runtime&, const Value& self, CallArgs& args) {
  return string_pred_method<utf8::str_is_lower>("islower", self, args);
}
Value str_istitle(Runtime&, const Value& self, CallArgs& args) {
  return string_pred_method<utf8::str_is_title>("istitle", self, args);
}

Value str_isprintable(Runtime&, const Value& self, CallArgs& args) {
  bind({"str", "isprintable", Arity::None}, args);
  const std::string& s = str(self);
  // ASCII's printable bytes (nearly every string scalar() is asked about) without decoding;
  // the scan stops on a character's first byte.
  size_t i = 0;
  while (i < s.size() && static_cast<unsigned char>(s[i]) - 0x20u < 0x5Fu) ++i;
  while (i < s.size()) {
    if (!utf8::is_printable(utf8::decode(s, i))) return Value::boolean(false);
  }
  return Value::boolean(true);  // '' is printable
}

Value str_isascii(Runtime&, const Value& self, CallArgs& args) {
  bind({"str", "isascii", Arity::None}, args);
  return Value::boolean(utf8::is_ascii(str(self)));
}

Value str_isidentifier(Runtime&, const Value& self, CallArgs& args) {
  bind({"str", "isidentifier", Arity::None}, args);
  const std::string& s = str(self);
  if (s.empty()) return Value::boolean(false);
  size_t i = 0;
  if (!utf8::is_id_start(utf8::decode(s, i))) return Value::boolean(false);
  while (i < s.size()) {
    if (!utf8::is_id_continue(utf8::decode(s, i))) return Value::boolean(false);
  }
  return Value::boolean(true);
}

// --- strip / split -----------------------------------------------------------

enum Side { kLeft = 1, kRight = 2, kBoth = 3 };

Value strip_impl(std::string_view name, const Value& self, CallArgs& args, int side) {
  Bound b = bind({"str", name, Arity::Expected, 0, 1}, args);
  const std::string* chars = nullptr;  // whitespace
  if (b.has(0) && !b[0].is_none()) {
    if (!b[0].is_string()) throw_type_error(std::string(name) + " arg must be None or str");
    chars = &b[0].as_string();
  }
  return Value::string(py_strip(str(self), chars, side & kLeft, side & kRight));
}

Value str_strip(Runtime&, const Value& self, CallArgs& args) {
  return strip_impl("strip", self, args, kBoth);
}
Value str_lstrip(Runtime&, const Value& self, CallArgs& args) {
  return strip_impl("lstrip", self, args, kLeft);
}
Value str_rstrip(Runtime&, const Value& self, CallArgs& args) {
  return strip_impl("rstrip", self, args, kRight);
}

struct SplitArgs {
  bool whitespace = true;
  std::string sep;
  int64_t maxsplit = -1;
};

SplitArgs split_args(std::string_view name, CallArgs& args) {
  Bound b = bind({"str", name, Arity::Takes, 0, 2, {"sep", "maxsplit"}}, args);
  SplitArgs out;
  if (b.has(1)) out.maxsplit = to_index(b[1]);  // converted before sep is looked at
  if (b.has(0) && !b[0].is_none()) {
    if (!b[0].is_string()) throw_type_error("must be str or None, not " + tname(b[0]));
    out.whitespace = false;
    out.sep = b[0].as_string();
    if (out.sep.empty()) value_error("empty separator");
  }
  if (out.maxsplit < 0) out.maxsplit = INT64_MAX;
  return out;
}

Value str_split(Runtime&, const Value& self, CallArgs& args) {
  SplitArgs a = split_args("split", args);
  const std::string& s = str(self);
  std::vector<std::string> parts;
  if (!a.whitespace) {
    size_t i = 0;
    for (int64_t n = a.maxsplit; n > 0; --n) {
      size_t pos = s.find(a.sep, i);
      if (pos == std::string::npos) break;
      parts.push_back(s.substr(i, pos - i));
      check_item_growth(parts.size(), "the result of split()");
      i = pos + a.sep.size();
    }
    parts.push_back(s.substr(i));
    return make_list(std::move(parts));
  }
  return make_list(py_split_whitespace(s, a.maxsplit));
}

Value str_rsplit(Runtime&, const Value& self, CallArgs& args) {
  SplitArgs a = split_args("rsplit", args);
  const std::string& s = str(self);
  std::vector<std::string> parts;
  if (!a.whitespace) {
    size_t end = s.size();
    for (int64_t n = a.maxsplit; n > 0 && end >= a.sep.size(); --n) {
      size_t pos = s.rfind(a.sep, end - a.sep.size());
      if (pos == std::string::npos) break;
      parts.push_back(s.substr(pos + a.sep.size(), end - pos - a.sep.size()));
      check_item_growth(parts.size(), "the result of rsplit()");
      end = pos;
    }
    parts.push_back(s.substr(0, end));
  } else {
    // CPython's rsplit_whitespace, over code points (signed: i runs to -1).
    std::vector<size_t> off = utf8::offsets(s);
    CodePoints cps = utf8::to_code_points(s);
    auto space = [&](int64_t k) { return utf8::is_space(cps[static_cast<size_t>(k)]); };
    auto piece = [&](int64_t from, int64_t to) {
      return s.substr(off[static_cast<size_t>(from)],
                      off[static_cast<size_t>(to)] - off[static_cast<size_t>(from)]);
    };
    int64_t i = static_cast<int64_t>(cps.size()) - 1;
    for (int64_t n = a.maxsplit; n > 0; --n) {
      while (i >= 0 && space(i)) --i;
      if (i < 0) break;
      int64_t j = i--;
      while (i >= 0 && !space(i)) --i;
      parts.push_back(piece(i + 1, j + 1));
      check_item_growth(parts.size(), "the result of rsplit()");
    }
    if (i >= 0) {
      while (i >= 0 && space(i)) --i;
      if (i >= 0) parts.push_back(piece(0, i + 1));
    }
  }
  std::reverse(parts.begin(), parts.end());
  return make_list(std::move(parts));
}

Value str_splitlines(Runtime&, const Value& self, CallArgs& args) {
  Bound b = bind({"str", "splitlines", Arity::Takes, 0, 1, {"keepends"}}, args);
  bool keepends = b.has(0) && to_c_int(b[0]) != 0;
  return make_list(py_splitlines(str(self), keepends));
}

Value str_join(Runtime&, const Value& self, CallArgs& args) {
  Bound b = bind({"str", "join", Arity::One, 1, 1}, args);
  const Value& it = b[0];
  std::vector<Value> items;
  if (it.is_object()) {
    // Ranges, dict views, generators (iterated once, here).
    if (!it.obj().iterate(items)) throw_type_error("can only join an iterable");
  } else if (it.is_string() || it.is_sequence() || it.is_dict() || it.is_undefined()) {
    items = iterate(it);  // an Undefined is empty (a strict one raises)
  } else {
    throw_type_error("can only join an iterable");
  }
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!items[i].is_string()) {
      throw_type_error("sequence item " + std::to_string(i) + ": expected str instance, " +
                       tname(items[i]) + " found");
    }
    if (i) out += str(self);
    out += items[i].as_string();
    check_string_growth(out, "the result of join()");
  }
  return Value::string(std::move(out));
}

Value str_replace(Runtime&, const Value& self, CallArgs& args) {
  Bound b = bind({"str", "replace", Arity::Expected, 2, 3}, args);
  const std::string& old = need_str(b[0], "replace() argument 1 ");
  const std::string& repl = need_str(b[1], "replace() argument 2 ");
  int64_t count = b.has(2) ? to_index(b[2]) : -1;
  return Value::string(py_replace(str(self), old, repl, count));
}

// --- searching -----------------------------------------------------------------

struct Search {
  CodePoints cps, sub;
  int64_t start = 0, end = 0;
};

// find/rfind/index/rindex/count(sub[, start[, end]]) share their parsing.
Search search_args(std::string_view name, const Value& self, CallArgs& args) {
  Bound b = bind({"str", name, Arity::Takes, 1, 3}, args);
  Search s;
  // CPython converts start/end before it checks the substring's type.
  int64_t start = slice_bound(b, 1, 0), end = slice_bound(b, 2, INT64_MAX / 2);
  s.sub = utf8::to_code_points(need_str(b[0], ""));
  s.cps = utf8::to_code_points(str(self));
  auto len = static_cast<int64_t>(s.cps.size());
  s.start = start;
  s.end = end;
  adjust_indices(s.start, s.end, len);
  return s;
}

int64_t find_forward(const Search& s) {
  auto sub_len = static_cast<int64_t>(s.sub.size());
  if (s.end - s.start < sub_len) return -1;
  for (int64_t i = s.start; i + sub_len <= s.end; ++i) {
    if (match_at(s.cps, s.sub, i)) return i;
  }
  return -1;
}

int64_t find_backward(const Search& s) {
  auto sub_len = static_cast<int64_t>(s.sub.size());
  if (s.end - s.start < sub_len) return -1;
  for (int64_t i = s.end - sub_len; i >= s.start; --i) {
    if (match_at(s.cps, s.sub, i)) return i;
  }
  return -1;
}

Value str_find(Runtime&, const Value& self, CallArgs& args) {
  return Value::integer(find_forward(search_args("find", self, args)));
}
Value str_rfind(Runtime&, const Value& self, CallArgs& args) {
  return Value::integer(find_backward(search_args("rfind", self, args)));
}
Value str_index(Runtime&, const Value& self, CallArgs& args) {
  int64_t i = find_forward(search_args("index", self, args));
  if (i < 0) value_error("substring not found");
  return Value::integer(i);
}
Value str_rindex(Runtime&, const Value& self, CallArgs& args) {
  int64_t i = find_backward(search_args("rindex", self, args));
  if (i < 0) value_error("substring not found");
  return Value::integer(i);
}

Value str_count(Runtime&, const Value& self, CallArgs& args) {
  Search s = search_args("count", self, args);
  if (s.start > s.end) return Value::integer(0);
  if (s.sub.empty()) return Value::integer(s.end - s.start + 1);
  int64_t n = 0;
  auto sub_len = static_cast<int64_t>(s.sub.size());
  for (int64_t i = s.start; i + sub_len <= s.end;) {
    if (match_at(s.cps, s.sub, i)) {
      ++n;
      i += sub_len;
    } else {
      ++i;
    }
  }
  return Value::integer(n);
}

// startswith/endswith(prefix[, start[, end]]); prefix may be a tuple of str.
Value tail_match(std::string_view name, const Value& self, CallArgs& args, bool at_end) {
  Bound b = bind({"str", name, Arity::Takes, 1, 3}, args);
  int64_t start = slice_bound(b, 1, 0), end = slice_bound(b, 2, INT64_MAX / 2);
  std::vector<Value> candidates;
  if (b[0].is_string()) {
    candidates.push_back(b[0]);
  } else if (b[0].is_tuple()) {
    for (const Value& v : b[0].items()) {
      if (!v.is_string()) {
        throw_type_error("tuple for " + std::string(name) + " must only contain str, not " +
                         tname(v));
      }
      candidates.push_back(v);
    }
  } else {
    throw_type_error(std::string(name) + " first arg must be str or a tuple of str, not " +
                     tname(b[0]));
  }
  CodePoints cps = utf8::to_code_points(str(self));
  auto len = static_cast<int64_t>(cps.size());
  adjust_indices(start, end, len);
  for (const Value& c : candidates) {
    CodePoints sub = utf8::to_code_points(c.as_string());
    auto sub_len = static_cast<int64_t>(sub.size());
    if (end - sub_len < start) continue;
    if (match_at(cps, sub, at_end ? end - sub_len : start)) return Value::boolean(true);
  }
  return Value::boolean(false);
}

Value str_startswith(Runtime&, const Value& self, CallArgs& args) {
  return tail_match("startswith", self, args, false);
}
Value str_endswith(Runtime&, const Value& self, CallArgs& args) {
  return tail_match("endswith", self, args, true);
}

Value partition_impl(std::string_view name, const Value& self, CallArgs& args, bool from_right) {
  Bound b = bind({"str", name, Arity::One, 1, 1}, args);
  const std::string& sep = need_str(b[0], "");
  if (sep.empty()) value_error("empty separator");
  const std::string& s = str(self);
  size_t pos = from_right ? s.rfind(sep) : s.find(sep);
  if (pos == std::string::npos) {
    Value empty = Value::string("");
    return from_right ? Value::tuple({empty, empty, self}) : Value::tuple({self, empty, empty});
  }
  return Value::tuple(
      {Value::string(s.substr(0, pos)), b[0], Value::string(s.substr(pos + sep.size()))});
}

Value str_partition(Runtime&, const Value& self, CallArgs& args) {
  return partition_impl("partition", self, args, false);
}
Value str_rpartition(Runtime&, const Value& self, CallArgs& args) {
  return partition_impl("rpartition", self, args, true);
}

// --- padding -------------------------------------------------------------------

Value pad_impl(std::string_view name, const Value& self, CallArgs& args, PadAlign align) {
  Bound b = bind({"str", name, Arity::Expected, 1, 2}, args);
  int64_t width = to_index(b[0]);
  std::string fill = " ";
  if (b.has(1)) {
    if (!b[1].is_string()) {
      throw_type_error("The fill character must be a unicode character, not " + tname(b[1]));
    }
    if (utf8::length(b[1].as_string()) != 1) {
      throw_type_error("The fill character must be exactly one character long");
    }
    fill = b[1].as_string();
  }
  const std::string& s = str(self);
  if (width <= static_cast<int64_t>(utf8::length(s))) return self;
  return Value::string(py_pad(s, width, fill, align));
}

Value str_center(Runtime&, const Value& self, CallArgs& args) {
  return pad_impl("center", self, args, PadAlign::Center);
}
Value str_ljust(Runtime&, const Value& self, CallArgs& args) {
  return pad_impl("ljust", self, args, PadAlign::Left);
}
Value str_rjust(Runtime&, const Value& self, CallArgs& args) {
  return pad_impl("rjust", self, args, PadAlign::Right);
}

Value str_zfill(Runtime&, const Value& self, CallArgs& args) {
  Bound b = bind({"str", "zfill", Arity::One, 1, 1}, args);
  int64_t width = to_index(b[0]);
  const std::string& s = str(self);
  auto len = static_cast<int64_t>(utf8::length(s));
  if (width <= len) return self;
  check_string_size(static_cast<uint64_t>(width - len), 1, s.size(), "the result of zfill()");
  std::string out(static_cast<size_t>(width - len), '0');
  out += s;
  // A leading sign moves in front of the zeros.
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    out[0] = s[0];
    out[static_cast<size_t>(width - len)] = '0';
  }
  return Value::string(std::move(out));
}

Value str_expandtabs(Runtime&, const Value& self, CallArgs& args) {
  Bound b = bind({"str", "expandtabs", Arity::Takes, 0, 1, {"tabsize"}}, args);
  int64_t tabsize = b.has(0) ? to_c_int(b[0]) : 8;
  const std::string& s = str(self);
  std::string out;
  int64_t column = 0;
  for (size_t i = 0; i < s.size();) {
    size_t start = i;
    uint32_t cp = utf8::decode(s, i);
    if (cp == '\t') {
      if (tabsize > 0) {
        int64_t incr = tabsize - column % tabsize;
        check_string_size(out.size() + static_cast<size_t>(incr), "the result of expandtabs()");
        out.append(static_cast<size_t>(incr), ' ');
        column += incr;
      }
      continue;
    }
    out.append(s, start, i - start);
    ++column;
    if (cp == '\n' || cp == '\r') column = 0;
  }
  return Value::string(std::move(out));
}

Value str_removeprefix(Runtime&, const Value& self, CallArgs& args) {
  Bound b = bind({"str", "removeprefix", Arity::One, 1, 1}, args);
  const std::string& prefix = need_str(b[0], "removeprefix() argument ");
  const std::string& s = str(self);
  if (s.compare(0, prefix.size(), prefix) == 0 && s.size() >= prefix.size()) {
    return Value::string(s.substr(prefix.size()));
  }
  return self;
}

Value str_removesuffix(Runtime&, const Value& self, CallArgs& args) {
  Bound b = bind({"str", "removesuffix", Arity::One, 1, 1}, args);
  const std::string& suffix = need_str(b[0], "removesuffix() argument ");
  const std::string& s = str(self);
  if (!suffix.empty() && s.size() >= suffix.size() &&
      s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0) {
    return Value::string(s.substr(0, s.size() - suffix.size()));
  }
  return self;
}

// --- translate / maketrans -------------------------------------------------------

// The class name Python's messages give a value (Jinja2's objects by their short name).
std::string python_type_name(const Value& v) {
  if (v.is_markup()) return "Markup";
  std::string name = tname(v);
  size_t dot = name.rfind('.');
  return dot == std::string::npos ? name : name.substr(dot + 1);
}

// table[cp] as str.translate does it: false when the table has no entry (a
// LookupError: KeyError or IndexError), which leaves the character as it is.
bool translate_lookup(const Value& table, uint32_t cp, Value& out) {
  auto index = [&](const std::vector<Value>& items) {
    if (cp >= items.size()) return false;
    out = items[cp];
    return true;
  };
  switch (table.kind()) {
    case Kind::Dict:
      if (const Value* v = table.dict_obj().find(Value::integer(static_cast<int64_t>(cp)))) {
        out = *v;
        return true;
      }
      return false;
    case Kind::List:
    case Kind::Tuple:
      return index(table.items());
    case Kind::String: {
      const std::string& t = table.as_string();
      size_t i = 0;
      for (uint32_t k = 0; k < cp && i < t.size(); ++k) utf8::decode(t, i);
      if (i >= t.size()) return false;
      size_t start = i;
      utf8::decode(t, i);
      out = Value::string(t.substr(start, i - start));
      return true;
    }
    case Kind::Undefined:
      raise_undefined(table);
    case Kind::Object: {
      std::vector<Value> items;
      if (table.obj().type_name() == "range" && table.obj().iterate(items)) return index(items);
      break;
    }
    default:
      break;
  }
  throw_type_error("'" + python_type_name(table) + "' object is not subscriptable");
}

Value str_translate(Runtime&, const Value& self, CallArgs& args) {
  Bound b = bind({"str", "translate", Arity::One, 1, 1}, args);
  const Value& table = b[0];
  const std::string& s = str(self);
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    size_t start = i;
    uint32_t cp = utf8::decode(s, i);
    Value mapped;
    if (!translate_lookup(table, cp, mapped)) {
      out.append(s, start, i - start);
      continue;
    }
    if (mapped.is_none()) continue;
    if (mapped.is_string()) {
      out += mapped.as_string();
    } else if (mapped.is_int() || mapped.is_bool()) {
      int64_t c = mapped.kind() == Kind::BigInt ? -1
                  : mapped.is_bool()            ? mapped.as_bool()
                                                : mapped.as_int();
      if (c < 0 || c >= 0x110000) value_error("character mapping must be in range(0x110000)");
      utf8::encode(out, static_cast<uint32_t>(c));
    } else {
      throw_type_error("character mapping must return integer, None or str");
    }
  }
  return Value::string(std::move(out));
}

// str.maketrans(x[, y[, z]]): a static method, also callable on any str.
Value str_maketrans(Runtime&, const Value&, CallArgs& args) {
  Bound b = bind({"str", "maketrans", Arity::Expected, 1, 3}, args);
  Value table = Value::dict();
  DictObj& d = table.dict_obj();
  if (b.has(1)) {
    // Argument Clinic checks y and z before the body looks at x.
    const std::string& to = need_str(b[1], "maketrans() argument 2 ");
    if (b.has(2)) need_str(b[2], "maketrans() argument 3 ");
    if (!b[0].is_string()) {
      throw_type_error("first maketrans argument must be a string if there is a second argument");
    }
    CodePoints from_cps = utf8::to_code_points(b[0].as_string());
    CodePoints to_cps = utf8::to_code_points(to);
    if (from_cps.size() != to_cps.size()) {
      value_error("the first two maketrans arguments must have equal length");
    }
    for (size_t i = 0; i < from_cps.size(); ++i) {
      d.set(Value::integer(static_cast<int64_t>(from_cps[i])),
            Value::integer(static_cast<int64_t>(to_cps[i])));
    }
    if (b.has(2)) {
      for (uint32_t cp : utf8::to_code_points(b[2].as_string())) {
        d.set(Value::integer(static_cast<int64_t>(cp)), Value::none());
      }
    }
    return table;
  }
  if (!b[0].is_dict()) {
    throw_type_error("if you give only one argument to maketrans it must be a dict");
  }
  for (const auto& [key, value] : b[0].dict_obj().entries()) {
    if (key.is_string()) {
      CodePoints cps = utf8::to_code_points(key.as_string());
      if (cps.size() != 1) value_error("string keys in translate table must be of length 1");
      d.set(Value::integer(static_cast<int64_t>(cps[0])), value);
    } else if (key.is_int() || key.is_bool()) {
      d.set(key, value);
    } else {
      throw_type_error("keys in translate table must be strings or integers");
    }
  }
  return table;
}

// --- formatting ---------------------------------------------------------------

Value str_format_method(Runtime& rt, const Value& self, CallArgs& args) {
  return Value::string(str_format(rt, str(self), args));
}

Value str_format_map_method(Runtime& rt, const Value& self, CallArgs& args) {
  Bound b = bind({"str", "format_map", Arity::One, 1, 1}, args);
  return Value::string(str_format_map(rt, str(self), b[0]));
}

}  // namespace

MethodFn find_str_method(std::string_view name) {
  static const std::unordered_map<std::string_view, MethodFn> table = {
      {"upper", str_upper},
      {"lower", str_lower},
      {"title", str_title},
      {"capitalize", str_capitalize},
      {"swapcase", str_swapcase},
      {"casefold", str_casefold},
      {"strip", str_strip},
      {"lstrip", str_lstrip},
      {"rstrip", str_rstrip},
      {"split", str_split},
      {"rsplit", str_rsplit},
      {"splitlines", str_splitlines},
      {"join", str_join},
      {"replace", str_replace},
      {"startswith", str_startswith},
      {"endswith", str_endswith},
      {"find", str_find},
      {"rfind", str_rfind},
      {"index", str_index},
      {"rindex", str_rindex},
      {"count", str_count},
      {"center", str_center},
      {"ljust", str_ljust},
      {"rjust", str_rjust},
      {"zfill", str_zfill},
      {"format", str_format_method},
      {"format_map", str_format_map_method},
      {"partition", str_partition},
      {"rpartition", str_rpartition},
      {"isdigit", str_isdigit},
      {"isalpha", str_isalpha},
      {"isalnum", str_isalnum},
      {"isspace", str_isspace},
      {"isupper", str_isupper},
      {"islower", str_islower},
      {"istitle", str_istitle},
      {"isnumeric", str_isnumeric},
      {"isdecimal", str_isdecimal},
      {"isidentifier", str_isidentifier},
      {"expandtabs", str_expandtabs},
      {"removeprefix", str_removeprefix},
      {"removesuffix", str_removesuffix},
      {"isascii", str_isascii},
      {"isprintable", str_isprintable},
      {"translate", str_translate},
      {"maketrans", str_maketrans},
  };
  auto it = table.find(name);
  return it == table.end() ? nullptr : it->second;
}

}  // namespace wfgen::jinja::methods
