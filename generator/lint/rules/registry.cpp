// The one list of lint rules. Order: YAML, structure, GitHub's limits (the order of
// docs/lint.md). Each rule lives in its own file in this folder, with its tests in
// tests/lint/rules/.
#include <algorithm>

#include "lint/registry.h"

namespace wfgen::lint {

namespace rules {
const Rule& yaml_syntax();
const Rule& duplicate_key();
const Rule& yaml_unsupported();
const Rule& workflow_keys();
const Rule& events();
const Rule& schedule();
const Rule& dispatch_inputs();
const Rule& workflow_call();
const Rule& job_keys();
const Rule& ids();
const Rule& steps();
const Rule& strategy();
const Rule& permissions();
const Rule& concurrency();
const Rule& defaults();
const Rule& env();
const Rule& job_outputs();
const Rule& timeout_minutes();
const Rule& reusable_call();
const Rule& matrix_size();
const Rule& dispatch_input_count();
const Rule& file_size();
const Rule& expression_length();
const Rule& reusable_limits();
}  // namespace rules

std::span<const Rule* const> all_rules() {
  static const Rule* const list[] = {
      &rules::yaml_syntax(),
      &rules::duplicate_key(),
      &rules::yaml_unsupported(),
      &rules::workflow_keys(),
      &rules::events(),
      &rules::schedule(),
      &rules::dispatch_inputs(),
      &rules::workflow_call(),
      &rules::job_keys(),
      &rules::ids(),
      &rules::steps(),
      &rules::strategy(),
      &rules::permissions(),
      &rules::concurrency(),
      &rules::defaults(),
      &rules::env(),
      &rules::job_outputs(),
      &rules::timeout_minutes(),
      &rules::reusable_call(),
      &rules::matrix_size(),
      &rules::dispatch_input_count(),
      &rules::file_size(),
      &rules::expression_length(),
      &rules::reusable_limits(),
  };
  return list;
}

const Rule* find_rule(std::string_view name) {
  auto rules = all_rules();
  auto it =
      std::find_if(rules.begin(), rules.end(), [&](const Rule* r) { return r->name() == name; });
  return it == rules.end() ? nullptr : *it;
}

}  // namespace wfgen::lint
