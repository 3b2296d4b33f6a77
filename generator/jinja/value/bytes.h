// bytes_equal: equality of two byte ranges of the same length, inline for the short
// keys templates look up (dict keys, attribute names), where calling memcmp costs
// more than the comparison.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace wfgen::jinja {

namespace bytes_detail {
inline uint64_t load8(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}
inline uint32_t load4(const char* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
}  // namespace bytes_detail

inline bool bytes_equal(const char* a, const char* b, size_t n) {
  using namespace bytes_detail;
  if (n >= 8) {
    // Overlapping loads cover 8..32 bytes without a loop.
    if (n <= 16) return ((load8(a) ^ load8(b)) | (load8(a + n - 8) ^ load8(b + n - 8))) == 0;
    if (n <= 32) {
      return ((load8(a) ^ load8(b)) | (load8(a + 8) ^ load8(b + 8)) |
              (load8(a + n - 16) ^ load8(b + n - 16)) | (load8(a + n - 8) ^ load8(b + n - 8))) == 0;
    }
    return std::memcmp(a, b, n) == 0;
  }
  if (n >= 4) return ((load4(a) ^ load4(b)) | (load4(a + n - 4) ^ load4(b + n - 4))) == 0;
  for (size_t i = 0; i < n; ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

}  // namespace wfgen::jinja
