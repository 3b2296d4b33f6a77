// The schema half of a matrix file: declared fields (with types, defaults and constraints),
// axes, include/exclude, derived fields, checks and shard expansion. Parsed and checked
// before any row is built, so a mistake in the declaration is reported at its own position.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "data/document.h"
#include "data/reader.h"
#include "jinja/python/regex.h"

namespace wfgen::matrix {

struct Row;  // matrix.h

using data::Json;
using data::json_type_name;

enum class FieldType { String, Int, Float, Bool, List, Map, Any, Table };

std::string_view type_name(FieldType t);
// Whether `v` is acceptable for a field of type `t` (Table is checked by the expander).
bool type_accepts(FieldType t, const Json& v);

struct Constraints;

// What one element must be: a list item, a map key or a map value.
struct ElementSpec {
  FieldType type = FieldType::Any;
  std::shared_ptr<const Constraints> rules;  // null: only the type
};

// one_of's values as a look-up rather than a search (a list may hold thousands, and every
// row's value is checked against it): its string values, and per `match` group whose
// match values are all strings, the string values there. Other values are searched.
struct OneOfIndex {
  std::unordered_set<std::string> strings;
  std::unordered_map<std::string, std::unordered_set<std::string>> groups;  // see group_of
  // The key of the strings `match_values` (nullopt when one is not a string).
  static std::optional<std::string> group_of(const std::vector<const Json*>& match_values);
};

// What a value must satisfy beyond its type. Every member is optional.
struct Constraints {
  std::vector<Json> one_of;    // allowed values (a list, another matrix's rows, a file's keys)
  std::string one_of_source;   // "the 'name' values of matrices/x.yml" when not a list
  // `one_of: {matrix, field, match}`: a row may only name the rows of the other matrix
  // that agree with it on the `match` fields; `one_of_rows` holds, per row of the other
  // matrix, [value, match values...].
  std::vector<std::string> one_of_match;
  std::vector<Json> one_of_rows;
  OneOfIndex one_of_index;  // made by index_one_of() (constraints.h) once the above are set
  // `one_of: {field: NAME, match: [...]}` (no matrix): a NAME value of a row of this same
  // table (that agrees on `match`). Known only once every row is made, so checked then.
  std::string sibling_field;
  std::vector<std::string> sibling_match;
  std::string pattern;         // a full-match regex (jinja/python/regex.h), for strings
  std::shared_ptr<const jinja::Regex> regex;
  std::optional<double> min, max;  // numbers: the value; strings, lists, maps: the length
  std::optional<ElementSpec> items, keys, values;

  bool empty() const {
    return one_of.empty() && one_of_source.empty() && sibling_field.empty() && pattern.empty() &&
           !min && !max && !items && !keys && !values;
  }
};

struct MatrixSpec;

struct FieldSpec {
  std::string name;
  FieldType type = FieldType::Any;
  bool has_default = false;
  Json default_value;
  bool derived = false;
  std::string doc;                    // what the field is, for messages
  Constraints rules;
  bool unique = false;                // no two rows (with equal `unique_within`) share a value
  std::vector<std::string> unique_within;
  std::string ptr;                    // the declaration, for messages
  std::shared_ptr<MatrixSpec> table;  // Table fields: the spec of each nested row
};

struct DerivedField {
  std::string name;
  std::string expr;
  std::string ptr;  // the expression's position
};

// `checks:` an assertion over each finished row, with the message a reader gets.
struct RowCheck {
  std::string expr;     // a Jinja expression over the row; false fails the row
  std::string message;
  std::string at;       // the field to point at when the row sets it ("" = the row)
  std::string ptr;
};

// One axis of the product: `name: [values]`, or `name: {values: [...], when: EXPR}` for an
// axis that applies only to the combinations (of the axes before it) where EXPR is true;
// elsewhere the field keeps its default.
struct Axis {
  std::string name;
  std::string ptr;   // pointer to its list of values
  std::string when;  // "" = every combination
  std::string when_ptr;
};

struct MatrixSpec {
  std::string ptr;  // where the spec is declared ("" for a matrix file's root)
  std::vector<FieldSpec> fields;
  std::vector<Axis> axes;
  // `tables: {name: PATH}`: other matrices' rows, seen by every expression of this matrix
  // (derive, checks, `when`); kept by the MatrixSet that expanded them (not copied).
  std::vector<std::pair<std::string, const std::vector<Row>*>> tables;
  std::string include_ptr;                                // "" when absent
  std::string exclude_ptr;
  std::vector<DerivedField> derive;
  std::vector<RowCheck> checks;
  bool expand_shards = false;
  std::string expand_table;  // a table field each row is made once per nested row of ("" = none)

  const FieldSpec* field(std::string_view name) const;
  bool is_axis(std::string_view name) const;
  // Every key a row may hold (fields, plus `shards` when shards expand).
  std::vector<std::string> row_keys() const;
  // Every field a finished row holds: with `expand_table`, the nested table's fields replace
  // the table field. What `unique`, `checks` and references may name.
  std::vector<std::string> finished_keys() const;
  const FieldSpec* finished_field(std::string_view name) const;
};

// Per row of the matrix at `path` (relative to the project), the array [value of `field`,
// values of the `match` fields...], for `one_of: {matrix: PATH, field: NAME, match: [...]}`
// written at `at` in `from`; without `match`, the value alone (a list field gives one per
// item). Throws data::DataError (positioned there, or the other matrix's own errors).
using RowValues = std::function<std::vector<Json>(
    const std::string& path, const std::string& field, const std::vector<std::string>& match,
    const data::Document& from, const std::string& at)>;
// The keys of the mapping at JSON pointer `pointer` of the data file at `path`, for
// `one_of: {file: PATH, keys_at: POINTER}` written at `at` in `from`.
using FileKeys = std::function<std::vector<Json>(const std::string& path,
                                                 const std::string& pointer,
                                                 const data::Document& from,
                                                 const std::string& at)>;

// How references out of a matrix file are answered (by the project's MatrixSet). Absent:
// such a declaration is an error.
// The rows of the matrix at `path` (kept by whoever answers), for `tables:` written at `at`.
using TableRows = std::function<const std::vector<Row>&(
    const std::string& path, const data::Document& from, const std::string& at)>;

struct Resolvers {
  RowValues values;
  TableRows rows;
  FileKeys file_keys;
};

// Parses the spec at `ptr` of `doc`: the whole matrix file when `top_level`, else a
// `type: table` field declaration. Throws data::DataError.
std::shared_ptr<MatrixSpec> parse_spec(const data::Document& doc, const std::string& ptr,
                                       bool top_level, const Resolvers& resolvers = {});

}  // namespace wfgen::matrix
