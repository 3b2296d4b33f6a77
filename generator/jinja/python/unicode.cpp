#include "jinja/python/unicode.h"

#include <algorithm>
#include <cstring>
#include <iterator>

#include "jinja/python/unicode_case.h"

namespace wfgen::jinja::utf8 {

namespace {

struct Range {
  uint32_t first, last;
};
// cp -> cp + delta for cp = first, first + stride, ..., last.
struct CaseRun {
  uint32_t first, last, stride;
  int32_t delta;
};
// Full mappings (UTF-8) of the characters whose conversions are not simple.
struct SpecialCase {
  uint32_t cp;
  const char *upper, *lower, *title, *fold;
};

#include "jinja/python/unicode_data.inc"

template <size_t N>
bool in_ranges(const Range (&table)[N], uint32_t cp) {
  auto it = std::upper_bound(std::begin(table), std::end(table), cp,
                             [](uint32_t v, const Range& r) { return v < r.first; });
  return it != std::begin(table) && cp <= std::prev(it)->last;
}

template <size_t N>
uint32_t map_runs(const CaseRun (&table)[N], uint32_t cp) {
  auto it = std::upper_bound(std::begin(table), std::end(table), cp,
                             [](uint32_t v, const CaseRun& r) { return v < r.first; });
  if (it == std::begin(table)) return cp;
  const CaseRun& run = *std::prev(it);
  if (cp > run.last || (cp - run.first) % run.stride != 0) return cp;
  return static_cast<uint32_t>(static_cast<int64_t>(cp) + run.delta);
}

const SpecialCase* find_special(uint32_t cp) {
  auto it = std::lower_bound(std::begin(kSpecialCases), std::end(kSpecialCases), cp,
                             [](const SpecialCase& s, uint32_t v) { return s.cp < v; });
  return it != std::end(kSpecialCases) && it->cp == cp ? &*it : nullptr;
}

// Invalid bytes decode to U+DC80..U+DCFF (Python's surrogateescape) so that
// encode() writes them back unchanged.
constexpr uint32_t kEscapeBase = 0xDC00;

enum class Mapping { Upper, Lower, Title, Fold };

void append_full(std::string& out, uint32_t cp, Mapping m) {
  if (cp >= 0x80) {
    if (const SpecialCase* s = find_special(cp)) {
      switch (m) {
        case Mapping::Upper:
          out += s->upper;
          return;
        case Mapping::Lower:
          out += s->lower;
          return;
        case Mapping::Title:
          out += s->title;
          return;
        case Mapping::Fold:
          out += s->fold;
          return;
      }
    }
  }
  encode(out, m == Mapping::Lower || m == Mapping::Fold ? to_lower(cp) : to_upper(cp));
}

// Python's lower_ucs4: a capital sigma becomes final 'ς' when a cased letter precedes
// it and none follows (case-ignorable characters are skipped both ways).
void append_lower_at(std::string& out, const std::vector<uint32_t>& cps, size_t i) {
  if (cps[i] != 0x3A3) {
    append_full(out, cps[i], Mapping::Lower);
    return;
  }
  size_t j = i;
  while (j > 0 && is_case_ignorable(cps[j - 1])) --j;
  bool final_sigma = j > 0 && is_cased(cps[j - 1]);
  if (final_sigma) {
    size_t k = i + 1;
    while (k < cps.size() && is_case_ignorable(cps[k])) ++k;
    final_sigma = k == cps.size() || !is_cased(cps[k]);
  }
  encode(out, final_sigma ? 0x3C2 : 0x3C3);
}

}  // namespace

bool is_ascii(std::string_view s) {
  // Eight bytes at a time (32 per round): any high bit set means a non-ASCII byte.
  constexpr uint64_t kHigh = 0x8080808080808080ull;
  size_t i = 0;
  for (; i + 32 <= s.size(); i += 32) {
    uint64_t w[4];
    std::memcpy(w, s.data() + i, 32);
    if ((w[0] | w[1] | w[2] | w[3]) & kHigh) return false;
  }
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    if (w & kHigh) return false;
  }
  for (; i < s.size(); ++i) {
    if (static_cast<unsigned char>(s[i]) >= 0x80) return false;
  }
  return true;
}

