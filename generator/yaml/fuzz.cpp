#include "yaml/fuzz.h"

#include <string_view>

#include "yaml/scalar_source.h"
#include "yaml/tree.h"

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
  options.mode = Mode::Strict;
  try {
    Tree strict = parse(text, options, "fuzz.yml");
    sink = sink + strict.node_count();
  } catch (const data::DataError& e) {
    sink = sink + e.format().size();
  }
}

}  // namespace wfgen::yaml
