#include "lint/workflow.h"

#include <algorithm>

#include "lint/scalar_offsets.h"

namespace wfgen::lint {

Workflow::Workflow(SourceFile file) : file_(std::move(file)) {
  yaml_ = data::parse_yaml_stream(file_.text);
  const YamlNode* r = yaml_.root();
  if (!yaml_.error() && r && r->is_mapping()) root_ = &r->resolved();
  line_starts_.push_back(0);
  for (size_t i = 0; i < file_.text.size(); ++i)
    if (file_.text[i] == '\n' && i + 1 < file_.text.size()) line_starts_.push_back(i + 1);
}

Position Workflow::position_at(size_t offset) const {
  offset = std::min(offset, file_.text.size());
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  size_t line = static_cast<size_t>(it - line_starts_.begin());  // >= 1
  return {static_cast<int>(line), static_cast<int>(offset - line_starts_[line - 1]) + 1};
}

Position Workflow::position_in(const YamlNode& scalar, size_t value_offset) const {
  return position_at(scalar_source_offset(file_.text, scalar, value_offset));
}

std::string_view Workflow::line(int n) const {
  if (n <= 0 || n > line_count()) return {};
  std::string_view text = file_.text;
  size_t start = line_starts_[static_cast<size_t>(n - 1)];
  size_t end = text.find('\n', start);
  std::string_view l =
      text.substr(start, end == std::string_view::npos ? text.size() - start : end - start);
  if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  return l;
}

std::vector<ExpressionSpan> Workflow::expressions(const YamlNode& scalar) const {
  if (!scalar.is_string()) return {};
  return find_expressions(scalar.resolved().scalar());
}

std::vector<Workflow::Job> Workflow::jobs() const {
  std::vector<Job> out;
  const YamlNode* jobs = root_ ? root_->find("jobs") : nullptr;
  if (!jobs || !jobs->is_mapping()) return out;
  for (const YamlPair& p : jobs->pairs())
    if (p.key->is_scalar()) out.push_back({p.key, &p.value->resolved()});
  return out;
}

std::vector<const YamlNode*> Workflow::steps(const Job& job) {
  std::vector<const YamlNode*> out;
  const YamlNode* steps = job.body->is_mapping() ? job.body->find("steps") : nullptr;
  if (!steps || !steps->is_sequence()) return out;
  for (const YamlNode* s : steps->items()) out.push_back(&s->resolved());
  return out;
}

namespace {

void walk(const YamlNode& node, NodePath& path, const Workflow::ScalarVisitor& visit) {
  switch (node.kind()) {
    case YamlKind::Scalar:
      visit(node, path, false);
      break;
    case YamlKind::Sequence:
      for (size_t i = 0; i < node.items().size(); ++i) {
        path.push_back({{}, i});
        walk(*node.items()[i], path, visit);
        path.pop_back();
      }
      break;
    case YamlKind::Mapping:
      for (const YamlPair& p : node.pairs()) {
        const YamlNode& k = p.key->resolved();
        if (k.kind() == YamlKind::Scalar) visit(*p.key, path, true);
        path.push_back({k.scalar(), 0});
        walk(*p.value, path, visit);
        path.pop_back();
      }
      break;
    case YamlKind::Null:
    case YamlKind::Alias:  // its target is visited where it is written
      break;
  }
}

}  // namespace

void Workflow::for_each_scalar(const ScalarVisitor& visit) const {
  if (!yaml_.root()) return;
  NodePath path;
  walk(*yaml_.root(), path, visit);
}

}  // namespace wfgen::lint
