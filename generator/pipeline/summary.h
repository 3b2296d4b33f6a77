// The markdown `wfgen check --format github` appends to $GITHUB_STEP_SUMMARY, so that a
// failing PR check explains itself on the run's page: which outputs are out of date and
// why, their diffs (bounded as in the log), what the change does to the job graphs, and
// the one command that fixes it. Every name from the disk or the sources is escaped: a
// path may hold `|`, backticks or markup, and must stay one table cell.
#pragma once

#include <string>
#include <string_view>

#include "pipeline/job_graphs.h"
#include "pipeline/pipeline.h"

namespace wfgen::pipeline {

// Text that reads as itself in markdown (a table cell, a heading): control characters
// escaped as in logs, markup characters behind a backslash.
std::string markdown_text(std::string_view s);
// `body` in a fenced code block whose fence no line of it can close.
std::string markdown_fence(std::string_view body, std::string_view info);

// The summary of a finished check (`graph`: the job graph changes, null when in sync).
std::string check_summary(const RunResult& r, const std::string& fix_command,
                          const GraphChanges* graph, const RunOptions& opt);
// The summary of a check that could not run (a template or manifest error).
std::string error_summary(const std::string& error);

}  // namespace wfgen::pipeline
