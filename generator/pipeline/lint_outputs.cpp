#include "pipeline/lint_outputs.h"

#include "lint/discover.h"
#include "pipeline/trace_findings.h"

namespace wfgen::pipeline {

std::vector<lint::Note> origin_notes(const Output& o) {
  std::vector<lint::Note> notes;
  notes.push_back(
      {o.template_name, 0, 0, "the template that renders this file (family '" + o.family + "')"});
  for (lint::Note& n : row_notes(o)) notes.push_back(std::move(n));
  return notes;
}

std::vector<lint::Note> row_notes(const Output& o) {
  std::vector<lint::Note> notes;
  if (o.matrix.empty()) return notes;
  if (o.row >= 0)
    notes.push_back({o.matrix, o.row_origin.line, o.row_origin.col,
                     "row " + std::to_string(o.row + 1) + " of this matrix made this file"});
  else
    notes.push_back({o.matrix, 0, 0, "every row of this matrix feeds this file"});
  return notes;
}

lint::LintResult lint_outputs(const std::filesystem::path& root,
                              std::shared_ptr<const files::Tree> project, const Manifest& manifest,
                              const std::vector<Output>& outputs, unsigned threads,
                              system::SideTasks* side) {
  std::vector<lint::SourceFile> files;
  files.reserve(outputs.size());
  // An output outside a `workflows` folder is parsed once, by the linter, to tell.
  for (const Output& o : outputs) {
    std::optional<bool> workflow = lint::is_workflow_by_path(o.path);
    if (workflow == false) continue;
    files.push_back({o.path, {}, o.family, origin_notes(o), !workflow.has_value(), &o.content});
  }
  // The linter reads what it needs beyond the outputs inside the project (its own tree:
  // `project` may be listed on another thread meanwhile, by a side task).
  lint::DiskRoots disk{root, lint::CalleeRoot::Project,
                       project ? project->max_input_size() : files::kDefaultMaxInputSize};
  lint::LintResult result = lint::Linter(manifest.lint, disk).run(std::move(files), threads, side);
  if (side) side->run_all(true);  // those no loop took (no file to lint): before the trace
  trace_findings(std::move(project), manifest, outputs, result);
  return result;
}

}  // namespace wfgen::pipeline
