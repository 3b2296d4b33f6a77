#include "lint/expression/in_workflow.h"

namespace wfgen::lint::expr {

namespace {

// jobs.<id>.if or jobs.<id>.steps[N].if
bool is_condition(const NodePath& p) {
  if (p.empty() || p.back().is_index() || p.back().key != "if" || p[0].key != "jobs")
    return false;
  return p.size() == 3 || (p.size() == 5 && p[2].key == "steps" && p[3].is_index());
}

}  // namespace

std::string_view job_of(const NodePath& path) {
  if (path.size() < 2 || path[0].is_index() || path[0].key != "jobs" || path[1].is_index())
    return {};
  return path[1].key;
}

void for_each_expression(const Workflow& wf, const std::function<void(const Occurrence&)>& visit) {
  wf.for_each_scalar([&](const yaml::Node& scalar, const NodePath& path, bool is_key) {
    if (is_key || !scalar.is_string()) return;
    const std::string_view value = scalar.value();
    std::vector<ExpressionSpan> spans = wf.expressions(scalar);
    if (spans.empty() && is_condition(path)) {
      Parsed parsed = parse(value);
      visit({scalar, path, 0, value, parsed});
      return;
    }
    for (const ExpressionSpan& span : spans) {
      if (!span.closed) return;
      std::string_view text = span.inner(value);
      Parsed parsed = parse(text);
      visit({scalar, path, span.inner_begin(), text, parsed});
    }
  });
}

}  // namespace wfgen::lint::expr
