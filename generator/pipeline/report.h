// What the project commands print. Every name that comes from the disk or the sources
// is printed escaped (files::printable; GitHub's escapes in workflow commands), so no
// file name or manifest value can start a line of its own or forge an annotation.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "pipeline/pipeline.h"

namespace wfgen::pipeline {

// GitHub workflow-command escaping: a message ('%', CR, LF) and a property value (also
// ':' and ',', which would end the property).
std::string github_message(std::string_view s);
std::string github_property(std::string_view s);

// check's report in `format`; sets the exit code (1 when anything is out of date or an
// interrupted generate left something behind).
void report_check(RunResult& r, const std::string& fix_command, Format format);
// generate's list of what it changed and its summary line.
void report_generate(RunResult& r);
// list's table: output, family, template, matrix and row, tab-separated.
std::string list_table(const std::vector<Output>& outputs);

}  // namespace wfgen::pipeline