size_t byte_offset(std::string_view s, size_t n) {
  size_t at = 0;
  for (size_t cp = 0; cp < n && at < s.size(); ++cp)
    do ++at; while (at < s.size() && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80);
  return at;
}

size_t length(std::string_view s) {
  if (is_ascii(s)) return s.size();
  size_t n = 0;
  for (size_t i = 0; i < s.size(); ++n) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
    } else {
      decode(s, i);
    }
  }
  return n;
}

std::vector<size_t> offsets(std::string_view s) {
  std::vector<size_t> out;
  out.reserve(s.size() + 1);
  for (size_t i = 0; i < s.size();) {
    out.push_back(i);
    decode(s, i);
  }
  out.push_back(s.size());
  return out;
}

std::optional<std::string_view> code_point_at(std::string_view s, int64_t i) {
  if (i >= 0) {
    size_t at = 0;
    for (int64_t k = 0; k < i && at < s.size(); ++k) decode(s, at);
    if (at >= s.size()) return std::nullopt;
    size_t end = at;
    decode(s, end);
    return s.substr(at, end - at);
  }
  const uint64_t back = 0 - static_cast<uint64_t>(i);  // |i|, INT64_MIN included
  // An ASCII byte is a code point of its own: no sequence decode() reads holds one.
  if (back <= s.size()) {
    const size_t from = s.size() - static_cast<size_t>(back);
    bool ascii = true;
    for (size_t k = from; k < s.size() && ascii; ++k) ascii = static_cast<unsigned char>(s[k]) < 0x80;
    if (ascii) return s.substr(from, 1);
  }
  std::vector<size_t> offs = offsets(s);
  const size_t n = offs.size() - 1;
  if (back > n) return std::nullopt;
  const size_t at = n - static_cast<size_t>(back);
  return s.substr(offs[at], offs[at + 1] - offs[at]);
}

uint32_t decode(std::string_view s, size_t& i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  uint32_t b0 = byte(i);
  if (b0 < 0x80) {
    ++i;
    return b0;
  }
  size_t len = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC0 ? 2 : 0;
  if (len == 0 || b0 > 0xF4 || i + len > s.size()) {
    ++i;
    return kEscapeBase + b0;
  }
  uint32_t cp = b0 & (0x7F >> len);
  for (size_t k = 1; k < len; ++k) {
    uint32_t b = byte(i + k);
    if ((b & 0xC0) != 0x80) {
      ++i;
      return kEscapeBase + b0;
    }
    cp = (cp << 6) | (b & 0x3F);
  }
  // Overlong forms, surrogates and values past U+10FFFF are not valid UTF-8.
  static constexpr uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMin[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    ++i;
    return kEscapeBase + b0;
  }
  i += len;
  return cp;
}

void encode(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp >= kEscapeBase + 0x80 && cp <= kEscapeBase + 0xFF) {
    out += static_cast<char>(cp - kEscapeBase);  // an undecodable byte, restored
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::vector<uint32_t> to_code_points(std::string_view s) {
  std::vector<uint32_t> out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) out.push_back(decode(s, i));
  return out;
}

std::string from_code_points(const std::vector<uint32_t>& cps) {
  std::string out;
  out.reserve(cps.size());
  for (uint32_t cp : cps) encode(out, cp);
  return out;
}

