// GitHub's `strategy.matrix` rules for `exclude` and `include`, over plain JSON rows. One
// home for their users: our matrix language (axes/exclude/include follow GitHub), and the
// job count of a workflow's static matrix (the lint rule matrix-size, `wfgen graph`).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "data/document.h"

namespace wfgen::matrix {

using data::Json;

// Exclude: an item removes a combination when every one of its key/value pairs is in the
// combination (a partial match is enough).
bool exclude_matches(const Json& item, const Json& combination);

// Include: an item extends an original combination when it agrees with every axis value
// the combination has (it never overwrites an axis value; other keys it may overwrite).
bool include_agrees(const Json& item, const Json& combination,
                    const std::function<bool(const std::string&)>& is_axis);

// The jobs a static `strategy.matrix` makes, as GitHub counts them: the product of the
// axes, minus the combinations `exclude` removes, plus the `include` items that extend
// none. nullopt when it is not static (an axis that is not a non-empty list, an
// include/exclude that is not a list of mappings) or its product is over `limit`; in that
// last case `*lower_bound`, when given, is set to a lower bound of the count (each exclude
// item removes at most its share of the product).
std::optional<size_t> static_job_count(const Json& matrix, size_t limit,
                                       size_t* lower_bound = nullptr);

}  // namespace wfgen::matrix
