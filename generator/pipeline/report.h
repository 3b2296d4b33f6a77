// What the project commands print. Every name that comes from the disk or the sources
// is printed escaped (files::printable; GitHub's escapes in workflow commands), so no
// file name or manifest value can start a line of its own or forge an annotation.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "pipeline/pipeline.h"

namespace wfgen::pipeline {

// check's report in `opt.format`, lint findings included; sets the exit code (1 when
// anything is out of date, a lint error was found, or an interrupted generate left
// something behind). GitHub's escaping is lint's (lint/report.h). Diffs past `opt.diff_lines_per_run`
// lines in all are cut (in path order) and counted in each file's diff_omitted.
void report_check(RunResult& r, const std::string& fix_command, const RunOptions& opt);
// "wfgen check: 1234 diff lines not shown (...); `wfgen check --full-diff` shows them"
// ("" when none were left out).
std::string omitted_note(const RunResult& r, const RunOptions& opt);
// "... (12 more diff lines)", after a diff the bounds cut.
std::string more_lines(size_t omitted);
// What an interrupted generate left behind, one sentence each.
std::vector<std::string> check_notes(const RunResult& r);
// generate's list of what it changed and its summary line.
void report_generate(RunResult& r);
// list's table: output, family, template, matrix and row, tab-separated.
std::string list_table(const std::vector<Output>& outputs);

}  // namespace wfgen::pipeline
