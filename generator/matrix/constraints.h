// Whether a value keeps its field's promises beyond the type: one_of, pattern, min/max,
// and the same for each list item, map key and map value. One home for these rules: the
// expander runs them on every row value and the spec parser on every default.
#pragma once

#include <optional>
#include <string>

#include "matrix/spec.h"

namespace wfgen::matrix {

struct Violation {
  std::string message;  // "'macos' is not one of: linux, windows"
  std::string where;    // JSON pointer suffix of the offending element ("" = the value itself)
  bool at_key = false;  // point at the key named by `where`, not its value
};

// Fills `c.one_of_index` from `c.one_of` and `c.one_of_rows` (the spec parser, once it has
// set them).
void index_one_of(Constraints& c);

// The first broken promise of `v` (already of type `t`), or nullopt. `row` is the row that
// holds `v`, for `one_of ... match` (without a row, any row of the other matrix will do).
std::optional<Violation> check_constraints(FieldType t, const Constraints& c, const Json& v,
                                           const Json* row = nullptr);

}  // namespace wfgen::matrix
