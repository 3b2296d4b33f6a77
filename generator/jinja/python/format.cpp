// `fmt % args` and `fmt.format(...)` with CPython's parsing and error messages.
// The per-value format-spec work is in format_spec.cpp.
#include "jinja/python/format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "jinja/error.h"
#include "jinja/python/float_repr.h"
#include "jinja/python/int_digits.h"
#include "jinja/python/methods.h"
#include "jinja/python/ops.h"
#include "jinja/python/runtime.h"
#include "jinja/python/unicode.h"

namespace wfgen::jinja {

namespace {

std::string tname(const Value& v) {
  return std::string(type_name(v));
}

// ascii(): repr with every non-ASCII code point escaped.
std::string ascii_repr(const Value& v) {
  std::string r = to_repr(v), out;
  static const char* hex = "0123456789abcdef";
  for (size_t i = 0; i < r.size();) {
    uint32_t cp = utf8::decode(r, i);
    if (cp < 0x80) {
      out += static_cast<char>(cp);
      continue;
    }
    int digits = cp < 0x100 ? 2 : cp < 0x10000 ? 4 : 8;
    out += digits == 2 ? "\\x" : digits == 4 ? "\\u" : "\\U";
    for (int k = digits - 1; k >= 0; --k) out += hex[(cp >> (4 * k)) & 0xF];
  }
  return out;
}

// ---------------------------------------------------------------------------
// printf-style formatting
// ---------------------------------------------------------------------------

struct PercentState {
  Runtime& rt;
  Value args;      // current argument source (the tuple, or the single value)
  int64_t arglen;  // -1: a single value
  int64_t argidx;  // -2: the single value is not used yet
  bool has_dict;   // a mapping was given: %(key)s may be used, leftovers are fine
  Value dict;