bool is_printable(uint32_t cp) {
  if (cp >= 0x20 && cp < 0x7F) return true;
  return !in_ranges(kNonPrintable, cp);
}
bool is_space(uint32_t cp) {
  return in_ranges(kSpace, cp);
}
bool is_alpha(uint32_t cp) {
  return in_ranges(kAlpha, cp);
}
bool is_digit(uint32_t cp) {
  return in_ranges(kDigit, cp);
}
bool is_decimal(uint32_t cp) {
  return in_ranges(kDecimal, cp);
}
bool is_numeric(uint32_t cp) {
  return in_ranges(kNumeric, cp);
}
// Python: isalpha() or isdecimal() or isdigit() or isnumeric(); numeric covers the rest.
bool is_alnum(uint32_t cp) {
  return is_alpha(cp) || is_numeric(cp);
}
bool is_upper(uint32_t cp) {
  return in_ranges(kUpper, cp);
}
bool is_lower(uint32_t cp) {
  return in_ranges(kLower, cp);
}
bool is_title(uint32_t cp) {
  return in_ranges(kTitle, cp);
}
bool is_cased(uint32_t cp) {
  return in_ranges(kCased, cp);
}
bool is_case_ignorable(uint32_t cp) {
  return in_ranges(kCaseIgnorable, cp);
}
bool is_id_start(uint32_t cp) {
  return in_ranges(kIdStart, cp);
}
bool is_id_continue(uint32_t cp) {
  return in_ranges(kIdContinue, cp);
}
bool is_jinja_name_char(uint32_t cp) {
  return is_alnum(cp) || cp == '_' || in_ranges(kNameMarks, cp);
}

uint32_t to_upper(uint32_t cp) {
  if (cp < 0x80) return cp >= 'a' && cp <= 'z' ? cp - 32 : cp;
  return map_runs(kToUpper, cp);
}

uint32_t to_lower(uint32_t cp) {
  if (cp < 0x80) return cp >= 'A' && cp <= 'Z' ? cp + 32 : cp;
  return map_runs(kToLower, cp);
}

std::string upper(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) append_full(out, decode(s, i), Mapping::Upper);
  return out;
}

std::string lower(std::string_view s) {
  if (is_ascii(s)) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(to_lower(static_cast<unsigned char>(c)));
    return out;
  }
  std::string out;
  out.reserve(s.size());
  std::vector<uint32_t> cps = to_code_points(s);
  for (size_t i = 0; i < cps.size(); ++i) append_lower_at(out, cps, i);
  return out;
}

std::string casefold(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) append_full(out, decode(s, i), Mapping::Fold);
  return out;
}

std::string title(std::string_view s) {
  std::vector<uint32_t> cps = to_code_points(s);
  std::string out;
  out.reserve(s.size());
  bool previous_is_cased = false;
  for (size_t i = 0; i < cps.size(); ++i) {
    if (previous_is_cased) {
      append_lower_at(out, cps, i);
    } else {
      append_full(out, cps[i], Mapping::Title);
    }
    previous_is_cased = is_cased(cps[i]);
  }
  return out;
}

std::string capitalize(std::string_view s) {
  std::vector<uint32_t> cps = to_code_points(s);
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < cps.size(); ++i) {
    if (i == 0) {
      append_full(out, cps[i], Mapping::Title);
    } else {
      append_lower_at(out, cps, i);
    }
  }
  return out;
}

std::string swapcase(std::string_view s) {
  std::vector<uint32_t> cps = to_code_points(s);
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < cps.size(); ++i) {
    if (is_upper(cps[i])) {
      append_lower_at(out, cps, i);
    } else if (is_lower(cps[i])) {
      append_full(out, cps[i], Mapping::Upper);
    } else {
      encode(out, cps[i]);
    }
  }
  return out;
}

bool str_is_upper(std::string_view s) {
  bool cased = false;
  for (size_t i = 0; i < s.size();) {
    uint32_t cp = decode(s, i);
    if (is_lower(cp) || is_title(cp)) return false;
    if (is_upper(cp)) cased = true;
  }
  return cased;
}

bool str_is_lower(std::string_view s) {
  bool cased = false;
  for (size_t i = 0; i < s.size();) {
    uint32_t cp = decode(s, i);
    if (is_upper(cp) || is_title(cp)) return false;
    if (is_lower(cp)) cased = true;
  }
  return cased;
}

bool str_is_title(std::string_view s) {
  bool cased = false, previous_is_cased = false;
  for (size_t i = 0; i < s.size();) {
    uint32_t cp = decode(s, i);
    if (is_upper(cp) || is_title(cp)) {
      if (previous_is_cased) return false;
      previous_is_cased = cased = true;
    } else if (is_lower(cp)) {
      if (!previous_is_cased) return false;
      previous_is_cased = cased = true;
    } else {
      previous_is_cased = false;
    }
  }
  return cased;
}

}  // namespace wfgen::jinja::utf8
