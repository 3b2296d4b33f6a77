// The YAML text as written: every node with its position, style, tag and anchor, aliases
// kept as aliases, duplicate keys kept in order, every document of the stream. It is what
// both readers of YAML stand on: the data loader (load.h), which turns it into JSON and
// refuses what a data file must not hold, and the workflow lint, which must see exactly
// what JSON loses (duplicate keys, anchors, merge keys, tags, extra documents).
#pragma once

#include <deque>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "data/error.h"

namespace wfgen::data {

enum class YamlKind : unsigned char { Null, Scalar, Sequence, Mapping, Alias };

// How a node is written. Scalars: plain, quoted or block; collections: block or flow.
enum class YamlStyle : unsigned char {
  Plain,
  SingleQuoted,
  DoubleQuoted,
  Literal,  // |
  Folded,   // >
  Block,    // a collection in block style
  Flow,     // [..] or {..}
};

// What a scalar means under the YAML 1.2 core schema (the reading GitHub and our data
// files use: `on`, `yes`, `off` are strings; only true/false are booleans).
enum class ScalarType : unsigned char { Null, Bool, Int, Float, String };

class YamlNode;

struct YamlPair {
  const YamlNode* key;
  const YamlNode* value;
};

class YamlNode {
 public:
  YamlKind kind() const { return kind_; }
  YamlStyle style() const { return style_; }
  // Where the node's value starts: the opening quote of a quoted scalar, the `|`/`>` of a
  // block scalar, after any anchor or tag. 1-based line and column (bytes).
  Mark mark() const { return mark_; }
  // The byte offset of mark() in the text.
  size_t offset() const { return offset_; }
  // Where the node's text starts, its anchor or tag included (mark() when it has none).
  Mark start() const { return start_; }
  // A null written as nothing at all (`key:`), as opposed to `~` or `null`.
  bool empty() const { return empty_; }

  // The scalar's value after unquoting and folding ("" for other kinds).
  const std::string& scalar() const { return value_; }
  // "?" for an untagged plain scalar, "!" for an untagged quoted/block scalar, else the
  // resolved tag ("tag:yaml.org,2002:str", "!custom").
  const std::string& tag() const { return tag_; }
  // The anchor name this node defines (`&name`), "" when none.
  const std::string& anchor() const { return anchor_; }
  // For an alias: the node it names.
  const YamlNode* alias_target() const { return target_; }
  // This node with aliases followed (itself when it is not an alias).
  const YamlNode& resolved() const;

  // Scalars (and nulls) under the core schema; collections report String.
  ScalarType scalar_type() const;

  // Sequence items in order (aliases not followed).
  std::span<const YamlNode* const> items() const { return items_; }
  // Mapping pairs in order, duplicates kept (aliases not followed).
  std::span<const YamlPair> pairs() const { return pairs_; }

  // Shorthands that look through aliases (on this node and on what they return).
  bool is_null() const { return resolved().kind_ == YamlKind::Null; }
  bool is_scalar() const { return resolved().kind_ == YamlKind::Scalar; }
  bool is_sequence() const { return resolved().kind_ == YamlKind::Sequence; }
  bool is_mapping() const { return resolved().kind_ == YamlKind::Mapping; }
  // A scalar whose core-schema type is a string.
  bool is_string() const;
  // The value of the first key equal to `key` (followed through aliases), or nullptr.
  const YamlNode* find(std::string_view key) const;

 private:
  friend class YamlTreeBuilder;
  YamlKind kind_ = YamlKind::Null;
  YamlStyle style_ = YamlStyle::Plain;
  bool empty_ = false;
  Mark mark_;
  Mark start_;
  size_t offset_ = 0;
  std::string value_;
  std::string tag_;
  std::string anchor_;
  const YamlNode* target_ = nullptr;
  std::vector<const YamlNode*> items_;
  std::vector<YamlPair> pairs_;
};

struct YamlDocument {
  Mark start;  // where the document starts (its `---` when written)
  const YamlNode* root = nullptr;
};

struct YamlSyntaxError {
  Mark mark;
  std::string message;
};

// Every document of a text; parsing stops at the first syntax error, keeping the
// documents completed before it. Owns its nodes (not copyable: nodes point at each other).
class YamlStream {
 public:
  YamlStream() = default;
  YamlStream(const YamlStream&) = delete;
  YamlStream& operator=(const YamlStream&) = delete;
  YamlStream(YamlStream&&) = default;
  YamlStream& operator=(YamlStream&&) = default;

  const std::vector<YamlDocument>& documents() const { return documents_; }
  const std::optional<YamlSyntaxError>& error() const { return error_; }
  // The first document's root, or nullptr (empty text, or a syntax error in it).
  const YamlNode* root() const { return documents_.empty() ? nullptr : documents_[0].root; }

 private:
  friend class YamlTreeBuilder;
  friend YamlStream parse_yaml_stream(std::string_view text);
  std::deque<YamlNode> nodes_;
  std::vector<YamlDocument> documents_;
  std::optional<YamlSyntaxError> error_;
};

// Parses every document of `text`. Never throws for bad YAML: a syntax error (with its
// position) is recorded in error().
YamlStream parse_yaml_stream(std::string_view text);

// The core-schema reading of a plain scalar's text: null/~/empty, true/false (any case
// form the spec lists), decimal/0o/0x ints, floats with .inf/.nan; anything else a string.
ScalarType core_schema_type(std::string_view plain);

}  // namespace wfgen::data
