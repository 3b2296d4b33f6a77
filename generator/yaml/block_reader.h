// BlockReader: the parse of a document in the shape nearly every workflow and data file
// has (block mappings and sequences of plain, quoted and block scalars, flow collections
// of scalars) straight from the text to the builder's events, without the scanner's token
// queue, simple-key bookkeeping or the parser's state machine: those cost ~30 instructions
// a byte, most of a parse (docs/performance.md).
//
// It scans every scalar with the Scanner's own routines and builds with the Builder, so the
// tree it makes is the tree the full parser makes, node for node. Anything else (anchors,
// aliases, tags, directives, `---`, explicit keys, `- - x`, an empty flow value, anything
// the full parser would report, any diagnostic at all) makes it give up: parse() then reads
// the text again from the start with the full parser, which is the one that reports.
// tests/yaml/block_reader_test.cpp compares the two on every file we have and on edge cases;
// the YAML fuzz target compares them on every input.
#pragma once

#include <string_view>

#include "yaml/arena.h"
#include "yaml/options.h"
#include "yaml/tree.h"

namespace wfgen::yaml {

// Reads `text` (already checked by check_input) into `tree`, allocating in `arena` (the
// tree's). False when the text is not of the common shape, or has any finding: the tree
// then holds a partial result the caller discards.
bool read_common_block(std::string_view text, const ParseOptions& options, Tree& tree, Arena& arena);

}  // namespace wfgen::yaml
