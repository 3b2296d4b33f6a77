// format(value, spec): Python's format-spec mini-language for str, int and float.
#include <algorithm>
#include <cmath>
#include <string>

#include "jinja/error.h"
#include "jinja/python/float_repr.h"
#include "jinja/python/format.h"
#include "jinja/python/int_digits.h"
#include "jinja/python/ops.h"
#include "jinja/python/unicode.h"

namespace wfgen::jinja {

namespace {

[[noreturn]] void spec_error(std::string message) {
  throw_error(ErrorKind::Value, std::move(message));
}

struct Spec {
  std::string fill = " ";  // one code point, UTF-8
  char align = 0;          // '<' '>' '^' '=' or 0 for the type's default
  char sign = 0;           // '+' '-' ' ' or 0
  bool z = false;
  bool alternate = false;
  int64_t width = -1;
  char grouping = 0;  // ',' '_' or 0
  int64_t precision = -1;
  char type = 0;
};

bool is_align(char c) {
  return c == '<' || c == '>' || c == '^' || c == '=';
}

int64_t parse_digits(std::string_view s, size_t& i) {
  int64_t v = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    if (v > (INT64_MAX - 9) / 10) spec_error("Too many decimal digits in format string");
    v = v * 10 + (s[i++] - '0');
  }
  return v;
}

// CPython's parse_internal_render_format_spec. default_align is '<' for str,
// '>' for numbers (it decides what the '0' flag means).
Spec parse_spec(std::string_view s, char default_align, std::string_view type_name) {
  Spec spec;
  size_t i = 0;
  bool fill_given = false, align_given = false;
  // The fill is one code point, followed by an alignment character.
  size_t after_first = 0;
  if (!s.empty()) {
    utf8::decode(s, after_first);
  }
  if (after_first < s.size() && is_align(s[after_first])) {
    spec.fill = std::string(s.substr(0, after_first));
    spec.align = s[after_first];
    fill_given = align_given = true;
    i = after_first + 1;
  } else if (!s.empty() && is_align(s[0])) {
    spec.align = s[0];
    align_given = true;
    i = 1;
  }
  if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) spec.sign = s[i++];
  if (i < s.size() && s[i] == 'z') {
    spec.z = true;
    ++i;
  }
  if (i < s.size() && s[i] == '#') {
    spec.alternate = true;
    ++i;
  }
  if (!fill_given && i < s.size() && s[i] == '0') {
    spec.fill = "0";
    if (!align_given && default_align == '>') spec.align = '=';
    ++i;
  }
  if (i < s.size() && s[i] >= '0' && s[i] <= '9') spec.width = parse_digits(s, i);
  if (i < s.size() && s[i] == ',') {
    spec.grouping = ',';
    ++i;
  }
  if (i < s.size() && s[i] == '_') {
    if (spec.grouping) spec_error("Cannot specify both ',' and '_'.");
    spec.grouping = '_';
    ++i;
  }
  if (i < s.size() && s[i] == ',') spec_error("Cannot specify both ',' and '_'.");
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (i >= s.size() || s[i] < '0' || s[i] > '9') spec_error("Format specifier missing precision");
    spec.precision = parse_digits(s, i);
  }
  if (s.size() - i > 1) {
    spec_error("Invalid format specifier '" + std::string(s) + "' for object of type '" +
               std::string(type_name) + "'");
  }
  if (i < s.size()) spec.type = s[i];
  if (spec.width > 0) check_string_size(static_cast<size_t>(spec.width), "a formatted field");
  if (spec.grouping) {
    // Strings default to 's', which cannot group.
    char effective = spec.type == 0 && default_align == '<' ? 's' : spec.type;
    switch (effective) {
      case 0:
      case 'd':
      case 'e':
      case 'f':
      case 'g':
      case 'E':
      case 'F':
      case 'G':
      case '%':
        break;
      case 'b':
      case 'o':
      case 'x':
      case 'X':
        if (spec.grouping == '_') break;
        [[fallthrough]];
      default:
        spec_error(std::string("Cannot specify '") + spec.grouping + "' with '" + effective + "'.");
    }
  }
  return spec;
}

void pad(std::string& out, const std::string& fill, int64_t n) {
  for (int64_t i = 0; i < n; ++i) out += fill;
}

// Aligns `body` (len code points) in spec.width, splitting '=' padding after `head`.
std::string align_text(const Spec& spec, char align, std::string_view head, std::string_view body,
                       int64_t len) {
  std::string out;
  int64_t total = static_cast<int64_t>(head.size()) + len;
  int64_t gap = spec.width > total ? spec.width - total : 0;
  int64_t left = align == '>' ? gap : align == '^' ? gap / 2 : 0;
  pad(out, spec.fill, left);
  out += head;
  if (align == '=') pad(out, spec.fill, gap);
  out += body;
  if (align != '=') pad(out, spec.fill, gap - left);
  return out;
}

