// Where each byte of a scalar's value is written in the file. A value is not a slice of
// the text: quotes, escapes, line folding and block indentation come between. Findings
// inside a value (an expression in a `run:` script) need the exact file position.
#pragma once

#include <string_view>

#include "data/yaml_tree.h"

namespace wfgen::lint {

// The byte offset in `text` of byte `value_offset` of `scalar`'s value. Exact for every
// byte that is not whitespace, in every style (plain, single- and double-quoted with
// escapes, literal and folded blocks); whitespace the parser folded or trimmed maps to
// the position where it was removed. An escape maps to its backslash.
size_t scalar_source_offset(std::string_view text, const data::YamlNode& scalar,
                            size_t value_offset);

}  // namespace wfgen::lint
