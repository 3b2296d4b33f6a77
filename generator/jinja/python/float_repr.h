// Python's float formatting: repr() (shortest round-trip, '1e+16', '1e-05', '1.0'),
// and the 'e', 'f', 'g', '%' presentations used by %-formatting, str.format and round.
#pragma once

#include <string>

namespace wfgen::jinja {

// repr(d) / str(d) of a Python float: 'inf', '-inf', 'nan', '1.0', '0.1', '1e+16'.
void append_float_repr(std::string& out, double d);
std::string float_repr(double d);

// Formats d with a printf-like presentation type as Python does for
// '%.{precision}{type}' and '{:.{precision}{type}}': type is one of e E f F g G.
// `alternate` is the '#' flag. precision < 0 means Python's default (6).
std::string format_float(double d, char type, int precision, bool alternate = false);

// Python's round(d, ndigits) with round-half-even on the exact decimal value.
double round_half_even(double d, int ndigits);

}  // namespace wfgen::jinja