  Value next_arg() {
    if (argidx < arglen) {
      int64_t i = argidx++;
      return arglen < 0 ? args : args.items()[static_cast<size_t>(i)];
    }
    throw_type_error("not enough arguments for format string");
  }
};

struct Conversion {
  bool left = false, plus = false, space = false, alt = false, zero = false;
  int64_t width = -1, precision = -1;
  char type = 0;
};

// Pads `head` + `body` (sign/prefix + digits) to the width: zeros go between them.
std::string pad_percent(const Conversion& c, const std::string& head, const std::string& body,
                        bool allow_zero) {
  auto len = static_cast<int64_t>(head.size() + utf8::length(body));
  if (c.width <= len) return head + body;
  auto gap = static_cast<size_t>(c.width - len);
  if (c.left) return head + body + std::string(gap, ' ');
  if (c.zero && allow_zero) return head + std::string(gap, '0') + body;
  return std::string(gap, ' ') + head + body;
}

std::string sign_of(const Conversion& c, bool negative) {
  if (negative) return "-";
  if (c.plus) return "+";
  if (c.space) return " ";
  return "";
}

// %d %i %u %x %X %o of an int value (precision = minimum digits).
std::string percent_int(const Conversion& c, const Value& v) {
  BigInt b = v.to_bigint();
  bool negative = b.negative();
  if (negative) b = -b;
  std::string digits;
  if (c.type == 'x' || c.type == 'X' || c.type == 'o') {
    const BigInt base(c.type == 'o' ? 8 : 16);
    const char* chars = c.type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
    std::string rev;
    do {
      BigInt q, r;
      BigInt::floor_divmod(b, base, q, r);
      rev += chars[r.to_int64()];
      b = std::move(q);
    } while (!b.is_zero());
    digits.assign(rev.rbegin(), rev.rend());
  } else {
    digits = int_to_decimal(b);
  }
  if (c.precision > static_cast<int64_t>(digits.size())) {
    digits.insert(0, static_cast<size_t>(c.precision) - digits.size(), '0');
  }
  std::string head = sign_of(c, negative);
  if (c.alt && c.type != 'd' && c.type != 'i' && c.type != 'u') {
    head += c.type == 'o' ? "0o" : c.type == 'X' ? "0X" : "0x";
  }
  return pad_percent(c, head, digits, true);
}

std::string percent_one(PercentState& st, const Conversion& c, const Value& v) {
  switch (c.type) {
    case 's':
    case 'r':
    case 'a': {
      std::string s = c.type == 's' ? to_str(v) : c.type == 'r' ? to_repr(v) : ascii_repr(v);
      if (c.precision >= 0 && c.precision < static_cast<int64_t>(utf8::length(s))) {
        s.resize(utf8::offsets(s)[static_cast<size_t>(c.precision)]);
      }
      return pad_percent(c, "", s, false);
    }
    case 'd':
    case 'i':
    case 'u':
      if (v.is_float()) {
        double d = v.as_float();
        if (std::isinf(d)) {
          throw_error(ErrorKind::Runtime, "cannot convert float infinity to integer");
        }
        if (std::isnan(d)) throw_error(ErrorKind::Value, "cannot convert float NaN to integer");
        return percent_int(c, Value::integer(BigInt::from_double(d)));
      }
      if (!v.is_int() && !v.is_bool()) {
        throw_type_error(std::string("%") + c.type + " format: a real number is required, not " +
                         tname(v));
      }
      return percent_int(c, v);
    case 'x':
    case 'X':
    case 'o':
      if (!v.is_int() && !v.is_bool()) {
        throw_type_error(std::string("%") + c.type + " format: an integer is required, not " +
                         tname(v));
      }
      return percent_int(c, v);
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G': {
      if (!v.is_number()) throw_type_error("must be real number, not " + tname(v));
      double d = v.to_double();
      std::string s = format_float(d, c.type, static_cast<int>(c.precision), c.alt);
      bool negative = s[0] == '-';
      if (negative) s.erase(0, 1);
      return pad_percent(c, sign_of(c, negative), s, true);
    }
    case 'c': {
      std::string ch;
      if (v.is_string() && utf8::length(v.as_string()) == 1) {
        ch = v.as_string();
      } else if (v.is_int() || v.is_bool()) {
        if (v.kind() == Kind::BigInt || v.as_int() < 0 || v.as_int() > 0x10FFFF) {
          throw_error(ErrorKind::Runtime, "%c arg not in range(0x110000)");
        }
        utf8::encode(ch, static_cast<uint32_t>(v.as_int()));
      } else {
        throw_type_error("%c requires int or char");
      }
      return pad_percent(c, "", ch, false);
    }
    default:
      (void)st;
      return "";
  }
}

// Looks %(key)s up in the mapping given to %.
Value percent_lookup(PercentState& st, const std::string& key) {
  if (!st.has_dict) throw_type_error("format requires a mapping");
  if (st.dict.is_dict()) {
    const Value* v = st.dict.dict_obj().find(std::string_view(key));
    if (!v) throw_error(ErrorKind::Runtime, to_repr(Value::string(key)));
    return *v;
  }
  if (st.dict.is_list()) throw_type_error("list indices must be integers or slices, not str");
  return st.rt.getitem(st.dict, Value::string(key));
}

// A width pads, and a number's precision zero-fills: both make a field that long.
void check_field_size(int64_t width, int64_t precision) {
  int64_t longest = std::max(width, precision);
  if (longest > 0) check_string_size(static_cast<size_t>(longest), "a formatted field");
}

int64_t star_arg(PercentState& st) {
  Value v = st.next_arg();
  if (!v.is_int() && !v.is_bool()) throw_type_error("* wants int");
  if (v.kind() == Kind::BigInt) throw_error(ErrorKind::Runtime, "width too big");
  return v.as_int();
}

// ---------------------------------------------------------------------------
// str.format
// ---------------------------------------------------------------------------

[[noreturn]] void format_error(std::string message) {
  throw_error(ErrorKind::Value, std::move(message));
}

struct FieldSource {
  Runtime& rt;
  const CallArgs* args = nullptr;  // format()
  const Value* mapping = nullptr;  // format_map()
  int numbering = 0;               // 0 unknown, 1 automatic, 2 manual
  size_t next_auto = 0;
};

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// CPython's get_integer: a field number or index of decimal digits, within Py_ssize_t.
int64_t field_integer(std::string_view digits) {
  int64_t v = 0;
  for (char c : digits) {
    if (v > (INT64_MAX - (c - '0')) / 10)
      throw_error(ErrorKind::Value, "Too many decimal digits in format string");
    v = v * 10 + (c - '0');
  }
  return v;
}

Value index_key(std::string_view key) {
  if (all_digits(key)) return Value::integer(field_integer(key));
  return Value::string(std::string(key));
}

// Python's own class name of a value, as AttributeError/TypeError messages show it.
std::string python_type_name(const Value& v) {
  if (v.is_markup()) return "Markup";
  std::string name(type_name(v));
  size_t dot = name.rfind('.');
  return dot == std::string::npos ? name : name.substr(dot + 1);
}

// getattr(obj, name) in Python: str.format's `.attr` looks up attributes only
// (methods of data values, attributes of objects), never items.
Value python_getattr(Runtime& rt, const Value& obj, std::string_view name) {
  Value out;
  if (obj.is_undefined()) raise_undefined(obj);
  if (obj.is_object()) {
    if (obj.obj().getattr(rt, name, out)) return out;
    // Jinja2's Namespace raises AttributeError(name) from __getattribute__.
    if (obj.obj().type_name() == "Namespace") {
      throw_error(ErrorKind::Runtime, std::string(name));
    }
  } else if (find_method(obj, name, out)) {
    return out;
  }
  throw_error(ErrorKind::Runtime, "'" + python_type_name(obj) + "' object has no attribute '" +
                                      std::string(name) + "'");
}

// obj[key] in Python (key is an int or a str): str.format's `[key]` looks up items only.
Value python_getitem(const Value& obj, const Value& key) {
  if (obj.is_undefined()) raise_undefined(obj);
  if (obj.is_dict()) {
    if (const Value* v = obj.dict_obj().find(key)) return *v;
    throw_error(ErrorKind::Runtime, to_repr(key));
  }
  std::vector<Value> items;
  std::string what;  // the subscripted type as its messages say it
  if (obj.is_string()) {
    if (!key.is_int()) throw_type_error("string indices must be integers, not 'str'");
    items = iterate(obj);
    what = "string";
  } else if (obj.is_sequence() || (obj.is_object() && (obj.obj().type_name() == "range" ||
                                                       obj.obj().type_name() == "_GroupTuple"))) {
    bool range = obj.is_object() && obj.obj().type_name() == "range";
    what = obj.is_list() ? "list" : range ? "range" : "tuple";
    if (!key.is_int()) throw_type_error(what + " indices must be integers or slices, not str");
    if (obj.is_sequence()) {
      items = obj.items();
    } else {
      obj.obj().iterate(items);
    }
    if (range) what = "range object";
  } else {
    throw_type_error("'" + python_type_name(obj) + "' object is not subscriptable");
  }
  if (key.kind() == Kind::Int) {
    int64_t i = key.as_int();
    auto n = static_cast<int64_t>(items.size());
    if (i < 0) i += n;
    if (i >= 0 && i < n) {
      Value item = items[static_cast<size_t>(i)];
      if (obj.is_markup()) return Value::markup(item.as_string());
      return item;
    }
  }
  throw_error(ErrorKind::Runtime, what + " index out of range");
}

// The object named by the first part of a field ('' / '0' / 'name').
Value lookup_first(FieldSource& src, std::string_view first) {
  bool automatic = first.empty();
  if (automatic || all_digits(first)) {
    if (src.mapping) format_error("Format string contains positional fields");
    size_t index = 0;
    if (automatic) {
      if (src.numbering == 2) {
        format_error("cannot switch from manual field specification to automatic field numbering");
      }
      src.numbering = 1;
      index = src.next_auto++;
    } else {
      if (src.numbering == 1) {
        format_error("cannot switch from automatic field numbering to manual field specification");
      }
      src.numbering = 2;
      index = static_cast<size_t>(field_integer(first));
    }
    if (index >= src.args->args.size()) {
      throw_error(ErrorKind::Runtime, "Replacement index " + std::to_string(index) +
                                          " out of range for positional args tuple");
    }
    return src.args->args[index];
  }
  std::string name(first);
  if (src.mapping) {
    if (src.mapping->is_dict()) {
      const Value* v = src.mapping->dict_obj().find(std::string_view(name));
      if (!v) throw_error(ErrorKind::Runtime, to_repr(Value::string(name)));
      return *v;
    }
    return python_getitem(*src.mapping, Value::string(name));
  }
  for (const auto& [k, v] : src.args->kwargs) {
    if (k == name) return v;
  }
  throw_error(ErrorKind::Runtime, to_repr(Value::string(name)));
}

// Resolves a field name: first part, then .attr and [key] accessors.
Value resolve_field(FieldSource& src, std::string_view name) {
  size_t i = 0;
  while (i < name.size() && name[i] != '.' && name[i] != '[') ++i;
  Value obj = lookup_first(src, name.substr(0, i));
  while (i < name.size()) {
    if (name[i] == '.') {
      size_t start = ++i;
      while (i < name.size() && name[i] != '.' && name[i] != '[') ++i;
      if (i == start) format_error("Empty attribute in format string");
      obj = python_getattr(src.rt, obj, name.substr(start, i - start));
    } else {  // '['
      size_t start = ++i;
      while (i < name.size() && name[i] != ']') ++i;
      if (i == name.size()) format_error("Missing ']' in format string");
      if (i == start) format_error("Empty attribute in format string");
      obj = python_getitem(obj, index_key(name.substr(start, i - start)));
      ++i;
      if (i < name.size() && name[i] != '.' && name[i] != '[') {
        format_error("Only '.' or '[' may follow ']' in format field specifier");
      }
    }
  }
  return obj;
}

std::string vformat(FieldSource& src, std::string_view fmt, int depth);

// One replacement field's text between the braces: name[!conv][:spec].
std::string render_field(FieldSource& src, std::string_view field, bool spec_has_fields,
                         int depth) {
  size_t i = 0;
  while (i < field.size()) {
    char c = field[i];
    if (c == '[') {
      while (i < field.size() && field[i] != ']') ++i;
      continue;
    }
    if (c == '{') format_error("unexpected '{' in field name");
    if (c == ':' || c == '!') break;
    ++i;
  }
  std::string_view name = field.substr(0, i);
  char conversion = 0;
  std::string_view spec;
  if (i < field.size() && field[i] == '!') {
    if (i + 1 >= field.size()) {
      format_error("end of string while looking for conversion specifier");
    }
    conversion = field[i + 1];
    i += 2;
    if (i < field.size() && field[i] != ':')
      format_error("expected ':' after conversion specifier");
  }
  if (i < field.size()) spec = field.substr(i + 1);

  Value obj = resolve_field(src, name);
  switch (conversion) {
    case 0:
      break;
    case 's':
      obj = Value::string(to_str(obj));
      break;
    case 'r':
      obj = Value::string(to_repr(obj));
      break;
    case 'a':
      obj = Value::string(ascii_repr(obj));
      break;
    default:
      format_error(std::string("Unknown conversion specifier ") + conversion);
  }
  std::string expanded;
  if (spec_has_fields) {
    expanded = vformat(src, spec, depth - 1);
    spec = expanded;
  }
  return format_value(src.rt, obj, spec);
}

std::string vformat(FieldSource& src, std::string_view fmt, int depth) {
  if (depth <= 0) format_error("Max string recursion exceeded");
  std::string out;
  size_t i = 0;
  while (i < fmt.size()) {
    char c = fmt[i];
    if (c == '}') {
      if (i + 1 < fmt.size() && fmt[i + 1] == '}') {
        out += '}';
        i += 2;
        continue;
      }
      format_error("Single '}' encountered in format string");
    }
    if (c != '{') {
      out += c;
      ++i;
      continue;
    }
    if (i + 1 < fmt.size() && fmt[i + 1] == '{') {
      out += '{';
      i += 2;
      continue;
    }
    if (i + 1 >= fmt.size()) format_error("Single '{' encountered in format string");
    // Find the matching '}', counting nested fields in the spec.
    size_t start = ++i;
    int count = 1;
    bool nested = false;
    bool in_name = true;  // '[...]' in the field name hides braces
    while (i < fmt.size()) {
      if (in_name && fmt[i] == '[') {
        while (i < fmt.size() && fmt[i] != ']') ++i;
        if (i == fmt.size()) break;
      } else if (in_name && (fmt[i] == ':' || fmt[i] == '!')) {
        in_name = false;
      }
      if (fmt[i] == '{') {
        nested = true;
        ++count;
      } else if (fmt[i] == '}' && --count == 0) {
        break;
      }
      ++i;
    }
    if (count != 0) format_error("expected '}' before end of string");
    out += render_field(src, fmt.substr(start, i - start), nested, depth);
    ++i;
  }
  return out;
}

}  // namespace

