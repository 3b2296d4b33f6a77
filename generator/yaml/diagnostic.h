// Diagnostic: one finding of the parser, at a position. In strict mode the first error is
// thrown; in collect mode every finding is kept, including the informational ones a
// workflow lint needs (anchors, aliases, merge keys, tags) that are not errors in YAML.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "data/error.h"

namespace wfgen::yaml {

using data::Mark;

enum class DiagKind : unsigned char {
  // Errors: a strict parse throws the first one.
  Syntax,          // malformed YAML; ends the parse
  Limit,           // a ParseOptions limit was reached; ends the parse
  Encoding,        // invalid UTF-8 or a control character; ends the parse
  Tab,             // a tab in the indentation of a block line
  DuplicateKey,    // a key already present in its mapping
  ComplexKey,      // a mapping key that is not a scalar (no JSON form)
  UnsupportedTag,  // a tag outside the core schema, or one that does not fit its node
  InvalidValue,    // a scalar its tag does not accept (`!!int abc`), an int beyond 64 bits
  BadAlias,        // an alias to an undefined anchor, or to the node it is inside
  BadMerge,        // a merge key `<<` whose value is not a mapping or list of mappings
  ExtraDocument,   // a second document where one is expected
  // Information, recorded in collect mode only: valid YAML that some readers treat
  // differently (GitHub does not expand anchors everywhere; tags; merge keys).
  Anchor,
  Alias,
  MergeKey,
  Tag,
};

// True for the kinds that are errors (everything before Anchor).
constexpr bool is_error(DiagKind k) {
  return k < DiagKind::Anchor;
}
// A short stable name ("duplicate-key"), for machine-readable output.
std::string_view diag_kind_name(DiagKind k);

struct Diagnostic {
  DiagKind kind;
  Mark mark;        // 1-based line and byte column
  uint32_t offset;  // byte offset of mark in the text
  std::string message;
};

}  // namespace wfgen::yaml
