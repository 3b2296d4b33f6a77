#include "jinja/python/float_repr.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string_view>

#include "jinja/error.h"

namespace wfgen::jinja {

namespace {

// Large enough for the exact decimal expansion of any double: 309 integer digits,
// 1074 fraction digits, sign and point.
constexpr size_t kExactBuf = 1500;
// Digits after the point that make the fixed expansion of every double exact.
constexpr int kExactFraction = 1074;

// Non-finite values print the same in every presentation (Python never signs a nan).
bool append_non_finite(std::string& out, double d, bool upper) {
  if (std::isnan(d)) {
    out += upper ? "NAN" : "nan";
    return true;
  }
  if (std::isinf(d)) {
    if (d < 0) out += '-';
    out += upper ? "INF" : "inf";
    return true;
  }
  return false;
}

// Every digit past kExactFraction (fixed: the fraction; scientific: after the point, where
// a double has at most 767 significant digits) is a zero: a larger precision formats the
// exact digits, then appends the zeros.
std::string to_chars_str(double d, std::chars_format fmt, int precision) {
  char buf[kExactBuf];
  int exact = precision < kExactFraction ? precision : kExactFraction;
  auto res = std::to_chars(buf, buf + sizeof buf, d, fmt, exact);
  std::string out(buf, res.ptr);
  if (precision > exact) {
    size_t zeros = static_cast<size_t>(precision - exact);
    if (fmt == std::chars_format::fixed)
      out.append(zeros, '0');
    else
      out.insert(out.find('e'), zeros, '0');
  }
  return out;
}

// The decimal exponent of a scientific-notation string "d.ddde+XX".
int sci_exponent(const std::string& s) {
  size_t e = s.find('e');
  int exp = 0;
  std::from_chars(s.data() + e + (s[e + 1] == '+' ? 2 : 1), s.data() + s.size(), exp);
  return exp;
}

// Python writes exponents with a sign and at least two digits: e+05, e-123.
void append_exponent(std::string& out, int exp) {
  out += exp < 0 ? "e-" : "e+";
  unsigned mag = exp < 0 ? -exp : exp;
  if (mag < 10) out += '0';
  out += std::to_string(mag);
}

// Removes trailing zeros of the fraction (and the point when nothing is left),
// keeping any exponent suffix: the 'g' presentation without '#'.
void strip_fraction_zeros(std::string& s) {
  size_t dot = s.find('.');
  if (dot == std::string::npos) return;
  size_t e = s.find_first_of("eE", dot);
  size_t end = e == std::string::npos ? s.size() : e;
  size_t last = end;
  while (last > dot + 1 && s[last - 1] == '0') --last;
  if (last == dot + 1) last = dot;
  s.erase(last, end - last);
}

void upper_in_place(std::string& s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
}

}  // namespace

void append_float_repr(std::string& out, double d) {
  if (append_non_finite(out, d, false)) return;
  // Shortest round-trip digits, read in scientific form: [-]d[.ddd]e±XX.
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
  std::string_view s(buf, res.ptr - buf);
  if (s[0] == '-') {
    out += '-';
    s.remove_prefix(1);
  }
  size_t e = s.find('e');
  std::string digits;
  for (char c : s.substr(0, e)) {
    if (c != '.') digits += c;
  }
  int exp = 0;
  std::string_view exp_text = s.substr(e + 1);
  if (exp_text[0] == '+') exp_text.remove_prefix(1);
  std::from_chars(exp_text.data(), exp_text.data() + exp_text.size(), exp);

  int ndigits = static_cast<int>(digits.size());
  if (exp >= -4 && exp < 16) {
    // Fixed notation; integral values keep a '.0' so they still read as floats.
    if (exp < 0) {
      out += "0.";
      out.append(static_cast<size_t>(-exp - 1), '0');
      out += digits;
    } else if (ndigits <= exp + 1) {
      out += digits;
      out.append(static_cast<size_t>(exp + 1 - ndigits), '0');
      out += ".0";
    } else {
      out.append(digits, 0, exp + 1);
      out += '.';
      out.append(digits, exp + 1);
    }
    return;
  }
  out += digits[0];
  if (ndigits > 1) {
    out += '.';
    out.append(digits, 1);
  }
  append_exponent(out, exp);
}

std::string float_repr(double d) {
  std::string out;
  append_float_repr(out, d);
  return out;
}

std::string format_float(double d, char type, int precision, bool alternate) {
  bool upper = type == 'E' || type == 'F' || type == 'G';
  char lower_type = static_cast<char>(std::tolower(static_cast<unsigned char>(type)));
  if (precision < 0) precision = 6;
  std::string out;
  if (append_non_finite(out, d, upper)) return out;

  switch (lower_type) {
    case 'e':
      out = to_chars_str(d, std::chars_format::scientific, precision);
      if (alternate && precision == 0) out.insert(out.find('e'), ".");
      break;
    case 'f':
      out = to_chars_str(d, std::chars_format::fixed, precision);
      if (alternate && precision == 0) out += '.';
      break;
    case 'g': {
      // C's %g: the exponent after rounding to `p` significant digits picks the form.
      int p = precision == 0 ? 1 : precision;
      std::string sci = to_chars_str(d, std::chars_format::scientific, p - 1);
      int exp = sci_exponent(sci);
      if (exp >= -4 && exp < p) {
        out = to_chars_str(d, std::chars_format::fixed, p - 1 - exp);
        if (alternate && out.find('.') == std::string::npos) out += '.';
      } else {
        out = std::move(sci);
        if (alternate && out.find('.') == std::string::npos) out.insert(out.find('e'), ".");
      }
      if (!alternate) strip_fraction_zeros(out);
      break;
    }
    default:
      throw_error(ErrorKind::Value, std::string("Unknown float presentation type '") + type + "'");
  }
  if (upper) upper_in_place(out);
  return out;
}

double round_half_even(double d, int ndigits) {
  // Python's limits: beyond them the result is x itself, or a zero of x's sign.
  constexpr int kMaxDigits = 323;   // (DBL_MANT_DIG - DBL_MIN_EXP) * log10(2)
  constexpr int kMinDigits = -308;  // -(DBL_MAX_EXP + 1) * log10(2)
  if (!std::isfinite(d) || ndigits > kMaxDigits) return d;
  if (ndigits < kMinDigits) return 0.0 * d;

  // Round the exact decimal expansion of d, then let from_chars pick the nearest
  // double: the same result as Python's dtoa-based double_round.
  std::string exact = to_chars_str(d, std::chars_format::fixed, kExactFraction);
  bool neg = exact[0] == '-';
  std::string digits;  // all digits, no sign or point
  size_t point = 0;    // number of integer digits
  for (size_t i = neg ? 1 : 0; i < exact.size(); ++i) {
    if (exact[i] == '.') {
      point = digits.size();
    } else {
      digits += exact[i];
    }
  }
  // Keep digits [0, keep); keep may be <= 0 for negative ndigits.
  long keep = static_cast<long>(point) + ndigits;
  std::string kept;
  bool round_up = false;
  if (keep >= 0) {
    kept = digits.substr(0, static_cast<size_t>(keep));
    char next = digits[static_cast<size_t>(keep)];
    bool rest_zero =
        digits.find_first_not_of('0', static_cast<size_t>(keep) + 1) == std::string::npos;
    if (next > '5' || (next == '5' && !rest_zero)) {
      round_up = true;
    } else if (next == '5') {
      int last = kept.empty() ? 0 : kept.back() - '0';
      round_up = last % 2 == 1;
    }
  }
  // keep < 0: |d| < 10^(-ndigits-1) so it rounds to zero.
  if (round_up) {
    long i = static_cast<long>(kept.size()) - 1;
    while (i >= 0 && kept[static_cast<size_t>(i)] == '9') kept[static_cast<size_t>(i--)] = '0';
    if (i < 0) {
      kept.insert(kept.begin(), '1');
    } else {
      ++kept[static_cast<size_t>(i)];
    }
  }
  std::string text = neg ? "-0" : "0";
  text += kept;
  text += 'e';
  text += std::to_string(-static_cast<long>(ndigits));
  // No decimal point in `text`, so strtod's locale dependence cannot matter.
  double result = std::strtod(text.c_str(), nullptr);
  if (std::isinf(result)) throw_error(ErrorKind::Runtime, "rounded value too large to represent");
  return result;
}

}  // namespace wfgen::jinja
