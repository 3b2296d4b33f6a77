// Linting what a project renders, in memory, before anything is written: each output is
// a lint::SourceFile that knows its family (for `family:` waivers) and where it came from
// (its template and, for a per_row family, the matrix row), which every finding names.
#pragma once

#include <filesystem>
#include <memory>
#include <vector>

#include "lint/linter.h"
#include "pipeline/render.h"

namespace wfgen::pipeline {

// The notes that say where an output came from: its template (the file), then its
// matrix row (row_notes).
std::vector<lint::Note> origin_notes(const Output& o);
std::vector<lint::Note> row_notes(const Output& o);

// Lints every output that is a workflow (lint::is_workflow) with the manifest's `lint:`
// config, on `threads` threads (0: one per core); files the outputs name that are not
// outputs (a local reusable workflow, an interface file) are read inside `root`, links
// followed only while they stay in it (lint/disk_files.h). An
// unwaived finding names the template line behind it (trace_findings.h: those outputs
// are rendered again from `project`). `side`: tasks run on the lint's threads before their
// files (system/side_tasks.h), all done before the findings are traced, which reads
// `project` (a tree is for one thread at a time).
lint::LintResult lint_outputs(const std::filesystem::path& root,
                              std::shared_ptr<const files::Tree> project, const Manifest& manifest,
                              const std::vector<Output>& outputs, unsigned threads = 0,
                              system::SideTasks* side = nullptr);

}  // namespace wfgen::pipeline
