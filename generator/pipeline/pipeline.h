// The project commands as a library: `generate` (render everything in memory, lint it,
// then write only what changed, all or nothing, and delete stale outputs), `check` (compare and
// report), `list`. The CLI and the benchmarks call these in-process.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "files/read.h"
#include "lint/linter.h"
#include "pipeline/compare.h"
#include "pipeline/render.h"
#include "pipeline/state.h"

namespace wfgen::pipeline {

enum class Mode { Generate, Check };
enum class Format { Text, Github, Json };

struct RunOptions {
  Format format = Format::Text;  // check's report
  // check: diff lines printed per drifted file and in the whole report (kUnbounded: all).
  size_t diff_lines_per_file = kDiffLinesPerFile;
  size_t diff_lines_per_run = kDiffLinesPerRun;
  // check: also make the markdown step summary (RunResult::summary).
  bool step_summary = false;
  bool force = false;            // generate: overwrite files wfgen did not write
  bool wait = true;              // wait for the project lock (false: fail at once)
  uint64_t max_input_size = files::kDefaultMaxInputSize;  // per file read
  unsigned threads = 0;  // threads rendering outputs (0: one per core); same bytes for any
  std::vector<LimitOverride> limits;  // the --max-... flags: they win over wfgen.yml's limits
  // Told what the run is waiting for, while it waits ("waiting for the project lock").
  std::function<void(const std::string&)> notify;
};

struct RunResult {
  int exit_code = 0;              // 0 ok / in sync, 1 error or out of date
  std::string out;                // what the command prints on stdout
  std::string err;                // on stderr (errors)
  size_t outputs = 0;             // how many outputs the sources make
  std::vector<FileStatus> files;  // every output and stale file, sorted by path
  std::vector<std::string> leftovers;  // temporary files of an interrupted generate
  bool interrupted = false;            // check: a killed generate's journal is there
  lint::LintResult lint;  // the lint of every output (generate refuses on an error)
  std::string summary;  // check with step_summary: the markdown for $GITHUB_STEP_SUMMARY
};

// The project directory as a tree no read leaves (files/tree.h), for the steps run one by
// one (wfgen lint, the benchmarks): load_manifest, render_project.
std::shared_ptr<const files::Tree> open_project(
    const std::filesystem::path& root, uint64_t max_input_size = files::kDefaultMaxInputSize);

// Runs generate or check on the project at `root` (which holds wfgen.yml), under the
// project lock (exclusive for generate, shared for check). Both lint every output first:
// generate writes nothing when an output has a lint error; check reports lint findings
// along with drift.
RunResult run_project(const std::filesystem::path& root, Mode mode, const RunOptions& options);
inline RunResult run_project(const std::filesystem::path& root, Mode mode,
                             Format format = Format::Text) {
  RunOptions options;
  options.format = format;
  return run_project(root, mode, options);
}
// The bench-friendly name for the same thing.
inline RunResult run_generate(const std::filesystem::path& root, Mode mode) {
  return run_project(root, mode);
}
// `wfgen list`: every output with its template, matrix and row.
RunResult list_project(const std::filesystem::path& root, const RunOptions& options = {});

}  // namespace wfgen::pipeline
