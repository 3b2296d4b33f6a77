// Tree: the result of parsing a YAML text: every document's root node, the diagnostics,
// and the arena that owns the nodes. The tree refers to the text (plain scalars are views
// into it), so the text must outlive the tree and stay where it is.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "yaml/arena.h"
#include "yaml/diagnostic.h"
#include "yaml/node.h"
#include "yaml/options.h"

namespace wfgen::yaml {

struct DocumentRoot {
  const Node* root;  // never null: an empty document is an empty null scalar
  Mark start;        // the `---` when written, else the first node
};

class Tree {
 public:
  Tree() = default;
  Tree(Tree&&) = default;
  Tree& operator=(Tree&&) = default;

  std::string_view text() const { return text_; }
  const std::string& file() const { return file_; }
  std::span<const DocumentRoot> documents() const { return documents_; }
  // The first document's root; nullptr for a text without documents (empty, comments only).
  const Node* root() const { return documents_.empty() ? nullptr : documents_[0].root; }
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  // No error among the diagnostics (informational ones allowed).
  bool ok() const;
  // Nodes created, aliases included (for the benchmark and the limits).
  size_t node_count() const { return node_count_; }
  size_t arena_bytes() const { return arena_.reserved(); }

 private:
  friend class Builder;
  friend Tree parse(std::string_view, const ParseOptions&, std::string);
  std::string_view text_;
  std::string file_;
  Arena arena_;
  std::vector<DocumentRoot> documents_;
  std::vector<Diagnostic> diagnostics_;
  size_t node_count_ = 0;
};

// Parses `text` (named `file` in messages). Strict mode throws data::DataError at the first
// error; collect mode never throws for bad input and records every finding.
Tree parse(std::string_view text, const ParseOptions& options = {}, std::string file = "<yaml>");

}  // namespace wfgen::yaml
