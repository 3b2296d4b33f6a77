#include "lint/workflow.h"

#include <algorithm>

#include "data/error.h"
#include "lint/expression/in_workflow.h"
#include "yaml/scalar_source.h"

namespace wfgen::lint {

yaml::ParseOptions lint_parse_options() {
  yaml::ParseOptions options;
  options.mode = yaml::Mode::Collect;
  options.single_document = false;  // the yaml-syntax rule names the second document
  return options;
}

const yaml::Diagnostic* first_parse_error(const yaml::Tree& tree) {
  using yaml::DiagKind;
  for (const yaml::Diagnostic& d : tree.diagnostics())
    if (d.kind == DiagKind::Syntax || d.kind == DiagKind::Limit || d.kind == DiagKind::Encoding ||
        d.kind == DiagKind::Tab || d.kind == DiagKind::BadAlias)
      return &d;
  return nullptr;
}

bool reads_as_workflow(const yaml::Tree& tree) {
  if (first_parse_error(tree)) return true;
  const yaml::Node* root = tree.root();
  return root && root->is_mapping() && (root->find("on") || root->find("jobs"));
}

namespace {

// Records the key of every mapping value written as nothing.
void index_empty_values(const yaml::Node& node,
                        std::unordered_map<const yaml::Node*, const yaml::Node*>& out) {
  if (node.kind() == yaml::Kind::Sequence)
    for (const yaml::Node* item : node.items()) index_empty_values(*item, out);
  if (node.kind() != yaml::Kind::Mapping) return;
  for (const yaml::Pair& p : node.pairs()) {
    if (p.value->kind() == yaml::Kind::Scalar && p.value->empty())
      out.emplace(p.value, p.key);
    else
      index_empty_values(*p.value, out);
  }
}

}  // namespace

Workflow::Workflow(SourceFile file, expr::Analyses* analyses)
    : file_(std::move(file)),
      text_(file_.content()),
      analyses_(analyses) {
  yaml_ = yaml::parse(text_, lint_parse_options(), file_.path);
  parse_error_ = first_parse_error(yaml_);
  const yaml::Node* r = yaml_.root();
  if (!parse_error_ && r && r->is_mapping()) root_ = &r->resolved();
  const yaml::Node* jobs = root_ ? root_->find("jobs") : nullptr;
  if (jobs && jobs->is_mapping())
    for (const yaml::Pair& p : jobs->pairs())
      if (p.key->is_scalar()) {
        Job& job = jobs_.emplace_back(Job{p.key, &p.value->resolved(), {}});
        const yaml::Node* steps = job.body->is_mapping() ? job.body->find("steps") : nullptr;
        if (steps && steps->is_sequence())
          for (const yaml::Node* s : steps->items()) job.steps.push_back(&s->resolved());
      }
  // Lines as the YAML reader counts them (data::ends_line); most files break at "\n"
  // alone or "\r\n", found with memchr.
  line_starts_.push_back(0);
  const std::string_view t = text_;
  bool lone_cr = false;
  for (size_t i = t.find('\r'); i != std::string_view::npos && !lone_cr; i = t.find('\r', i + 1))
    lone_cr = data::ends_line(t, i);
  if (!lone_cr) {
    for (size_t i = t.find('\n'); i != std::string_view::npos && i + 1 < t.size();
         i = t.find('\n', i + 1))
      line_starts_.push_back(i + 1);
  } else {
    for (size_t i = 0; i + 1 < t.size(); ++i)
      if (data::ends_line(t, i)) line_starts_.push_back(i + 1);
  }
}

Workflow::~Workflow() = default;

Position Workflow::position(const yaml::Node& node) const {
  const yaml::Node* at = &node;
  if (node.empty()) {
    empty_values_once_.call([&] {
      if (root_) index_empty_values(*root_, key_of_empty_);
    });
    auto it = key_of_empty_.find(&node);
    if (it != key_of_empty_.end()) at = it->second;
  }
  return {at->mark().line, at->mark().col};
}

Position Workflow::position_at(size_t offset) const {
  offset = std::min(offset, text_.size());
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  size_t line = static_cast<size_t>(it - line_starts_.begin());  // >= 1
  return {static_cast<int>(line), static_cast<int>(offset - line_starts_[line - 1]) + 1};
}

Position Workflow::position_in(const yaml::Node& scalar, size_t value_offset) const {
  return position_at(yaml::source_offset(text_, scalar.resolved(), value_offset));
}

std::string_view Workflow::line(int n) const {
  if (n <= 0 || n > line_count()) return {};
  std::string_view text = text_;
  size_t start = line_starts_[static_cast<size_t>(n - 1)];
  size_t end = n < line_count() ? line_starts_[static_cast<size_t>(n)] - 1 : text.size();
  std::string_view l = text.substr(start, end - start);
  if (!l.empty() && l.back() == '\n') l.remove_suffix(1);  // the last line's break
  if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  return l;
}

std::vector<ExpressionSpan> Workflow::expressions(const yaml::Node& scalar) const {
  if (!scalar.is_string()) return {};
  return find_expressions(scalar.resolved().value());
}

}  // namespace wfgen::lint
