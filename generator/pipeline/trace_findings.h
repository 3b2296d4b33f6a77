// The template line behind a lint finding on a generated file. Rendering keeps no source
// map (it is the hot path); an output with an unwaived finding is rendered again with the
// engine's source trace, and each finding's line is mapped through it to the template
// position that wrote it (and the macro calls, includes and blocks on the way).
#pragma once

#include <memory>
#include <vector>

#include "files/tree.h"
#include "lint/linter.h"
#include "pipeline/render.h"

namespace wfgen::pipeline {

// Replaces the file-level template note of every unwaived finding on an output with
// the traced ones: "TEMPLATE:LINE:COL: this line is written by the template here" (or
// "the value of 'EXPR' written here"), then "called from"/"included from" notes. A
// finding in the header, or on a line the trace cannot place, keeps the file-level note.
void trace_findings(std::shared_ptr<const files::Tree> project, const Manifest& manifest,
                    const std::vector<Output>& outputs, lint::LintResult& result);

}  // namespace wfgen::pipeline
