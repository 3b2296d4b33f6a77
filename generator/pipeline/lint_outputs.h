// Linting what a project renders, in memory, before anything is written: each output is
// a lint::SourceFile that knows its family (for `family:` waivers) and where it came from
// (its template and, for a per_row family, the matrix row), which every finding names.
#pragma once

#include <filesystem>
#include <vector>

#include "lint/linter.h"
#include "pipeline/render.h"

namespace wfgen::pipeline {

// The notes that say where an output came from.
std::vector<lint::Note> origin_notes(const Output& o);

// Lints every output that is a workflow (lint::is_workflow) with the manifest's `lint:`
// config, on `threads` threads (0: one per core); files the outputs name that are not
// outputs (a local reusable workflow, an interface file) are read under `root`.
lint::LintResult lint_outputs(const std::filesystem::path& root, const Manifest& manifest,
                              const std::vector<Output>& outputs, unsigned threads = 0);

}  // namespace wfgen::pipeline
