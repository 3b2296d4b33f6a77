// Token: what the scanner hands the parser. Scalar values are views into the text when
// they are written verbatim (most plain scalars), else into the tree's arena.
#pragma once

#include <cstdint>
#include <string_view>

#include "yaml/node.h"

namespace wfgen::yaml {

enum class Tok : unsigned char {
  StreamStart,
  StreamEnd,
  VersionDirective,  // value: "1.2"
  TagDirective,      // handle, value: the prefix
  DocumentStart,     // ---
  DocumentEnd,       // ...
  BlockSequenceStart,
  BlockMappingStart,
  BlockEnd,
  FlowSequenceStart,
  FlowMappingStart,
  FlowSequenceEnd,
  FlowMappingEnd,
  BlockEntry,  // -
  FlowEntry,   // ,
  Key,         // ? or an implicit key
  Value,       // :
  Alias,       // value: the name
  Anchor,      // value: the name
  Tag,         // handle ("" for a verbatim tag), value: the suffix
  Scalar,
};

struct Token {
  Tok type = Tok::StreamStart;
  Style style = Style::Plain;  // scalars
  bool flow_context = false;   // plain scalars: scanned inside [] or {}
  uint32_t begin = 0;          // byte offsets of the token in the text
  uint32_t end = 0;
  uint32_t line = 0;  // mark of `begin`
  uint32_t col = 0;
  int32_t scan_indent = 0;  // plain and block scalars: the indentation they were read with
  std::string_view value;
  std::string_view handle;

  Mark mark() const { return {static_cast<int>(line), static_cast<int>(col)}; }
  // Just past a one-line token (indicators), where an empty node after it sits.
  Mark end_mark() const { return {static_cast<int>(line), static_cast<int>(col + end - begin)}; }
};

// How a token reads in a message: "':'", "a block end", "the scalar 'x'".
std::string_view token_name(Tok t);

}  // namespace wfgen::yaml
