#include "yaml/input_check.h"

#include <cstdint>
#include <cstring>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace wfgen::yaml {

namespace {

std::string hex_byte(unsigned char c) {
  const char* digits = "0123456789ABCDEF";
  return std::string("0x") + digits[c >> 4] + digits[c & 15];
}

// True when none of the 8 bytes is non-ASCII, DEL or a control character other than tab,
// LF and CR. Exact per byte: every byte gets its high bit set before a subtraction, so no
// borrow crosses into the next byte.
bool plain_ascii8(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  constexpr uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  if (v & highs) return false;
  auto below = [&](uint64_t x, uint64_t n) { return ~((x | highs) - ones * n) & highs; };
  auto equal = [&](uint8_t c) { return below(v ^ (ones * c), 1); };
  uint64_t control = below(v, 0x20) & ~(equal('\n') | equal('\t') | equal('\r'));
  return (control | equal(0x7F)) == 0;
}

#ifdef __SSE2__
// The same test on 16 bytes at once.
bool plain_ascii16(const char* p) {
  __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  // Signed compare: bytes >= 0x80 are negative, so they count as "below space" too.
  __m128i below = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));
  __m128i allowed = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')),
                                              _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))),
                                 _mm_cmpeq_epi8(v, _mm_set1_epi8('\r')));
  __m128i bad = _mm_or_si128(_mm_andnot_si128(allowed, below), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F)));
  return _mm_movemask_epi8(bad) == 0;
}
#endif

}  // namespace

std::optional<InputProblem> check_input(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  size_t n = text.size(), i = 0;
  while (i < n) {
#ifdef __SSE2__
    if (i + 16 <= n && plain_ascii16(text.data() + i)) {
      i += 16;
      continue;
    }
#endif
    if (i + 8 <= n && plain_ascii8(text.data() + i)) {
      i += 8;
      continue;
    }
    unsigned char c = s[i];
    if (c < 0x80) {
      if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F)
        return InputProblem{i, "control character " + hex_byte(c) +
                                   " is not allowed (escape it in a double-quoted string)"};
      ++i;
      continue;
    }
    // A multi-byte sequence: lead byte, then continuation bytes; no overlong forms, no
    // surrogates, nothing above U+10FFFF.
    size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
    bool ok = len != 0 && c >= 0xC2 && c <= 0xF4 && i + len <= n;
    for (size_t k = 1; ok && k < len; ++k) ok = (s[i + k] & 0xC0) == 0x80;
    if (ok && len == 3) {
      unsigned char c1 = s[i + 1];
      ok = !(c == 0xE0 && c1 < 0xA0) && !(c == 0xED && c1 >= 0xA0);
    }
    if (ok && len == 4) {
      unsigned char c1 = s[i + 1];
      ok = !(c == 0xF0 && c1 < 0x90) && !(c == 0xF4 && c1 >= 0x90);
    }
    if (!ok) return InputProblem{i, "invalid UTF-8 (byte " + hex_byte(c) + ")"};
    // C1 control characters (U+0080-U+009F) other than NEL are not printable either.
    if (len == 2 && c == 0xC2 && s[i + 1] < 0xA0 && s[i + 1] != 0x85)
      return InputProblem{i, "control character U+00" + hex_byte(s[i + 1]).substr(2) +
                                 " is not allowed (escape it in a double-quoted string)"};
    i += len;
  }
  return std::nullopt;
}

}  // namespace wfgen::yaml
