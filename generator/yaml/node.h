// Node: one YAML node as written, with its position. Scalars keep their decoded value, their
// style and their source span (so an offset inside the value maps back to the file, see
// scalar_source.h); mappings keep their pairs in order (merge keys included, as written);
// aliases point at the node they name. Nodes live in their Tree's arena.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "data/error.h"

namespace wfgen::yaml {

using data::Mark;

enum class Kind : unsigned char { Scalar, Sequence, Mapping, Alias };

enum class Style : unsigned char {
  Plain,
  SingleQuoted,
  DoubleQuoted,
  Literal,  // |
  Folded,   // >
  Block,    // a collection in block style
  Flow,     // [..] or {..}
};

// A scalar's meaning under the YAML 1.2 core schema, after its tag when it has one.
enum class ScalarType : unsigned char { Null, Bool, Int, Float, String };

class Node;

struct Pair {
  const Node* key;
  const Node* value;
};

class Node {
 public:
  Kind kind() const { return kind_; }
  Style style() const { return style_; }
  // Where the node starts: its anchor or tag when it has one, the opening quote of a quoted
  // scalar, the indicator of a block scalar. A value written as nothing (`key:`) is at the
  // place it would start. Line and column are 1-based; columns count bytes.
  Mark mark() const { return {static_cast<int>(line_), static_cast<int>(col_)}; }
  uint32_t offset() const { return offset_; }

  // The is_* tests and type() look through an alias at what it names (kind() does not), as
  // every reader of the data (and GitHub) sees an alias as its target.
  bool is_scalar() const { return resolved().kind_ == Kind::Scalar; }
  bool is_sequence() const { return resolved().kind_ == Kind::Sequence; }
  bool is_mapping() const { return resolved().kind_ == Kind::Mapping; }
  bool is_alias() const { return kind_ == Kind::Alias; }

  // --- scalars
  // The value after unquoting, escapes, folding and chomping.
  std::string_view value() const { return {value_, value_len_}; }
  ScalarType type() const { return resolved().type_; }
  bool is_null() const { return is_scalar() && type() == ScalarType::Null; }
  // A scalar whose type is String (quoted, block, or plain text the schema leaves a string).
  bool is_string() const { return is_scalar() && type() == ScalarType::String; }
  // Written as nothing at all (`key:`, `- `), as opposed to `~` or `null`.
  bool empty() const { return flags_ & kEmpty; }
  bool boolean() const { return num_.b; }
  // Int: the value; when is_unsigned() it is above INT64_MAX and uint_value() holds it.
  int64_t int_value() const { return num_.i; }
  uint64_t uint_value() const { return num_.u; }
  bool is_unsigned() const { return flags_ & kUnsigned; }
  double float_value() const { return num_.f; }
  // The scalar as written: [source_begin, source_end) spans the quotes or the block
  // indicator through the last byte of content (anchor and tag excluded).
  uint32_t source_begin() const { return src_begin_; }
  uint32_t source_end() const { return src_end_; }
  // As a mapping key, the JSON key it names: "null" for a null scalar, else the value.
  std::string_view key_text() const { return type_ == ScalarType::Null ? "null" : value(); }
  // A plain `<<` used as a mapping key (YAML's merge key).
  bool is_merge_key() const { return flags_ & kMerge; }

  // --- every kind
  // The resolved tag ("tag:yaml.org,2002:str", "!local", "!" for the non-specific tag),
  // "" when the node has none.
  std::string_view tag() const { return {tag_, tag_len_}; }
  // The anchor the node defines (`&name`), "" when none.
  std::string_view anchor() const { return {anchor_, anchor_len_}; }

  // --- aliases
  const Node* target() const { return kind_ == Kind::Alias ? link_.target : nullptr; }
  // The node itself, or for an alias the node it names.
  const Node& resolved() const { return kind_ == Kind::Alias ? *link_.target : *this; }

  // --- collections
  std::span<const Node* const> items() const {
    return kind_ == Kind::Sequence ? std::span<const Node* const>(link_.items, count_)
                                   : std::span<const Node* const>();
  }
  std::span<const Pair> pairs() const {
    return kind_ == Kind::Mapping ? std::span<const Pair>(link_.pairs, count_)
                                  : std::span<const Pair>();
  }
  size_t size() const { return kind_ == Kind::Alias ? link_.target->size() : count_; }
  // The value of `key` in this mapping (aliases followed; the mapping's own pairs first,
  // then what its merge keys bring in, as the data reads), or nullptr.
  const Node* find(std::string_view key) const;
  // The pair whose key is `key`, looked up as find() does.
  const Pair* find_pair(std::string_view key) const;

  // Nodes in the data this node expands to (aliases counted as what they name).
  uint64_t expanded_size() const { return expanded_; }

  // A 64-bit filter's bit for a key of `size` bytes from `front` to `back`: cheap to make
  // and different for most keys of one mapping. A mapping keeps its keys' bits (find()
  // reads no pair for a key whose bit is not set); a caller that compares keys its own way
  // (folded case) passes their bytes as it compares them.
  static uint64_t key_filter_bit(size_t size, unsigned char front, unsigned char back) {
    unsigned h = static_cast<unsigned>(size) * 7u + front * 3u + back;
    return uint64_t{1} << (h & 63);
  }

 private:
  friend class Builder;
  friend class Scanner;
  enum : uint8_t { kEmpty = 1, kUnsigned = 2, kMerge = 4, kOpen = 8, kFlowContext = 16 };
  // The bit of key_bits that `key` sets.
  static uint64_t key_bit(std::string_view key) {
    if (key.empty()) return 1;
    return key_filter_bit(key.size(), static_cast<unsigned char>(key.front()),
                          static_cast<unsigned char>(key.back()));
  }

  Kind kind_ = Kind::Scalar;
  Style style_ = Style::Plain;
  ScalarType type_ = ScalarType::String;
  uint8_t flags_ = 0;
  uint32_t line_ = 0;
  uint32_t col_ = 0;
  uint32_t offset_ = 0;
  const char* value_ = nullptr;
  uint32_t value_len_ = 0;
  // For plain and block scalars, the indentation the scanner read them with (so that the
  // value can be decoded again with source offsets).
  int32_t scan_indent_ = 0;
  uint32_t src_begin_ = 0;
  uint32_t src_end_ = 0;
  const char* tag_ = nullptr;
  const char* anchor_ = nullptr;
  uint32_t tag_len_ = 0;
  uint32_t anchor_len_ = 0;
  union {
    int64_t i;
    uint64_t u;
    double f;
    bool b;
    // A mapping's keys as a 64-bit filter (key_bit of each; every bit when it has a merge
    // key): find() answers most lookups of an absent key without reading a pair.
    uint64_t key_bits;
  } num_ = {0};
  union {
    const Node* target;
    const Node* const* items;
    const Pair* pairs;
  } link_ = {nullptr};
  uint32_t count_ = 0;
  uint64_t expanded_ = 1;

 public:
  // For scalar_source.cpp: how the scalar was scanned.
  int32_t scan_indent() const { return scan_indent_; }
  bool in_flow_context() const { return flags_ & kFlowContext; }
};

}  // namespace wfgen::yaml
