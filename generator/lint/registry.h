// Every lint rule, in the order they run and are documented. The list itself is in
// rules/registry.cpp: adding a rule is adding one line there.
#pragma once

#include <span>
#include <string_view>

#include "lint/rule.h"

namespace wfgen::lint {

std::span<const Rule* const> all_rules();
// The rule named `name`, or nullptr.
const Rule* find_rule(std::string_view name);

}  // namespace wfgen::lint
