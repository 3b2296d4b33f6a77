#include "yaml/fuzz.h"

#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "yaml/scalar_source.h"
#include "yaml/tree.h"
#include "yaml/tree_compare.h"

namespace wfgen::yaml {

namespace {
// Touches every node, and maps every scalar's value back to the text.
size_t walk(std::string_view text, const Node& n) {
  size_t sum = n.mark().line;
  if (n.is_scalar()) {
    std::vector<uint32_t> origins = value_origins(text, n);
    sum += origins.back() + n.value().size();
  }
  for (const Node* item : n.items()) sum += walk(text, *item);
  for (const Pair& p : n.pairs()) sum += walk(text, *p.key) + walk(text, *p.value);
  return sum;
}

// The reader of the common block shape must make what the full parser makes.
[[noreturn]] void disagree(const std::string& what) {
  std::fprintf(stderr, "BlockReader and the full parser disagree: %s\n", what.c_str());
  std::abort();
}

// A strict parse's error ("" when none), with or without the reader.
std::string strict_error(std::string_view text, ParseOptions options, bool reader, size_t& nodes) {
  options.mode = Mode::Strict;
  options.block_reader = reader;
  try {
    nodes = parse(text, options, "fuzz.yml").node_count();
  } catch (const data::DataError& e) {
    return e.format();
  }
  return "";
}
}  // namespace

void fuzz_one(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  ParseOptions options;
  options.mode = Mode::Collect;
  options.single_document = false;
  options.max_depth = 100;
  options.max_alias_nodes = 10'000;
  options.max_scalar_bytes = 1 << 20;
  Tree tree = parse(text, options, "fuzz.yml");
  volatile size_t sink = tree.diagnostics().size();
  for (const DocumentRoot& d : tree.documents()) sink = sink + walk(text, *d.root);
  options.block_reader = false;
  if (std::string d = first_difference(tree, parse(text, options, "fuzz.yml")); !d.empty()) disagree(d);
  size_t nodes[2] = {0, 0};
  std::string error = strict_error(text, options, true, nodes[0]);
  if (error != strict_error(text, options, false, nodes[1]) || nodes[0] != nodes[1])
    disagree("strict: " + error);
  sink = sink + error.size() + nodes[0];
}

}  // namespace wfgen::yaml
