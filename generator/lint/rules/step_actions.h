// What the security rules ask of a step: which action it runs and its `with` inputs.
#pragma once

#include <string_view>

#include "yaml/node.h"

namespace wfgen::lint {

// Whether `step` runs `action` ("actions/checkout") at any ref.
inline bool step_uses(const yaml::Node& step, std::string_view action) {
  const yaml::Node* uses = step.is_mapping() ? step.find("uses") : nullptr;
  if (!uses || !uses->is_scalar()) return false;
  std::string_view v = uses->value();
  return v.size() > action.size() && v.substr(0, action.size()) == action && v[action.size()] == '@';
}

// The `with.<input>` of `step`, or nullptr.
inline const yaml::Node* step_input(const yaml::Node& step, std::string_view input) {
  const yaml::Node* with = step.is_mapping() ? step.find("with") : nullptr;
  return with && with->is_mapping() ? with->find(input) : nullptr;
}

}  // namespace wfgen::lint
