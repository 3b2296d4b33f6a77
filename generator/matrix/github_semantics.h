// GitHub's `strategy.matrix` rules for `exclude` and `include`, over plain JSON rows. One
// home for both users: our matrix language (axes/exclude/include follow GitHub) and the
// lint rule that counts the jobs of a workflow's static matrix.
#pragma once

#include <functional>
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

}  // namespace wfgen::matrix
