// Every expression of a workflow, parsed once per workflow (several rules read them): each `${{ }}` of every string
// value, and the bare conditions of `jobs.<id>.if` and `jobs.<id>.steps[*].if` (GitHub
// reads those as expressions without the delimiters).
#pragma once

#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "lint/expression/analyses.h"
#include "lint/workflow.h"

namespace wfgen::lint::expr {

struct Occurrence {
  const yaml::Node& scalar;
  const NodePath& path;    // from the root to the scalar
  size_t offset;           // of the expression's text in the scalar's value
  std::string_view text;   // the expression, without its delimiters
  const Parsed& parsed;
  const std::vector<Access>& accesses;  // of `parsed` (none when it did not parse)

  // Where byte `at` of the expression's text is in the file.
  Position position(const Workflow& wf, size_t at) const {
    return wf.position_in(scalar, offset + at);
  }
};

// The expressions of a workflow, found on first use and kept with it. A text written
// several times (a workflow repeats its conditions and outputs in every job, a project
// its references in every workflow) is parsed once: its occurrences share the analysis,
// kept by the run (Workflow's `analyses`) or, without one, by the index.
struct Index {
  struct Entry {
    const yaml::Node* scalar;
    NodePath path;
    size_t offset;
    std::string_view text;
    const Analysis* analysis;
  };
  std::vector<Entry> entries;  // in file order
  // Each `${{` without its `}}` (at most one a value: nothing after it is an expression).
  struct Unclosed {
    const yaml::Node* scalar;
    size_t offset;  // of the `${{` in the scalar's value
  };
  std::vector<Unclosed> unclosed;  // in file order
  std::unique_ptr<Analyses> own;  // when the workflow has no run's to share
};
const Index& index_of(const Workflow& wf);

// Calls `visit` for every closed expression (unclosed ones are in Index::unclosed).
void for_each_expression(const Workflow& wf, const std::function<void(const Occurrence&)>& visit);

// The id of the job `path` is inside ("" when it is outside `jobs`).
std::string_view job_of(const NodePath& path);

}  // namespace wfgen::lint::expr
