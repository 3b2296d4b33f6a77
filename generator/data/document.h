// Document: a parsed data file plus the source position of every value and key, so
// later stages (matrix validation, the manifest) can point at the exact spot of a mistake.
// A YAML document keeps its node tree (yaml/tree.h) and finds positions by walking it; a
// JSON document records them while parsing.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "data/error.h"

namespace wfgen::yaml {
class Tree;
class Node;
}  // namespace wfgen::yaml

namespace wfgen::data {

using Json = nlohmann::ordered_json;

class Document {
 public:
  Document();
  Document(std::string file, std::string text);
  Document(const Document&) = default;
  Document(Document&&) = default;
  Document& operator=(const Document&) = default;
  Document& operator=(Document&&) = default;
  ~Document();  // frees the data with free_json (json_free.h)

  const std::string& file() const { return file_; }
  // The text, at a stable address (the tree's scalars are views into it).
  const std::string& text() const { return *text_; }
  Json& root() { return root_; }
  const Json& root() const { return root_; }

  // YAML: the node tree as written (styles, anchors, merge keys, exact positions), for
  // consumers that need more than the data; nullptr for JSON.
  const yaml::Tree* tree() const { return tree_.get(); }
  void set_tree(std::shared_ptr<const yaml::Tree> tree) { tree_ = std::move(tree); }

  // JSON: positions keyed by JSON pointer ("/builds/0/name"); "" is the root.
  void set_value_mark(const std::string& ptr, Mark m) { value_marks_[ptr] = m; }
  void set_key_mark(const std::string& ptr, Mark m) { key_marks_[ptr] = m; }
  // Where the value at `ptr` starts; falls back to the nearest ancestor that has a mark.
  Mark value_mark(std::string_view ptr) const;
  // Where the key naming `ptr` is (for "unknown key"); falls back to value_mark.
  Mark key_mark(std::string_view ptr) const;
  // Where line:col (1-based; col in characters, as template errors count) of `value`, the
  // string at `ptr`, is in the file: found where that line of the value is written
  // verbatim (plain, quoted without escapes, or a block scalar's line); else where the rest
  // of that line from `col` is (a folded scalar, an escape before it); else the value's
  // start. Reads the file's lines once, from the value's.
  Mark mark_within(std::string_view ptr, std::string_view value, int line, int col) const;

  // A positioned error at the value (or key) `ptr`, with the source excerpt.
  DataError error_at(std::string_view ptr, std::string message, bool at_key = false) const;
  DataError error_at(Mark m, std::string message) const;

 private:
  std::string file_;
  std::shared_ptr<const std::string> text_;
  std::shared_ptr<const yaml::Tree> tree_;
  Json root_;
  std::unordered_map<std::string, Mark> value_marks_;
  std::unordered_map<std::string, Mark> key_marks_;
};

// Appends one reference token to a JSON pointer, escaping '~' and '/'.
std::string pointer_child(std::string_view ptr, std::string_view key);
std::string pointer_child(std::string_view ptr, size_t index);
// The value `ptr` (a JSON pointer as pointer_child makes them; "" is `root`) names in
// `root`, or null when there is none (or `ptr` is no pointer). Unlike Json::json_pointer,
// it allocates nothing (lookups per row and per key).
const Json* find_pointer(const Json& root, std::string_view ptr);

}  // namespace wfgen::data
