// GitHub's `strategy.matrix` rules for `exclude` and `include`, over plain JSON rows. One
// home for their users: our matrix language (axes/exclude/include follow GitHub), and the
// job count of a workflow's static matrix (the lint rule matrix-size, `wfgen graph`).
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

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

// The rows whose values at some keys are an item's, found by a look-up rather than by
// comparing every row with every item (an axis of 40,000 values and 40,000 include items
// took 44 s). Rows are read through `row(i)`, i < `count`, when the first item naming a
// set of keys comes; their values at those keys must not change after. Only string
// values are looked up: an item whose value at one of the keys is not a string is the
// caller's to compare row by row (Json's equality then: 1 is 1.0).
class RowIndex {
 public:
  RowIndex(size_t count, std::function<const Json&(size_t)> row)
      : count_(count), row_(std::move(row)) {}
  // The rows (ascending) whose value at each of `keys` is the string `item` has there;
  // nullptr when `item`'s value at one of them is missing or not a string.
  const std::vector<size_t>* agreeing(const Json& item, const std::vector<std::string>& keys);

 private:
  size_t count_;
  std::function<const Json&(size_t)> row_;
  // keys -> the rows by their values at those keys (each a string: see key_of)
  std::map<std::vector<std::string>, std::unordered_map<std::string, std::vector<size_t>>> by_keys_;
};

// The jobs a static `strategy.matrix` makes, as GitHub counts them: the product of the
// axes, minus the combinations `exclude` removes, plus the `include` items that extend
// none. nullopt when it is not static (an axis that is not a non-empty list, an
// include/exclude that is not a list of mappings) or its product is over `limit`; in that
// last case `*lower_bound`, when given, is set to a lower bound of the count (each exclude
// item removes at most its share of the product).
std::optional<size_t> static_job_count(const Json& matrix, size_t limit,
                                       size_t* lower_bound = nullptr);

}  // namespace wfgen::matrix
