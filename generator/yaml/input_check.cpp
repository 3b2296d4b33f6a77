#include "yaml/input_check.h"

#include <cstdint>
#include <cstring>

namespace wfgen::yaml {

namespace {

std::string hex_byte(unsigned char c) {
  const char* digits = "0123456789ABCDEF";
  return std::string("0x") + digits[c >> 4] + digits[c & 15];
}

// True when no byte of the 8 is a control character (< 0x20), DEL or non-ASCII.
bool plain_ascii8(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  constexpr uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  uint64_t below_space = (v - ones * 0x20) & ~v & highs;
  uint64_t del = ((v ^ (ones * 0x7F)) - ones) & ~(v ^ (ones * 0x7F)) & highs;
  return ((v & highs) | below_space | del) == 0;
}

}  // namespace

std::optional<InputProblem> check_input(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  size_t n = text.size(), i = 0;
  while (i < n) {
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
