#include "yaml/scalar_source.h"

#include <algorithm>

#include "yaml/scanner.h"

namespace wfgen::yaml {

namespace {
// A plain scalar written on one line is its own value, byte for byte.
bool verbatim(std::string_view text, const Node& scalar) {
  if (scalar.style() != Style::Plain) return false;
  std::string_view span = text.substr(scalar.source_begin(), scalar.source_end() - scalar.source_begin());
  return span.size() == scalar.value().size() && span.find_first_of("\r\n") == std::string_view::npos;
}
}  // namespace

std::vector<uint32_t> value_origins(std::string_view text, const Node& scalar) {
  if (verbatim(text, scalar)) {
    std::vector<uint32_t> out(scalar.value().size() + 1);
    for (size_t i = 0; i < out.size(); ++i) out[i] = scalar.source_begin() + static_cast<uint32_t>(i);
    return out;
  }
  return Scanner::value_origins(text, scalar);
}

uint32_t source_offset(std::string_view text, const Node& scalar, size_t value_offset) {
  if (verbatim(text, scalar))
    return scalar.source_begin() + static_cast<uint32_t>(std::min(value_offset, scalar.value().size()));
  std::vector<uint32_t> origins = Scanner::value_origins(text, scalar);
  return origins[std::min(value_offset, origins.size() - 1)];
}

LineIndex::LineIndex(std::string_view text) {
  starts_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' || (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n')))
      starts_.push_back(static_cast<uint32_t>(i + 1));
  }
}

Mark LineIndex::mark(size_t offset) const {
  auto it = std::upper_bound(starts_.begin(), starts_.end(), static_cast<uint32_t>(offset));
  size_t line = static_cast<size_t>(it - starts_.begin());
  return {static_cast<int>(line), static_cast<int>(offset - starts_[line - 1]) + 1};
}

}  // namespace wfgen::yaml
