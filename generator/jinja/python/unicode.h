// UTF-8 helpers for the places Python counts characters, not bytes:
// len(), indexing and slicing of str, center/ljust widths, upper/lower/title.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wfgen::jinja::utf8 {

bool is_ascii(std::string_view s);
// Number of code points (invalid bytes count as one each).
size_t length(std::string_view s);
// Byte offsets of each code point start, plus s.size() at the end.
std::vector<size_t> offsets(std::string_view s);
// The byte where code point `n` (0-based) starts, reading only up to it: each byte that does
// not continue a UTF-8 sequence starts one; s.size() when there are fewer. (Error columns
// count code points: this is where a column's byte is.)
size_t byte_offset(std::string_view s, size_t n);
// The bytes of code point `i` of `s` (from the end when negative, as Python indexes), as
// offsets() counts them; nullopt when there is none. Reads `s` only up to it, or back to
// it over ASCII: s[0] and s[-1] of a long string cost what they return.
std::optional<std::string_view> code_point_at(std::string_view s, int64_t i);
// Decodes the code point at s[i], advancing i.
uint32_t decode(std::string_view s, size_t& i);
void encode(std::string& out, uint32_t cp);
std::vector<uint32_t> to_code_points(std::string_view s);
std::string from_code_points(const std::vector<uint32_t>& cps);

// Python's str.isprintable() for one code point (used by repr).
bool is_printable(uint32_t cp);
// Python's str.isspace()/isalpha()/isdigit()/isalnum() for one code point.
bool is_space(uint32_t cp);
bool is_alpha(uint32_t cp);
bool is_digit(uint32_t cp);
bool is_alnum(uint32_t cp);
bool is_upper(uint32_t cp);
bool is_lower(uint32_t cp);
// Simple case mapping (Python's str.upper()/lower() for the common scripts).
uint32_t to_upper(uint32_t cp);
uint32_t to_lower(uint32_t cp);

std::string upper(std::string_view s);
std::string lower(std::string_view s);

}  // namespace wfgen::jinja::utf8
