// ParseOptions: how strictly a text is read and the limits that keep hostile input (alias
// bombs, deep nesting, huge scalars) from costing more than a bounded amount of time and
// memory. Every limit ends in a positioned error, never a crash or a hang.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace wfgen::yaml {

enum class Mode : unsigned char {
  // The first error is thrown as data::DataError (file:line:col and the caret excerpt).
  Strict,
  // Every finding is recorded in Tree::diagnostics(); parsing goes on where YAML allows
  // (a syntax error still ends it, keeping the part of the tree read so far).
  Collect,
};

struct ParseOptions {
  Mode mode = Mode::Strict;
  // More than one document in the stream is an error (a data file holds one document).
  bool single_document = true;
  // Collections nested deeper than this are refused (parsing never recurses, but every
  // consumer of the tree does; CPython's recursion limit is of the same order).
  size_t max_depth = 1000;
  // The setting that raises max_depth, named in its message ("" when none can).
  std::string_view max_depth_setting;
  // Nodes that aliases may add to the expanded data, summed over the document: each alias
  // adds the node count of what it names (aliases inside included). Stops alias bombs.
  size_t max_alias_nodes = 100'000;
  // A single scalar's decoded value, in bytes.
  size_t max_scalar_bytes = size_t{16} << 20;
  // The whole text, in bytes (positions are 32-bit).
  size_t max_document_bytes = size_t{256} << 20;
  // Read a document of the common block shape without the token queue (block_reader.h);
  // the tree is the same either way. Off only to compare the two (tests, benchmark).
  bool block_reader = true;
};

// "collections nested deeper than N levels", naming the setting when there is one.
std::string depth_limit_message(const ParseOptions& options);

}  // namespace wfgen::yaml
