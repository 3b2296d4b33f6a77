// BigInt: arbitrary-precision signed integers for the rare values that leave int64
// (Python ints never overflow; Jinja2 output must show the exact digits).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wfgen::jinja {

class BigInt {
 public:
  BigInt() = default;
  explicit BigInt(int64_t v);
  // Parses an optionally signed decimal string; nullopt when it is not one.
  static std::optional<BigInt> parse(std::string_view decimal);
  // Parses digits in base 2, 8, 10 or 16 (no prefix, no sign, no underscores).
  static std::optional<BigInt> parse_base(std::string_view digits, int base);
  // Exact conversion of an integral double (used by int(1e30)).
  static BigInt from_double(double d);

  bool fits_int64() const;
  int64_t to_int64() const;       // precondition: fits_int64()
  double to_double() const;       // rounds like Python's float(int); inf when too large
  std::string to_string() const;  // decimal, '-' for negatives
  bool is_zero() const { return mag_.empty(); }
  bool negative() const { return neg_; }

  friend BigInt operator+(const BigInt& a, const BigInt& b);
  friend BigInt operator-(const BigInt& a, const BigInt& b);
  friend BigInt operator*(const BigInt& a, const BigInt& b);
  BigInt operator-() const;
  // Python's floor division and modulo (result sign follows the divisor).
  // Precondition: b is not zero.
  static void floor_divmod(const BigInt& a, const BigInt& b, BigInt& quot, BigInt& rem);
  // a ** e for e >= 0.
  static BigInt pow(const BigInt& a, uint64_t e);
  static int compare(const BigInt& a, const BigInt& b);  // -1, 0, 1
  // Python's a / b for ints: the correctly rounded quotient (round half to even),
  // even when a and b are far beyond double range. Sets `overflow` (and returns
  // 0) when the result is too large for a double. Precondition: b is not zero.
  static double true_divide(const BigInt& a, const BigInt& b, bool& overflow);

  // Bits of |this| (int.bit_length()) and how many of them are set (int.bit_count()).
  int64_t bit_length() const;
  int64_t bit_count() const;

 private:
  bool neg_ = false;
  std::vector<uint32_t> mag_;  // little-endian base 2^32 magnitude; empty for zero
};

}  // namespace wfgen::jinja
