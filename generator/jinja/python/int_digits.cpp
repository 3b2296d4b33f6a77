#include "jinja/python/int_digits.h"

#include "jinja/error.h"
#include "jinja/limits.h"

namespace wfgen::jinja {

namespace {

// Bits that can hold `digits` decimal digits (log2(10) = 3.3219...).
uint64_t bits_for_digits(uint64_t digits) {
  return digits * 3322 / 1000 + 64;
}

}  // namespace

std::string int_to_decimal(const BigInt& b) {
  size_t limit = active_limits().max_int_digits;
  // Far too long: refused before the quadratic conversion, as CPython does.
  bool too_long = static_cast<uint64_t>(b.bit_length()) > bits_for_digits(limit);
  std::string digits;
  if (!too_long) {
    digits = b.to_string();
    too_long = digits.size() - (b.negative() ? 1 : 0) > limit;
  }
  if (too_long)
    throw_error(ErrorKind::Value, "Exceeds the limit (" + std::to_string(limit) +
                                      " digits) for integer string conversion; use "
                                      "sys.set_int_max_str_digits() to increase the limit");
  return digits;
}

void check_int_parse_digits(size_t digits) {
  size_t limit = active_limits().max_int_digits;
  if (digits <= limit) return;
  throw_error(ErrorKind::Value, "Exceeds the limit (" + std::to_string(limit) +
                                    " digits) for integer string conversion: value has " +
                                    std::to_string(digits) +
                                    " digits; use sys.set_int_max_str_digits() to increase the "
                                    "limit");
}

void check_int_bits(uint64_t bits) {
  uint64_t digits = active_limits().max_int_digits;
  if (bits <= bits_for_digits(digits * 10)) return;
  limit_exceeded("an int result of about " + std::to_string(bits * 301 / 1000) +
                     " digits, more than 10 x max_int_digits",
                 "max_int_digits", digits);
}

}  // namespace wfgen::jinja
