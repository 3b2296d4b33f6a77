// `wfgen graph`: the job graphs of a project's workflows as its sources make them now,
// drawn (Mermaid, DOT); and with --diff, what the sources change in them against the
// committed files: jobs added and removed, needs, conditions, reusable workflows, matrix
// sizes and test shard counts.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "graph/compare.h"
#include "pipeline/pipeline.h"
#include "pipeline/view.h"

namespace wfgen::pipeline {

enum class GraphFormat { Mermaid, Dot, Text };

struct GraphOptions {
  // Outputs (as `wfgen list` names them, or the end of their path), families, or other
  // workflow files; none: every workflow of the project.
  std::vector<std::string> targets;
  bool diff = false;
  GraphFormat format = GraphFormat::Mermaid;  // Text only with `diff`
};

RunResult graph_project(const std::filesystem::path& root, const GraphOptions& options);

struct GraphChanges {
  size_t compared = 0;                          // workflows looked at
  std::vector<graph::WorkflowChanges> changed;  // those whose graph changed, by path
  std::vector<std::string> notes;               // "PATH: the committed file is not YAML ..."
};

// The job graph changes from the committed files to what the sources make, for the
// outputs and families `names` names, or for every workflow the sources make or the
// output dir holds. Throws ProjectError for a name that is neither.
GraphChanges graph_changes(const ProjectView& view, const std::vector<std::string>& names = {});

// The changed workflows' graphs in one drawing, each job marked added, removed or changed.
std::string draw_changes(const GraphChanges& changes, graph::DrawFormat format);

// Per changed workflow its summary line, then one line per change (indented by two).
std::string changes_text(const GraphChanges& changes);

}  // namespace wfgen::pipeline
