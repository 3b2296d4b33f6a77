#include "matrix/github_semantics.h"

namespace wfgen::matrix {

bool exclude_matches(const Json& item, const Json& combination) {
  for (auto it = item.begin(); it != item.end(); ++it) {
    auto found = combination.find(it.key());
    if (found == combination.end() || *found != it.value()) return false;
  }
  return true;
}

bool include_agrees(const Json& item, const Json& combination,
                    const std::function<bool(const std::string&)>& is_axis) {
  for (auto it = item.begin(); it != item.end(); ++it) {
    if (!is_axis(it.key())) continue;
    auto found = combination.find(it.key());
    if (found == combination.end() || *found != it.value()) return false;
  }
  return true;
}

}  // namespace wfgen::matrix
