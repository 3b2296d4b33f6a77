#include "lint/scalar_offsets.h"

namespace wfgen::lint {

using data::YamlStyle;

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

size_t utf8_length(unsigned long cp) {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

struct Escape {
  size_t text_length;   // bytes of the escape in the text, backslash included
  size_t value_length;  // bytes it becomes in the value
};

// The double-quoted escape at text[j] == '\\' (line continuations are handled apart).
Escape escape_at(std::string_view text, size_t j) {
  if (j + 1 >= text.size()) return {1, 0};
  char c = text[j + 1];
  size_t digits = c == 'x' ? 2 : c == 'u' ? 4 : c == 'U' ? 8 : 0;
  if (digits) {
    unsigned long cp = 0;
    for (size_t k = 0; k < digits && j + 2 + k < text.size(); ++k) {
      int h = hex_value(text[j + 2 + k]);
      if (h < 0) break;
      cp = cp * 16 + static_cast<unsigned long>(h);
    }
    return {2 + digits, utf8_length(cp)};
  }
  switch (c) {
    case 'N':
    case '_':
      return {2, 2};  // U+0085, U+00A0
    case 'L':
    case 'P':
      return {2, 3};  // U+2028, U+2029
    default:
      return {2, 1};
  }
}

}  // namespace

size_t scalar_source_offset(std::string_view text, const data::YamlNode& scalar,
                            size_t value_offset) {
  const std::string& value = scalar.scalar();
  const YamlStyle style = scalar.style();
  size_t j = std::min(scalar.offset(), text.size());
  if (style == YamlStyle::SingleQuoted || style == YamlStyle::DoubleQuoted) {
    j = std::min(j + 1, text.size());
  } else if (style == YamlStyle::Literal || style == YamlStyle::Folded) {
    size_t nl = text.find('\n', j);  // content starts on the line after the header
    j = nl == std::string_view::npos ? text.size() : nl + 1;
  }
  size_t i = 0;
  while (i < value.size() && j < text.size()) {
    const char c = value[i];
    if (style == YamlStyle::DoubleQuoted && text[j] == '\\') {
      if (j + 1 < text.size() && (text[j + 1] == '\n' || text[j + 1] == '\r')) {
        // A line continuation: the break and the next line's indentation vanish.
        j += 2;
        while (j < text.size() && is_space(text[j])) ++j;
        continue;
      }
      Escape e = escape_at(text, j);
      if (value_offset < i + e.value_length) return j;
      i += e.value_length;
      j += e.text_length;
      continue;
    }
    if (style == YamlStyle::SingleQuoted && c == '\'' && text[j] == '\'' && j + 1 < text.size() &&
        text[j + 1] == '\'') {
      if (i == value_offset) return j;
      ++i, j += 2;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\n') {
      // Whitespace the text holds as is, or a line break folded into it (no text of its own).
      if (i == value_offset) return j;
      if (text[j] == c) ++j;
      ++i;
      continue;
    }
    if (text[j] != c && is_space(text[j])) {
      // Folding whitespace and block indentation before the next written byte.
      while (j < text.size() && is_space(text[j]) && text[j] != c) ++j;
      continue;
    }
    if (text[j] != c) break;  // not where the value says: stop at the last good place
    if (i == value_offset) return j;
    ++i, ++j;
  }
  return std::min(j, text.size());
}

}  // namespace wfgen::lint
