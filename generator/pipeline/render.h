// Rendering a whole project in memory: every family, every row, through one Environment.
#pragma once

#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "data/error.h"
#include "jinja/value.h"
#include "pipeline/manifest.h"

namespace wfgen::pipeline {

// Any failure of a project run, already formatted (positioned message, caret excerpt,
// notes); paths are relative to the project root.
class ProjectError : public std::runtime_error {
 public:
  explicit ProjectError(std::string formatted) : std::runtime_error(std::move(formatted)) {}
};

struct Output {
  std::string path;     // relative to the root, '/'-separated: "generated/x.yml"
  std::string content;  // header + body, ending in one newline
  std::string family;
  std::string template_name;  // as found: "templates/x.yml.j2"
  std::string matrix;         // "" when the family has none
  int row = -1;               // index among the matrix's expanded rows (per_row families)
  data::Mark row_origin;      // where that row is written in the matrix
  std::vector<int> rows;      // the matrix rows it is made from: `row`, or all that `where` kept
};

// Told each output (its path known, its content not yet) and the variables its template
// is rendered with: `wfgen show --vars`.
using ContextHook = std::function<void(const Output&, const jinja::Value& vars)>;

// Renders every output of the project, sorted by path. Throws ProjectError.
std::vector<Output> render_project(const std::filesystem::path& root, const Manifest& manifest,
                                   const ContextHook& hook = {});

}  // namespace wfgen::pipeline
