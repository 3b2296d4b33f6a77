#include "jinja/value/bigint.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace wfgen::jinja {

namespace {

using Mag = std::vector<uint32_t>;  // little-endian base 2^32, no leading zero limbs

void trim(Mag& m) {
  while (!m.empty() && m.back() == 0) m.pop_back();
}

int compare_mag(const Mag& a, const Mag& b) {
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  for (size_t i = a.size(); i-- > 0;) {
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

Mag add_mag(const Mag& a, const Mag& b) {
  const Mag& big = a.size() >= b.size() ? a : b;
  const Mag& small = a.size() >= b.size() ? b : a;
  Mag r(big.size() + 1);
  uint64_t carry = 0;
  for (size_t i = 0; i < big.size(); ++i) {
    uint64_t s = carry + big[i] + (i < small.size() ? small[i] : 0);
    r[i] = static_cast<uint32_t>(s);
    carry = s >> 32;
  }
  r[big.size()] = static_cast<uint32_t>(carry);
  trim(r);
  return r;
}

// Precondition: a >= b.
Mag sub_mag(const Mag& a, const Mag& b) {
  Mag r(a.size());
  int64_t borrow = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    int64_t d = static_cast<int64_t>(a[i]) - borrow - (i < b.size() ? b[i] : 0);
    borrow = d < 0 ? 1 : 0;
    r[i] = static_cast<uint32_t>(d + (borrow << 32));
  }
  trim(r);
  return r;
}

Mag mul_mag(const Mag& a, const Mag& b) {
  if (a.empty() || b.empty()) return {};
  Mag r(a.size() + b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    uint64_t carry = 0;
    for (size_t j = 0; j < b.size(); ++j) {
      uint64_t t = static_cast<uint64_t>(a[i]) * b[j] + r[i + j] + carry;
      r[i + j] = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    r[i + b.size()] = static_cast<uint32_t>(carry);
  }
  trim(r);
  return r;
}

// m = m * mul + add, in place.
void mul_add_small(Mag& m, uint32_t mul, uint32_t add) {
  uint64_t carry = add;
  for (auto& limb : m) {
    uint64_t t = static_cast<uint64_t>(limb) * mul + carry;
    limb = static_cast<uint32_t>(t);
    carry = t >> 32;
  }
  if (carry) m.push_back(static_cast<uint32_t>(carry));
}

// m /= div in place; returns the remainder.
uint32_t div_small(Mag& m, uint32_t div) {
  uint64_t rem = 0;
  for (size_t i = m.size(); i-- > 0;) {
    uint64_t cur = (rem << 32) | m[i];
    m[i] = static_cast<uint32_t>(cur / div);
    rem = cur % div;
  }
  trim(m);
  return static_cast<uint32_t>(rem);
}

int mag_bits(const Mag& m) {
  if (m.empty()) return 0;
  uint32_t top = m.back();
  int bits = 0;
  while (top) {
    ++bits;
    top >>= 1;
  }
  return static_cast<int>((m.size() - 1) * 32) + bits;
}

Mag shift_left(const Mag& m, int bits) {
  if (m.empty()) return {};
  size_t limbs = static_cast<size_t>(bits / 32);
  int rest = bits % 32;
  Mag r(m.size() + limbs + 1, 0);
  for (size_t i = 0; i < m.size(); ++i) {
    uint64_t v = static_cast<uint64_t>(m[i]) << rest;
    r[i + limbs] |= static_cast<uint32_t>(v);
    r[i + limbs + 1] |= static_cast<uint32_t>(v >> 32);
  }
  trim(r);
  return r;
}

// Bit i of m (0 = least significant).
bool test_bit(const Mag& m, int i) {
  size_t limb = static_cast<size_t>(i / 32);
  return limb < m.size() && ((m[limb] >> (i % 32)) & 1u);
}

// m >> bits (bits >= 0); `inexact` is set when a one bit is shifted out.
Mag shift_right(const Mag& m, int64_t bits, bool& inexact) {
  size_t limbs = static_cast<size_t>(bits / 32);
  int rest = static_cast<int>(bits % 32);
  inexact = false;
  if (limbs >= m.size()) {
    inexact = !m.empty();
    return {};
  }
  for (size_t i = 0; i < limbs; ++i) inexact = inexact || m[i] != 0;
  if (rest && (m[limbs] & ((1u << rest) - 1))) inexact = true;
  Mag r(m.size() - limbs);
  for (size_t i = 0; i < r.size(); ++i) {
    uint64_t lo = m[i + limbs];
    uint64_t hi = i + limbs + 1 < m.size() ? m[i + limbs + 1] : 0;
    r[i] = static_cast<uint32_t>(((hi << 32) | lo) >> rest);
  }
  trim(r);
  return r;
}

uint64_t low_u64(const Mag& m) {
  uint64_t v = 0;
  for (size_t i = std::min<size_t>(m.size(), 2); i-- > 0;) v = (v << 32) | m[i];
  return v;
}

// Knuth's algorithm D: quot = a / b, rem = a % b for magnitudes, b non-empty.
void divmod_mag(const Mag& a, const Mag& b, Mag& quot, Mag& rem) {
  if (compare_mag(a, b) < 0) {
    quot.clear();
    rem = a;
    return;
  }
  if (b.size() == 1) {
    quot = a;
    uint32_t r = div_small(quot, b[0]);
    rem.clear();
    if (r) rem.push_back(r);
    return;
  }
  // Normalise so the divisor's top limb has its high bit set.
  int shift = 0;
  for (uint32_t top = b.back(); !(top & 0x80000000u); top <<= 1) ++shift;
  Mag v = shift_left(b, shift);
  Mag u = shift_left(a, shift);
  u.resize(a.size() + 1, 0);  // one extra limb for the normalisation's overflow
  const size_t n = v.size();
  const size_t m = u.size() - n - 1;
  quot.assign(m + 1, 0);
  const uint64_t base = uint64_t{1} << 32;
  for (size_t j = m + 1; j-- > 0;) {
    uint64_t num = (static_cast<uint64_t>(u[j + n]) << 32) | u[j + n - 1];
    uint64_t qhat = num / v[n - 1];
    uint64_t rhat = num % v[n - 1];
    while (qhat >= base || qhat * v[n - 2] > ((rhat << 32) | u[j + n - 2])) {
      --qhat;
      rhat += v[n - 1];
      if (rhat >= base) break;
    }
    // u[j..j+n] -= qhat * v
    int64_t borrow = 0;
    uint64_t carry = 0;
    for (size_t i = 0; i < n; ++i) {
      uint64_t p = qhat * v[i] + carry;
      carry = p >> 32;
      int64_t t = static_cast<int64_t>(u[i + j]) - borrow - static_cast<int64_t>(p & 0xffffffffu);
      borrow = t < 0 ? 1 : 0;
      u[i + j] = static_cast<uint32_t>(t + (borrow << 32));
    }
    int64_t t = static_cast<int64_t>(u[j + n]) - borrow - static_cast<int64_t>(carry);
    borrow = t < 0 ? 1 : 0;
    u[j + n] = static_cast<uint32_t>(t + (borrow << 32));
    if (borrow) {
      // qhat was one too large: add v back.
      --qhat;
      uint64_t c = 0;
      for (size_t i = 0; i < n; ++i) {
        uint64_t s = static_cast<uint64_t>(u[i + j]) + v[i] + c;
        u[i + j] = static_cast<uint32_t>(s);
        c = s >> 32;
      }
      u[j + n] = static_cast<uint32_t>(u[j + n] + c);
    }
    quot[j] = static_cast<uint32_t>(qhat);
  }
  trim(quot);
  // Remainder: u[0..n) shifted back.
  rem.assign(u.begin(), u.begin() + static_cast<long>(n));
  if (shift) {
    for (size_t i = 0; i < rem.size(); ++i) {
      uint32_t next = i + 1 < rem.size() ? rem[i + 1] : 0;
      rem[i] =
          (rem[i] >> shift) | static_cast<uint32_t>(static_cast<uint64_t>(next) << (32 - shift));
    }
  }
  trim(rem);
}

}  // namespace

BigInt::BigInt(int64_t v) {
  neg_ = v < 0;
  // Negate in unsigned arithmetic so INT64_MIN works.
  uint64_t mag = neg_ ? ~static_cast<uint64_t>(v) + 1 : static_cast<uint64_t>(v);
  while (mag) {
    mag_.push_back(static_cast<uint32_t>(mag));
    mag >>= 32;
  }
}

std::optional<BigInt> BigInt::parse(std::string_view s) {
  bool neg = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  auto r = parse_base(s, 10);
  if (r && !r->is_zero()) r->neg_ = neg;
  return r;
}

std::optional<BigInt> BigInt::parse_base(std::string_view digits, int base) {
  if (digits.empty() || (base != 2 && base != 8 && base != 10 && base != 16)) return std::nullopt;
  BigInt r;
  for (char c : digits) {
    int d;
    if (c >= '0' && c <= '9') {
      d = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      d = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'F') {
      d = c - 'A' + 10;
    } else {
      return std::nullopt;
    }
    if (d >= base) return std::nullopt;
    mul_add_small(r.mag_, static_cast<uint32_t>(base), static_cast<uint32_t>(d));
  }
  trim(r.mag_);
  return r;
}

BigInt BigInt::from_double(double d) {
  BigInt r;
  if (!std::isfinite(d)) return r;
  d = std::trunc(d);
  if (d == 0) return r;
  int exp = 0;
  double frac = std::frexp(std::fabs(d), &exp);  // |d| = frac * 2^exp, frac in [0.5, 1)
  // 53-bit integer mantissa, then shift into place.
  auto mant = static_cast<uint64_t>(std::ldexp(frac, 53));
  int shift = exp - 53;
  if (shift < 0) {
    mant >>= -shift;  // d is integral, so only zero bits are dropped
    shift = 0;
  }
  r.mag_ = {static_cast<uint32_t>(mant), static_cast<uint32_t>(mant >> 32)};
  trim(r.mag_);
  r.mag_ = shift_left(r.mag_, shift);
  r.neg_ = d < 0;
  return r;
}

bool BigInt::fits_int64() const {
  if (mag_.size() > 2) return false;
  uint64_t m = 0;
  for (size_t i = mag_.size(); i-- > 0;) m = (m << 32) | mag_[i];
  return neg_ ? m <= uint64_t{1} << 63 : m < uint64_t{1} << 63;
}

int64_t BigInt::to_int64() const {
  uint64_t m = 0;
  for (size_t i = mag_.size(); i-- > 0;) m = (m << 32) | mag_[i];
  return neg_ ? static_cast<int64_t>(~m + 1) : static_cast<int64_t>(m);
}

double BigInt::to_double() const {
  int bits = mag_bits(mag_);
  if (bits == 0) return 0.0;
  if (bits > 1024) return neg_ ? -HUGE_VAL : HUGE_VAL;
  // Take the top 53 bits, then round half to even on the rest, as Python does.
  uint64_t top = 0;
  int drop = std::max(0, bits - 53);
  for (int i = bits - 1; i >= drop; --i) top = (top << 1) | (test_bit(mag_, i) ? 1 : 0);
  if (drop > 0) {
    bool half = test_bit(mag_, drop - 1);
    bool sticky = false;
    for (int i = drop - 2; i >= 0 && !sticky; --i) sticky = test_bit(mag_, i);
    if (half && (sticky || (top & 1))) ++top;  // may carry to 2^53: still exact
  }
  double r = std::ldexp(static_cast<double>(top), drop);
  return neg_ ? -r : r;
}

std::string BigInt::to_string() const {
  if (mag_.empty()) return "0";
  Mag m = mag_;
  std::vector<uint32_t> chunks;  // base 10^9, least significant first
  while (!m.empty()) chunks.push_back(div_small(m, 1000000000u));
  std::string out = neg_ ? "-" : "";
  out += std::to_string(chunks.back());
  for (size_t i = chunks.size() - 1; i-- > 0;) {
    std::string part = std::to_string(chunks[i]);
    out.append(9 - part.size(), '0');
    out += part;
  }
  return out;
}

BigInt operator+(const BigInt& a, const BigInt& b) {
  BigInt r;
  if (a.neg_ == b.neg_) {
    r.mag_ = add_mag(a.mag_, b.mag_);
    r.neg_ = a.neg_;
  } else if (compare_mag(a.mag_, b.mag_) >= 0) {
    r.mag_ = sub_mag(a.mag_, b.mag_);
    r.neg_ = a.neg_;
  } else {
    r.mag_ = sub_mag(b.mag_, a.mag_);
    r.neg_ = b.neg_;
  }
  if (r.mag_.empty()) r.neg_ = false;
  return r;
}

BigInt operator-(const BigInt& a, const BigInt& b) {
  return a + (-b);
}

BigInt operator*(const BigInt& a, const BigInt& b) {
  BigInt r;
  r.mag_ = mul_mag(a.mag_, b.mag_);
  r.neg_ = !r.mag_.empty() && a.neg_ != b.neg_;
  return r;
}

BigInt BigInt::operator-() const {
  BigInt r = *this;
  if (!r.mag_.empty()) r.neg_ = !r.neg_;
  return r;
}

void BigInt::floor_divmod(const BigInt& a, const BigInt& b, BigInt& quot, BigInt& rem) {
  BigInt q, r;
  divmod_mag(a.mag_, b.mag_, q.mag_, r.mag_);
  // Truncated division first: the quotient's sign is the product of signs,
  // the remainder takes the dividend's sign.
  q.neg_ = !q.mag_.empty() && a.neg_ != b.neg_;
  r.neg_ = !r.mag_.empty() && a.neg_;
  // Python floors: a non-zero remainder must take the divisor's sign.
  if (!r.mag_.empty() && r.neg_ != b.neg_) {
    q = q - BigInt(1);
    r = r + b;
  }
  quot = std::move(q);
  rem = std::move(r);
}

BigInt BigInt::pow(const BigInt& a, uint64_t e) {
  BigInt result(1);
  BigInt base = a;
  while (e) {
    if (e & 1) result = result * base;
    e >>= 1;
    if (e) base = base * base;
  }
  return result;
}

// CPython's long_true_divide: scale a so that a / b has DBL_MANT_DIG + 2 or + 3
// bits, divide, then round the extra bits away by hand (half to even, the
// remainder and the bits shifted out acting as a sticky bit).
double BigInt::true_divide(const BigInt& a, const BigInt& b, bool& overflow) {
  constexpr int kMantDig = std::numeric_limits<double>::digits;       // 53
  constexpr int kMinExp = std::numeric_limits<double>::min_exponent;  // -1021
  constexpr int kMaxExp = std::numeric_limits<double>::max_exponent;  // 1024
  overflow = false;
  const bool negate = a.neg_ != b.neg_;
  if (a.mag_.empty()) return negate ? -0.0 : 0.0;
  const int64_t a_bits = mag_bits(a.mag_), b_bits = mag_bits(b.mag_);
  if (a_bits <= kMantDig && b_bits <= kMantDig) {
    // Both exact as doubles: one correctly rounded division.
    double r = static_cast<double>(low_u64(a.mag_)) / static_cast<double>(low_u64(b.mag_));
    return negate ? -r : r;
  }
  const int64_t diff = a_bits - b_bits;
  if (diff > kMaxExp) {
    overflow = true;
    return 0.0;
  }
  if (diff < kMinExp - kMantDig - 1) return negate ? -0.0 : 0.0;
  const int64_t shift = std::max<int64_t>(diff, kMinExp) - kMantDig - 2;
  bool inexact = false;
  Mag x = shift <= 0 ? shift_left(a.mag_, static_cast<int>(-shift))
                     : shift_right(a.mag_, shift, inexact);
  Mag q, r;
  divmod_mag(x, b.mag_, q, r);
  if (!r.empty()) inexact = true;
  const int64_t x_bits = mag_bits(q);
  const int64_t extra_bits = std::max<int64_t>(x_bits, kMinExp - shift) - kMantDig;  // 2 or 3
  const uint64_t mask = uint64_t{1} << (extra_bits - 1);
  uint64_t low = low_u64(q) | (inexact ? 1 : 0);
  if ((low & mask) && (low & (3 * mask - 1))) low += mask;
  low &= ~(2 * mask - 1);
  const double dx = static_cast<double>(low);  // exact: at most 54 significant bits
  if (shift + x_bits >= kMaxExp &&
      (shift + x_bits > kMaxExp || dx == std::ldexp(1.0, static_cast<int>(x_bits)))) {
    overflow = true;
    return 0.0;
  }
  const double result = std::ldexp(dx, static_cast<int>(shift));
  return negate ? -result : result;
}

int64_t BigInt::bit_length() const {
  return mag_bits(mag_);
}

int64_t BigInt::bit_count() const {
  int64_t n = 0;
  for (uint32_t limb : mag_) n += __builtin_popcount(limb);
  return n;
}

int BigInt::compare(const BigInt& a, const BigInt& b) {
  if (a.neg_ != b.neg_) return a.neg_ ? -1 : 1;
  int c = compare_mag(a.mag_, b.mag_);
  return a.neg_ ? -c : c;
}

}  // namespace wfgen::jinja
