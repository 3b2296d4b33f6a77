// The project commands as a library: `generate` (render everything in memory, then write
// only what changed, atomically, and delete stale outputs), `check` (compare and report),
// `list`. The CLI and the benchmarks call these in-process.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "pipeline/render.h"

namespace wfgen::pipeline {

enum class Mode { Generate, Check };
enum class Format { Text, Github, Json };

enum class FileState {
  InSync,      // on disk exactly as the sources make it
  Missing,     // a source makes it, the file is not there
  Drifted,     // generated earlier, untouched since, but the sources changed
  HandEdited,  // differs and its fingerprint says someone edited it (or it has no header)
  Stale,       // has our header but no source makes it any more
};
std::string_view state_name(FileState s);

struct FileStatus {
  std::string path;  // relative to the root
  FileState state = FileState::InSync;
  std::string diff;        // unified diff (committed -> from sources), bounded; check only
  std::vector<int> lines;  // first line of each hunk in the committed file
};

struct RunResult {
  int exit_code = 0;              // 0 ok / in sync, 1 error or out of date
  std::string out;                // what the command prints on stdout
  std::string err;                // on stderr (errors)
  size_t outputs = 0;             // how many outputs the sources make
  std::vector<FileStatus> files;  // every output and stale file, sorted by path
};

// Runs generate or check on the project at `root` (which holds wfgen.yml); `overrides`
// (the --max-... flags) win over the manifest's limits.
RunResult run_project(const std::filesystem::path& root, Mode mode, Format format = Format::Text,
                      const std::vector<LimitOverride>& overrides = {});
// The bench-friendly name for the same thing.
inline RunResult run_generate(const std::filesystem::path& root, Mode mode) {
  return run_project(root, mode);
}
// `wfgen list`: every output with its template, matrix and row.
RunResult list_project(const std::filesystem::path& root,
                       const std::vector<LimitOverride>& overrides = {});

// Compares rendered outputs with the files under the output dir (no writes).
std::vector<FileStatus> compare_outputs(const std::filesystem::path& root, const Manifest& manifest,
                                        const std::vector<Output>& outputs, bool with_diffs);

// Writes changed outputs (temp file + rename each) and deletes stale ones. All temp files
// are written before any rename, so a failure (unwritable dir, full disk) changes nothing.
// Throws ProjectError.
void apply_changes(const std::filesystem::path& root, const std::vector<Output>& outputs,
                   const std::vector<FileStatus>& statuses);

}  // namespace wfgen::pipeline
