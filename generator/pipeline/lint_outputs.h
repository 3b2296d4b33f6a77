// Linting what a project renders, in memory, before anything is written: each output is
// a lint::SourceFile that knows its family (for `family:` waivers) and where it came from
// (its template and, for a per_row family, the matrix row), which every finding names.
#pragma once

#include <filesystem>
#include <functional>
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
// are rendered again from `project`). `beside`, when given, runs on another thread while
// the outputs are linted, as if run before (system/overlap.h); not while the findings are
// traced, which reads `project` (a tree is for one thread at a time).
lint::LintResult lint_outputs(const std::filesystem::path& root,
                              std::shared_ptr<const files::Tree> project, const Manifest& manifest,
                              const std::vector<Output>& outputs, unsigned threads = 0,
                              const std::function<void()>& beside = {});

}  // namespace wfgen::pipeline