bool percent_mapping_like(const Value& args) {
  return args.is_dict() || args.is_list() || args.is_undefined() ||
         (args.is_object() && args.obj().subscriptable());
}

Value percent_format(Runtime& rt, const std::string& fmt, const Value& args, bool mapping_like) {
  PercentState st{rt, args, -1, -2, false, Value::none()};
  if (args.is_tuple()) {
    st.arglen = static_cast<int64_t>(args.items().size());
    st.argidx = 0;
  } else if (mapping_like || percent_mapping_like(args)) {
    // Python treats any mapping-like (subscriptable) non-tuple as a possible dict.
    st.has_dict = true;
    st.dict = args;
  }
  std::string out;
  size_t i = 0;
  while (i < fmt.size()) {
    size_t pct = fmt.find('%', i);
    if (pct == std::string::npos) {
      out.append(fmt, i, std::string::npos);
      break;
    }
    out.append(fmt, i, pct - i);
    i = pct + 1;
    auto incomplete = [&] {
      if (i >= fmt.size()) throw_error(ErrorKind::Value, "incomplete format");
    };
    incomplete();
    Conversion c;
    Value keyed_value;
    if (fmt[i] == '(') {
      int depth = 1;
      size_t key_start = ++i;
      while (i < fmt.size() && depth > 0) {
        if (fmt[i] == '(') ++depth;
        if (fmt[i] == ')') --depth;
        ++i;
      }
      if (depth > 0) throw_error(ErrorKind::Value, "incomplete format key");
      keyed_value = percent_lookup(st, fmt.substr(key_start, i - 1 - key_start));
      // The looked-up value becomes the single argument of this conversion.
      st.args = keyed_value;
      st.arglen = -1;
      st.argidx = -2;
    }
    for (; i < fmt.size(); ++i) {
      char f = fmt[i];
      if (f == '-') {
        c.left = true;
      } else if (f == '+') {
        c.plus = true;
      } else if (f == ' ') {
        c.space = true;
      } else if (f == '#') {
        c.alt = true;
      } else if (f == '0') {
        c.zero = true;
      } else {
        break;
      }
    }
    incomplete();
    if (fmt[i] == '*') {
      c.width = star_arg(st);
      if (c.width < 0) {
        c.left = true;
        c.width = -c.width;
      }
      ++i;
    } else {
      while (i < fmt.size() && fmt[i] >= '0' && fmt[i] <= '9') {
        int digit = fmt[i++] - '0';
        if (c.width > (INT64_MAX - digit) / 10) throw_error(ErrorKind::Value, "width too big");
        c.width = (c.width < 0 ? 0 : c.width * 10) + digit;
      }
    }
    if (i < fmt.size() && fmt[i] == '.') {
      ++i;
      c.precision = 0;
      if (i < fmt.size() && fmt[i] == '*') {
        c.precision = std::max<int64_t>(star_arg(st), 0);
        ++i;
      } else {
        while (i < fmt.size() && fmt[i] >= '0' && fmt[i] <= '9') {
          int digit = fmt[i++] - '0';
          if (c.precision > (INT32_MAX - digit) / 10)
            throw_error(ErrorKind::Value, "precision too big");
          c.precision = c.precision * 10 + digit;
        }
      }
    }
    while (i < fmt.size() && (fmt[i] == 'h' || fmt[i] == 'l' || fmt[i] == 'L')) ++i;
    incomplete();
    c.type = fmt[i++];
    // A precision truncates a string, and zero-fills a number.
    bool text = c.type == 's' || c.type == 'r' || c.type == 'a' || c.type == 'c';
    check_field_size(c.width, text ? -1 : c.precision);
    if (c.type == '%') {
      out += '%';
      continue;
    }
    switch (c.type) {
      case 's':
      case 'r':
      case 'a':
      case 'd':
      case 'i':
      case 'u':
      case 'o':
      case 'x':
      case 'X':
      case 'e':
      case 'E':
      case 'f':
      case 'F':
      case 'g':
      case 'G':
      case 'c':
        break;
      default: {
        // Python reports the code point and the index of the conversion character.
        size_t at = i - 1;
        uint32_t cp = utf8::decode(fmt, at);
        // Python shows non-printable-ASCII characters as '?'.
        std::string ch = cp >= 32 && cp <= 126 ? std::string(1, static_cast<char>(cp)) : "?";
        char hex[16];
        std::snprintf(hex, sizeof hex, "%x", cp);
        throw_error(ErrorKind::Value, "unsupported format character '" + ch + "' (0x" + hex +
                                          ") at index " +
                                          std::to_string(utf8::length(fmt.substr(0, i - 1))));
      }
    }
    out += percent_one(st, c, st.next_arg());
  }
  if (st.argidx < st.arglen && !st.has_dict) {
    throw_type_error("not all arguments converted during string formatting");
  }
  return Value::string(std::move(out));
}

std::string str_format(Runtime& rt, const std::string& fmt, CallArgs& args) {
  FieldSource src{rt};
  src.args = &args;
  return vformat(src, fmt, 2);
}

std::string str_format_map(Runtime& rt, const std::string& fmt, const Value& mapping) {
  FieldSource src{rt};
  src.mapping = &mapping;
  return vformat(src, fmt, 2);
}

}  // namespace wfgen::jinja
