// The schema half of a matrix file: declared fields (with types and defaults), axes,
// include/exclude, derived fields and shard expansion. Parsed and checked before any
// row is built, so a mistake in the declaration is reported at its own position.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "data/document.h"

namespace wfgen::matrix {

using data::Json;

enum class FieldType { String, Int, Float, Bool, List, Map, Any, Table };

std::string_view type_name(FieldType t);
// Whether `v` is acceptable for a field of type `t` (Table is checked by the expander).
bool type_accepts(FieldType t, const Json& v);
// The JSON type of `v` as a user reads it: string, int, float, bool, list, map, null.
std::string_view json_type_name(const Json& v);

struct MatrixSpec;

struct FieldSpec {
  std::string name;
  FieldType type = FieldType::Any;
  bool has_default = false;
  Json default_value;
  bool derived = false;
  std::string ptr;                    // the declaration, for messages
  std::shared_ptr<MatrixSpec> table;  // Table fields: the spec of each nested row
};

struct DerivedField {
  std::string name;
  std::string expr;
  std::string ptr;  // the expression's position
};

struct MatrixSpec {
  std::string ptr;  // where the spec is declared ("" for a matrix file's root)
  std::vector<FieldSpec> fields;
  std::vector<std::pair<std::string, std::string>> axes;  // axis name, pointer to its values
  std::string include_ptr;                                // "" when absent
  std::string exclude_ptr;
  std::vector<DerivedField> derive;
  bool expand_shards = false;

  const FieldSpec* field(std::string_view name) const;
  bool is_axis(std::string_view name) const;
  // Every key a row may hold (fields, plus `shards` when shards expand).
  std::vector<std::string> row_keys() const;
};

// Parses the spec at `ptr` of `doc`: the whole matrix file when `top_level`, else a
// `type: table` field declaration. Throws data::DataError.
std::shared_ptr<MatrixSpec> parse_spec(const data::Document& doc, const std::string& ptr,
                                       bool top_level);

}  // namespace wfgen::matrix
