// Character classes of YAML's grammar, as one table so the scanner's inner loops test a
// byte with a single lookup.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace wfgen::yaml {

enum : uint8_t {
  kIndicator = 1,       // can not start a plain scalar (with exceptions, see check_plain)
  kPlainBlockStop = 2,  // ends a run of a plain scalar in block context (':' is checked after)
  kPlainFlowStop = 4,   // the same in flow context
  kSingleStop = 8,      // ends a run of a single-quoted scalar
  kDoubleStop = 16,     // ends a run of a double-quoted scalar
  kWord = 32,           // is_word_char: a key of a workflow is mostly a run of them
};

constexpr std::array<uint8_t, 256> make_char_table() {
  std::array<uint8_t, 256> t{};
  for (unsigned char c : std::string_view("-?:,[]{}#&*!|>'\"%@` \t\r\n")) t[c] |= kIndicator;
  t[0] |= kIndicator;
  for (unsigned char c : std::string_view(" \t\r\n:")) t[c] |= kPlainBlockStop | kPlainFlowStop;
  // YAML 1.2 lets '?' continue a plain scalar in flow context (`[a?b]`); PyYAML does not.
  for (unsigned char c : std::string_view(",[]{}")) t[c] |= kPlainFlowStop;
  for (unsigned char c : std::string_view("' \t\r\n")) t[c] |= kSingleStop;
  for (unsigned char c : std::string_view("\"\\ \t\r\n")) t[c] |= kDoubleStop;
  for (int c = 0; c < 256; ++c)
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' ||
        c == '_')
      t[static_cast<size_t>(c)] |= kWord;
  return t;
}
inline constexpr std::array<uint8_t, 256> kCharTable = make_char_table();

inline uint8_t char_class(char c) {
  return kCharTable[static_cast<unsigned char>(c)];
}
// The first byte in [p, end) of class `stop` (kPlainBlockStop or kPlainFlowStop), or end:
// where a run of a plain scalar ends. Plain text is most of a workflow's bytes, so the
// scan takes 16 bytes a step where it can.
inline const char* find_plain_stop(const char* p, const char* end, uint8_t stop) {
#ifdef __SSE2__
  const bool flow = stop & kPlainFlowStop;
  auto is = [](__m128i v, char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i m = _mm_or_si128(_mm_or_si128(is(v, ' '), is(v, '\t')),
                             _mm_or_si128(_mm_or_si128(is(v, '\n'), is(v, '\r')), is(v, ':')));
    if (flow)
      m = _mm_or_si128(m, _mm_or_si128(_mm_or_si128(is(v, ','), is(v, '[')),
                                       _mm_or_si128(_mm_or_si128(is(v, ']'), is(v, '{')), is(v, '}'))));
    if (int bits = _mm_movemask_epi8(m)) return p + __builtin_ctz(static_cast<unsigned>(bits));
    p += 16;
  }
#endif
  while (p < end && !(char_class(*p) & stop)) ++p;
  return p;
}

inline bool is_blank(char c) {
  return c == ' ' || c == '\t';
}
inline bool is_break(char c) {
  return c == '\n' || c == '\r';
}
// '\0' stands for the end of the input (the input holds no NUL: see input_check.h).
inline bool is_breakz(char c) {
  return c == '\n' || c == '\r' || c == '\0';
}
inline bool is_blankz(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\0';
}
inline bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
inline bool is_hex(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
inline int hex_value(char c) {
  return is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10;
}
inline bool is_alnum(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
// Tag handles and directive names: YAML's word characters, plus '_' as libyaml allows.
inline bool is_word_char(char c) {
  return char_class(c) & kWord;
}
inline bool is_flow_indicator(char c) {
  return c == ',' || c == '[' || c == ']' || c == '{' || c == '}';
}
// URI characters of a tag (a '%' escape is read separately).
inline bool is_uri_char(char c) {
  if (is_alnum(c)) return true;
  switch (c) {
    case '-': case ';': case '/': case '?': case ':': case '@': case '&': case '=': case '+':
    case '$': case ',': case '_': case '.': case '!': case '~': case '*': case '\'': case '(':
    case ')': case '[': case ']': case '#':
      return true;
    default:
      return false;
  }
}

}  // namespace wfgen::yaml
