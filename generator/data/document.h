// Document: a parsed data file plus the source position of every value and key, so
// later stages (matrix validation, the manifest) can point at the exact spot of a mistake.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "data/error.h"

namespace wfgen::data {

using Json = nlohmann::ordered_json;

class Document {
 public:
  Document() = default;
  Document(std::string file, std::string text) : file_(std::move(file)), text_(std::move(text)) {}

  const std::string& file() const { return file_; }
  const std::string& text() const { return text_; }
  Json& root() { return root_; }
  const Json& root() const { return root_; }

  // Positions are keyed by JSON pointer ("/builds/0/name"); "" is the root.
  void set_value_mark(const std::string& ptr, Mark m) { value_marks_[ptr] = m; }
  void set_key_mark(const std::string& ptr, Mark m) { key_marks_[ptr] = m; }
  // Where the value at `ptr` starts; falls back to the nearest ancestor that has a mark.
  Mark value_mark(std::string_view ptr) const;
  // Where the key naming `ptr` is (for "unknown key"); falls back to value_mark.
  Mark key_mark(std::string_view ptr) const;
  // Where line:col (1-based) of `value`, the string at `ptr`, is in the file: found where
  // that line of the value is written verbatim (plain, quoted without escapes, or a
  // block scalar's line); else the value's start.
  Mark mark_within(std::string_view ptr, std::string_view value, int line, int col) const;

  // A positioned error at the value (or key) `ptr`, with the source excerpt.
  DataError error_at(std::string_view ptr, std::string message, bool at_key = false) const;
  DataError error_at(Mark m, std::string message) const;

 private:
  std::string file_;
  std::string text_;
  Json root_;
  std::unordered_map<std::string, Mark> value_marks_;
  std::unordered_map<std::string, Mark> key_marks_;
};

// Appends one reference token to a JSON pointer, escaping '~' and '/'.
std::string pointer_child(std::string_view ptr, std::string_view key);
std::string pointer_child(std::string_view ptr, size_t index);

}  // namespace wfgen::data
