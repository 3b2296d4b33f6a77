// Builder: the parser's events -> the node tree. It owns what YAML says about nodes rather
// than text: anchors and aliases (with the expansion budget and cycles), tags and the core
// schema, mapping keys (duplicates, merge keys, non-scalar keys), nesting depth, documents.
#pragma once

#include <string_view>
#include <unordered_map>
#include <vector>

#include "yaml/options.h"
#include "yaml/reporter.h"
#include "yaml/token.h"
#include "yaml/tree.h"

namespace wfgen::yaml {

// A node's properties as written before it: `&anchor` and `!tag` (either order).
struct Properties {
  bool has_anchor = false;
  bool has_tag = false;
  std::string_view anchor;
  std::string_view tag;  // resolved
  uint32_t offset = 0;   // where the first property starts (the node's start)
  Mark mark;

  bool any() const { return has_anchor || has_tag; }
};

class Builder {
 public:
  Builder(Tree& tree, Reporter& reporter, const ParseOptions& options)
      : tree_(tree), reporter_(reporter), options_(options) {}

  void start_document(Mark start, uint32_t offset);
  void end_document();
  void scalar(const Token& t, const Properties& props);
  // A node written as nothing (`key:`), at `mark`.
  void empty(Mark mark, uint32_t offset, const Properties& props);
  void alias(const Token& t);
  void start_collection(Kind kind, Style style, Mark mark, uint32_t offset, const Properties& props);
  void end_collection();
  // After a terminal error in collect mode: closes what is open, keeping what was read.
  void close_all();

  // The innermost open collection (for "not closed" messages), or nullptr.
  const Node* open_collection() const { return stack_.empty() ? nullptr : stack_.back().node; }

 private:
  struct Frame {
    Node* node;
    size_t first_child;
  };
  Node* make(Kind kind, Style style, Mark mark, uint32_t offset);
  void apply(Node* n, const Properties& props);
  void resolve_scalar(Node* n);
  void add(Node* n);
  void finish_mapping(Node* n, Node** kids, size_t count);
  void check_merge(const Node& key, const Node& value);
  void report(DiagKind kind, const Node& at, std::string message) {
    reporter_.report(kind, at.offset(), at.mark(), std::move(message));
  }

  Tree& tree_;
  Reporter& reporter_;
  const ParseOptions& options_;
  std::vector<Frame> stack_;
  std::vector<Node*> kids_;
  Node* root_ = nullptr;
  Mark doc_start_;
  bool in_document_ = false;
  std::unordered_map<std::string_view, Node*> anchors_;
  uint64_t alias_nodes_ = 0;
  std::unordered_map<std::string_view, size_t> seen_keys_;
};

}  // namespace wfgen::yaml
