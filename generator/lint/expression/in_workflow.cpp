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

namespace {

std::unique_ptr<const Index> make_index(const Workflow& wf) {
  auto index = std::make_unique<Index>();
  Analyses* analyses = wf.analyses();
  if (!analyses) analyses = (index->own = std::make_unique<Analyses>()).get();
  std::vector<std::string_view> texts;  // each entry's, analysed at once at the end
  wf.for_each_scalar([&](const yaml::Node& scalar, const NodePath& path, bool is_key) {
    if (is_key || !scalar.is_string()) return;
    const std::string_view value = scalar.value();
    std::vector<ExpressionSpan> spans = wf.expressions(scalar);
    if (spans.empty() && is_condition(path)) {
      index->entries.push_back({&scalar, path, 0, value, nullptr});
      texts.push_back(value);
      return;
    }
    for (const ExpressionSpan& span : spans) {
      if (!span.closed) {
        index->unclosed.push_back({&scalar, span.begin});
        return;
      }
      std::string_view text = span.inner(value);
      index->entries.push_back({&scalar, path, span.inner_begin(), text, nullptr});
      texts.push_back(text);
    }
  });
  std::vector<const Analysis*> analysed = analyses->of_all(texts);
  for (size_t i = 0; i < analysed.size(); ++i) index->entries[i].analysis = analysed[i];
  return index;
}

}  // namespace

const Index& index_of(const Workflow& wf) {
  wf.expressions_once_.call([&] { wf.expressions_ = make_index(wf); });
  return *wf.expressions_;
}

void for_each_expression(const Workflow& wf, const std::function<void(const Occurrence&)>& visit) {
  for (const Index::Entry& e : index_of(wf).entries)
    visit({*e.scalar, e.path, e.offset, e.text, e.analysis->parsed, e.analysis->accesses});
}

}  // namespace wfgen::lint::expr
