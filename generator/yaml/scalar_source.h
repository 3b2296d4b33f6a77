// Where each byte of a scalar's value is written in the text. A value is not a slice of
// the text: quotes, escapes, folding and block indentation come between. A finding inside
// a value (an expression in a `run: |` script) needs the exact file position.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "yaml/node.h"

namespace wfgen::yaml {

// For each byte of `scalar.value()`, the offset in `text` of the source byte it comes
// from, plus a last entry for the end of the value (scalar.source_end()). Verbatim bytes map
// to themselves; an escape's bytes map to its backslash, a folded line break to the break,
// a `''` to its first quote. `text` must be the text the scalar was parsed from.
std::vector<uint32_t> value_origins(std::string_view text, const Node& scalar);

// The offset in `text` of byte `value_offset` of the scalar's value (value().size() maps
// to the end). For many lookups in one scalar, call value_origins() once.
uint32_t source_offset(std::string_view text, const Node& scalar, size_t value_offset);

// Line and column (1-based, bytes) of offsets in a text, by binary search over its line
// starts (built once).
class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  Mark mark(size_t offset) const;

 private:
  std::vector<uint32_t> starts_;
};

}  // namespace wfgen::yaml
