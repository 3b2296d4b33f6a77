// `wfgen show`: what a matrix expands to, row by row (after axes, include/exclude, shards
// and derived fields), each row with its position in the matrix file and the outputs made
// from it; or the variables one output is rendered with. The rows come from the matrix
// code and the filter from its expression evaluator, as `generate` sees them.
#pragma once

#include <filesystem>
#include <string>

#include "pipeline/pipeline.h"

namespace wfgen::pipeline {

enum class ShowFormat { Yaml, Json };

struct ShowOptions {
  // A family (the rows its `where` keeps), an output (the rows it is made from), a matrix
  // file (all its rows), or "" (every family: its matrix, rows and outputs).
  std::string target;
  std::string where;  // keep the rows where this Jinja expression over the row is true
  bool vars = false;  // the output's variables instead of its rows
  ShowFormat format = ShowFormat::Yaml;
};

RunResult show_project(const std::filesystem::path& root, const ShowOptions& options);

}  // namespace wfgen::pipeline
