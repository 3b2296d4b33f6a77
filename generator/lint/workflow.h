// The parsed workflow every rule reads: the file's text, its YAML tree with positions
// (generator/yaml/, read in collect mode: duplicate keys, aliases, styles, tags and every
// document kept, each problem a diagnostic), and helpers that turn nodes and offsets
// inside values into `line:col`.
//
// Rules navigate the tree directly: root() is the top-level mapping; yaml::Node::find(key)
// and pairs()/items() walk it (find and the is_* tests look through aliases, as GitHub
// expands them). jobs() and steps() give the two lists almost every rule wants.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "yaml/tree.h"
#include "lint/expression_spans.h"
#include "lint/finding.h"
#include "system/once.h"

namespace wfgen::lint {

class Workflow;
namespace expr {
struct Index;      // lint/expression/in_workflow.h
class Analyses;    // lint/expression/analyses.h
const Index& index_of(const Workflow& wf);
}  // namespace expr

// A file handed to the linter.
struct SourceFile {
  std::string path;  // as findings name it
  std::string text;
  // When wfgen generated it: the manifest family (for `family:` waivers) and the notes
  // every finding in it carries (template, matrix row).
  std::string family;
  std::vector<Note> origin;
  // Linted only when its text reads as a workflow (reads_as_workflow): whether a YAML
  // file outside a `workflows` folder is one takes a parse, which the linter makes anyway.
  bool only_if_workflow = false;
  // Instead of `text`: a text the caller keeps alive and unchanged while the linter runs,
  // read where it is (the pipeline's outputs: a megabyte not copied on one thread before
  // the linter's threads start).
  const std::string* borrowed_text = nullptr;

  // The text to lint: the borrowed one, else `text`.
  std::string_view content() const { return borrowed_text ? *borrowed_text : text; }
};

struct Position {
  int line = 0;  // 1-based
  int col = 0;   // 1-based, bytes
};

// One step from a parent to a child: a mapping key, or a sequence index.
struct PathItem {
  std::string_view key;  // "" for a sequence item
  size_t index = 0;      // the item's index in a sequence
  bool is_index() const { return key.empty(); }
};
using NodePath = std::vector<PathItem>;

// How lint reads YAML: collect mode (every problem a diagnostic, not an exception), every
// document kept.
yaml::ParseOptions lint_parse_options();
// The diagnostic after which `tree` is not the file GitHub reads (a syntax error, a limit,
// bad encoding, a tab in the indentation, an undefined alias), or nullptr.
const yaml::Diagnostic* first_parse_error(const yaml::Tree& tree);
// Whether a parsed YAML file is a workflow: its top level is a mapping with `on` or `jobs`,
// or it does not parse (linted, to report why).
bool reads_as_workflow(const yaml::Tree& tree);

class Workflow {
 public:
  // `analyses`: where the run keeps what it parsed of expressions, shared by its files
  // (it outlives the workflow); without one the workflow keeps its own.
  explicit Workflow(SourceFile file, expr::Analyses* analyses = nullptr);
  ~Workflow();
  Workflow(const Workflow&) = delete;
  Workflow& operator=(const Workflow&) = delete;

  const std::string& path() const { return file_.path; }
  std::string_view text() const { return text_; }
  const std::string& family() const { return file_.family; }
  const std::vector<Note>& origin() const { return file_.origin; }
  const yaml::Tree& yaml() const { return yaml_; }
  // The diagnostic that ended the parse or makes the tree untrustworthy (a syntax error, a
  // limit, bad encoding, a tab in the indentation, an undefined alias), or nullptr.
  const yaml::Diagnostic* parse_error() const { return parse_error_; }

  // The top-level mapping; nullptr when the file does not parse or its first document is
  // not a mapping (the yaml-syntax rule reports why; other rules are not run).
  const yaml::Node* root() const { return root_; }

  // Positions.
  // A node's position; a mapping value written as nothing (`key:`) is placed at its key,
  // the place a reader looks for what is missing.
  Position position(const yaml::Node& node) const;
  Position position_at(size_t offset) const;
  // Where byte `value_offset` of a scalar's value is written (see yaml/scalar_source.h).
  Position position_in(const yaml::Node& scalar, size_t value_offset) const;
  // Line `n` (1-based) without its line break; "" when out of range.
  std::string_view line(int n) const;
  int line_count() const { return static_cast<int>(line_starts_.size()); }

  // The `${{ }}` expressions of a scalar's value (empty for non-strings).
  std::vector<ExpressionSpan> expressions(const yaml::Node& scalar) const;

  // Every job: its id (the key node) and its body, in file order. Empty when `jobs` is
  // not a mapping.
  struct Job {
    const yaml::Node* key;
    const yaml::Node* body;  // aliases followed
    std::vector<const yaml::Node*> steps;  // when `steps` is a list (aliases followed)
    std::string_view id() const { return key->resolved().value(); }
    bool calls_workflow() const { return body->is_mapping() && body->find("uses"); }
  };
  const std::vector<Job>& jobs() const { return jobs_; }
  // The steps of a job whose `steps` is a sequence (aliases followed).
  static const std::vector<const yaml::Node*>& steps(const Job& job) { return job.steps; }

  // Calls `visit(scalar, path, is_key)` for every scalar of the document (keys too),
  // depth first in file order, with the path that leads to it (a NodePath). Aliases are
  // visited where they are defined.
  template <class Visit>
  void for_each_scalar(Visit&& visit) const {
    if (!yaml_.root()) return;
    NodePath path;
    walk_scalars(*yaml_.root(), path, visit);
  }

  expr::Analyses* analyses() const { return analyses_; }

 private:
  template <class Visit>
  static void walk_scalars(const yaml::Node& node, NodePath& path, Visit& visit);

  SourceFile file_;
  std::string_view text_;  // file_.text, or what it borrows
  expr::Analyses* analyses_;
  yaml::Tree yaml_;
  const yaml::Diagnostic* parse_error_ = nullptr;
  const yaml::Node* root_ = nullptr;
  std::vector<Job> jobs_;  // read once: nearly every rule walks them
  std::vector<size_t> line_starts_;
  // The key of every mapping value written as nothing, made when a position is first
  // asked for (most files have no finding, and so ask for none).
  mutable system::Once empty_values_once_;
  mutable std::unordered_map<const yaml::Node*, const yaml::Node*> key_of_empty_;

  // The parsed expressions several rules read, made on first use (expr::index_of).
  friend const expr::Index& expr::index_of(const Workflow& wf);
  mutable system::Once expressions_once_;
  mutable std::unique_ptr<const expr::Index> expressions_;
};

template <class Visit>
void Workflow::walk_scalars(const yaml::Node& node, NodePath& path, Visit& visit) {
  switch (node.kind()) {
    case yaml::Kind::Scalar:
      if (!node.is_null()) visit(node, path, false);
      break;
    case yaml::Kind::Sequence:
      for (size_t i = 0; i < node.items().size(); ++i) {
        path.push_back({{}, i});
        walk_scalars(*node.items()[i], path, visit);
        path.pop_back();
      }
      break;
    case yaml::Kind::Mapping:
      for (const yaml::Pair& p : node.pairs()) {
        const yaml::Node& k = p.key->resolved();
        if (k.kind() == yaml::Kind::Scalar && !k.is_null()) visit(*p.key, path, true);
        path.push_back({k.value(), 0});
        walk_scalars(*p.value, path, visit);
        path.pop_back();
      }
      break;
    case yaml::Kind::Alias:  // its target is visited where it is written
      break;
  }
}

}  // namespace wfgen::lint