// CPython's _PyUnicode_InsertThousandsGrouping: separators every `group` digits,
// zero-padding (with separators) up to min_width when the fill is '0' and align '='.
std::string group_digits(std::string_view digits, int group, char sep, int64_t min_width) {
  if (!sep) {
    std::string out;
    if (min_width > static_cast<int64_t>(digits.size())) {
      out.append(static_cast<size_t>(min_width - static_cast<int64_t>(digits.size())), '0');
    }
    out += digits;
    return out;
  }
  std::string rev;  // built right to left
  auto remaining = static_cast<int64_t>(digits.size());
  bool use_sep = false;
  while (true) {
    int64_t l = std::min<int64_t>(group, std::max<int64_t>({remaining, min_width, 1}));
    int64_t zeros = std::max<int64_t>(0, l - remaining);
    int64_t chars = std::max<int64_t>(0, std::min(remaining, l));
    if (use_sep) rev += sep;
    for (int64_t k = 0; k < chars; ++k) rev += digits[static_cast<size_t>(remaining - 1 - k)];
    rev.append(static_cast<size_t>(zeros), '0');
    remaining -= chars;
    min_width -= l;
    if (remaining <= 0 && min_width <= 0) break;
    min_width -= 1;
    use_sep = true;
  }
  return std::string(rev.rbegin(), rev.rend());
}

// Lays out a formatted number: sign, prefix ('0x'), grouped integer digits, and the
// rest (fraction, exponent, '%'), padded per the spec (default right-aligned).
std::string layout_number(const Spec& spec, char sign, std::string_view prefix,
                          std::string_view digits, std::string_view rest, int group) {
  std::string head;
  if (sign) head += sign;
  head += prefix;
  int64_t min_width = 0;
  if (spec.fill == "0" && spec.align == '=') {
    min_width = spec.width - static_cast<int64_t>(head.size() + rest.size());
  }
  // inf and nan have no digits to group; their zero padding has no separators.
  std::string body = group_digits(digits, group, digits.empty() ? 0 : spec.grouping, min_width);
  body += rest;
  return align_text(spec, spec.align ? spec.align : '>', head, body,
                    static_cast<int64_t>(utf8::length(body)));
}

char sign_for(const Spec& spec, bool negative) {
  if (negative) return '-';
  if (spec.sign == '+' || spec.sign == ' ') return spec.sign;
  return 0;
}

std::string format_str(const std::string& s, const Spec& spec) {
  if (spec.type != 0 && spec.type != 's') {
    spec_error(std::string("Unknown format code '") + spec.type + "' for object of type 'str'");
  }
  if (spec.sign == ' ') spec_error("Space not allowed in string format specifier");
  if (spec.sign) spec_error("Sign not allowed in string format specifier");
  if (spec.z) spec_error("Negative zero coercion (z) not allowed in string format specifier");
  if (spec.alternate) spec_error("Alternate form (#) not allowed in string format specifier");
  if (spec.align == '=') spec_error("'=' alignment not allowed in string format specifier");
  std::string_view body = s;
  int64_t len = static_cast<int64_t>(utf8::length(s));
  if (spec.precision >= 0 && spec.precision < len) {
    std::vector<size_t> off = utf8::offsets(s);
    body = body.substr(0, off[static_cast<size_t>(spec.precision)]);
    len = spec.precision;
  }
  return align_text(spec, spec.align ? spec.align : '<', "", body, len);
}

// Magnitude digits of an int in base 2/8/10/16.
std::string int_digits(const Value& v, int base, bool upper) {
  const char* digit_chars = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  if (v.kind() != Kind::BigInt) {
    int64_t i = v.as_int();
    uint64_t mag = i < 0 ? ~static_cast<uint64_t>(i) + 1 : static_cast<uint64_t>(i);
    std::string rev;
    do {
      rev += digit_chars[mag % static_cast<uint64_t>(base)];
      mag /= static_cast<uint64_t>(base);
    } while (mag);
    return std::string(rev.rbegin(), rev.rend());
  }
  BigInt mag = v.as_bigint();
  if (mag.negative()) mag = -mag;
  if (base == 10) return int_to_decimal(mag);
  std::string rev;
  const BigInt b(base);
  while (!mag.is_zero()) {
    BigInt q, r;
    BigInt::floor_divmod(mag, b, q, r);
    rev += digit_chars[r.to_int64()];
    mag = std::move(q);
  }
  return std::string(rev.rbegin(), rev.rend());
}

bool int_negative(const Value& v) {
  return v.kind() == Kind::BigInt ? v.as_bigint().negative() : v.as_int() < 0;
}

std::string format_float_spec(double d, Spec spec, std::string_view type_name);

