// Rendering a whole project in memory: every family, every row, through one Environment.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "data/error.h"
#include "files/tree.h"
#include "jinja/value/value.h"
#include "pipeline/manifest.h"
#include "system/side_tasks.h"

namespace wfgen::jinja {
class SourceTrace;
}

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
  data::Mark row_origin;      // where that row (or its `each` item) is written in the matrix
  std::string item;           // `each` families: "receiver 2", the item of the row
  std::vector<int> rows;      // the matrix rows it is made from: `row`, or all that `where` kept
};

// Told each output (its path known, its content not yet) and the variables its template
// is rendered with: `wfgen show --vars`.
using ContextHook = std::function<void(const Output&, const jinja::Value& vars)>;

// Renders every output of the project, sorted by path; templates and matrices are read
// inside `project` only. Output paths are normalised ("d//x.yml" is "d/x.yml") and
// checked: relative, inside the output dir, no control characters, no '..', names the
// file system can hold. `hook` sees each output's variables (and makes the render
// single-threaded). Outputs are rendered on up to `threads` threads (0: one per core);
// the outputs and the first error are the same whatever the count. Throws ProjectError,
// files::FileError.
// With `release` and more than one thread, what the run built to render (expanded
// matrices, parsed templates) is freed by tasks queued there, for the caller's next
// parallel loop to run beside its work (system/side_tasks.h): what each thread planned and
// rendered with, by that thread.
std::vector<Output> render_project(std::shared_ptr<const files::Tree> project,
                                   const Manifest& manifest, const ContextHook& hook = {},
                                   unsigned threads = 0, system::SideTasks* release = nullptr);

// Renders the bodies of `targets` (outputs render_project made) again with a source
// trace, handing each to `use` while the templates the trace points into live. Only their
// families are planned, each once. Throws as render_project.
using TraceUse = std::function<void(const Output& o, std::string_view body,
                                    const jinja::SourceTrace& trace)>;
void render_traced(std::shared_ptr<const files::Tree> project, const Manifest& manifest,
                   const std::vector<const Output*>& targets, const TraceUse& use);

}  // namespace wfgen::pipeline
