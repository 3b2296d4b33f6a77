// How big an int may get: CPython's limit on int <-> decimal string conversions
// (sys.get_int_max_str_digits(), 4,300 digits by default: converting is quadratic), and
// ours on arithmetic results (10 times that many digits: BigInt multiplies by schoolbook).
// Both read max_int_digits from the active limits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "jinja/value/bigint.h"

namespace wfgen::jinja {

// str(b): its decimal digits, or CPython's ValueError when there are too many.
std::string int_to_decimal(const BigInt& b);

// int(text) with `digits` decimal digits: CPython's ValueError when there are too many.
void check_int_parse_digits(size_t digits);

// An arithmetic result of about `bits` bits (its magnitude): a limit error beyond the cap.
void check_int_bits(uint64_t bits);

}  // namespace wfgen::jinja