std::string format_int(const Value& v, const Spec& spec, std::string_view type_name) {
  char type = spec.type ? spec.type : 'd';
  switch (type) {
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
    case '%':
      return format_float_spec(v.to_double(), spec, type_name);
    case 'b':
    case 'o':
    case 'x':
    case 'X':
    case 'd':
    case 'n':
    case 'c':
      break;
    default:
      spec_error(std::string("Unknown format code '") + type + "' for object of type '" +
                 std::string(type_name) + "'");
  }
  if (spec.precision >= 0) spec_error("Precision not allowed in integer format specifier");
  if (spec.z) spec_error("Negative zero coercion (z) not allowed in integer format specifier");
  if (type == 'c') {
    if (spec.sign) spec_error("Sign not allowed with integer format specifier 'c'");
    if (spec.alternate)
      spec_error("Alternate form (#) not allowed with integer format specifier 'c'");
    if (v.kind() == Kind::BigInt) {
      throw_error(ErrorKind::Runtime, "Python int too large to convert to C long");
    }
    if (v.as_int() < 0 || v.as_int() > 0x10FFFF) {
      throw_error(ErrorKind::Runtime, "%c arg not in range(0x110000)");
    }
    std::string ch;
    utf8::encode(ch, static_cast<uint32_t>(v.as_int()));
    return align_text(spec, spec.align ? spec.align : '>', "", ch, 1);
  }
  int base = type == 'b' ? 2 : type == 'o' ? 8 : (type == 'x' || type == 'X') ? 16 : 10;
  std::string prefix;
  if (spec.alternate && base != 10) prefix = std::string("0") + (type == 'X' ? 'X' : type);
  std::string digits = int_digits(v, base, type == 'X');
  return layout_number(spec, sign_for(spec, int_negative(v)), prefix, digits, "",
                       base == 10 ? 3 : 4);
}

// Python's float format with no presentation type and a precision: 'g' that
// switches to exponent one digit earlier and always shows a '.0' in fixed form.
// With '#', trailing zeros stay and a point is always shown.
std::string general_with_dot0(double d, int precision, bool alternate) {
  int p = precision == 0 ? 1 : precision;
  std::string sci = format_float(d, 'e', p - 1);
  if (!std::isfinite(d)) return sci;
  auto strip_zeros = [&](std::string& t) {
    if (alternate || t.find('.') == std::string::npos) return;
    while (t.back() == '0') t.pop_back();
    if (t.back() == '.') t.pop_back();
  };
  size_t e = sci.find('e');
  int exp = std::stoi(sci.substr(e + 1));
  if (exp < -4 || exp >= p - 1) {
    std::string mant = sci.substr(0, e);
    strip_zeros(mant);
    if (alternate && mant.find('.') == std::string::npos) mant += '.';
    return mant + sci.substr(e);
  }
  std::string out = format_float(d, 'f', p - 1 - exp);
  strip_zeros(out);
  if (out.find('.') == std::string::npos) out += ".0";
  return out;
}

// repr() digits; '#' forces a point into the exponent form ('1.e+16').
std::string repr_with_alternate(double d, bool alternate) {
  std::string s = float_repr(d);
  size_t e = s.find('e');
  if (alternate && e != std::string::npos && s.find('.') == std::string::npos) s.insert(e, ".");
  return s;
}

std::string format_float_spec(double d, Spec spec, std::string_view type_name) {
  char type = spec.type;
  if (spec.precision > INT32_MAX) throw_error(ErrorKind::Value, "precision too big");
  if (spec.precision > 0)
    check_string_size(static_cast<size_t>(spec.precision), "a formatted field");
  std::string s;
  switch (type) {
    case 0:
      s = spec.precision < 0
              ? repr_with_alternate(d, spec.alternate)
              : general_with_dot0(d, static_cast<int>(spec.precision), spec.alternate);
      break;
    case 'n':
      s = format_float(d, 'g', static_cast<int>(spec.precision), spec.alternate);
      break;
    case '%':
      s = format_float(d * 100, 'f', static_cast<int>(spec.precision), spec.alternate) + "%";
      break;
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
      s = format_float(d, type, static_cast<int>(spec.precision), spec.alternate);
      break;
    default:
      spec_error(std::string("Unknown format code '") + type + "' for object of type '" +
                 std::string(type_name) + "'");
  }
  bool negative = !s.empty() && s[0] == '-';
  if (negative) s.erase(0, 1);
  // 'z': a value that rounds to zero prints without its minus sign.
  if (negative && spec.z && s.find_first_of("123456789") == std::string::npos && std::isfinite(d)) {
    negative = false;
  }
  size_t int_end = 0;
  while (int_end < s.size() && s[int_end] >= '0' && s[int_end] <= '9') ++int_end;
  return layout_number(spec, sign_for(spec, negative), "", std::string_view(s).substr(0, int_end),
                       std::string_view(s).substr(int_end), 3);
}

}  // namespace

std::string format_value(Runtime&, const Value& value, std::string_view spec_text) {
  if (spec_text.empty()) return to_str(value);
  switch (value.kind()) {
    case Kind::String:
      return format_str(value.as_string(), parse_spec(spec_text, '<', "str"));
    case Kind::Bool:
    case Kind::Int:
    case Kind::BigInt:
      return format_int(value, parse_spec(spec_text, '>', type_name(value)), type_name(value));
    case Kind::Float:
      return format_float_spec(value.as_float(), parse_spec(spec_text, '>', "float"), "float");
    default:
      throw_type_error("unsupported format string passed to " + std::string(type_name(value)) +
                       ".__format__");
  }
}

}  // namespace wfgen::jinja
