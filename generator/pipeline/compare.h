// Comparing rendered outputs with the files under the output dir, and finding what else
// is there: stale outputs (our marker, no source) and the leftovers of an interrupted
// run. Reads only; every destination is resolved inside the project and checked here,
// so `check` and `generate` refuse the same things.
#pragma once

#include <string>
#include <vector>

#include "files/tree.h"
#include "pipeline/diff.h"
#include "pipeline/render.h"
#include "pipeline/state.h"

namespace wfgen::pipeline {

// wfgen's own files beside the manifest: the project lock and a killed generate's journal.
inline constexpr const char* kLockName = ".wfgen.lock";
inline constexpr const char* kJournalName = ".wfgen.journal";

struct FileStatus {
  std::string path;  // relative to the root, as the manifest spells it
  FileState state = FileState::InSync;
  std::string diff;        // unified diff (committed -> from sources), bounded; check only
  std::vector<int> lines;  // first line of each hunk in the committed file
  size_t diff_omitted = 0; // hunk lines the per-file bound left out of `diff`
  files::Location where;   // where it is on disk (links inside the project resolved)
};

struct OutputDir {
  std::string path;       // as the manifest names it ("" for the project's top)
  std::string canonical;  // where it is, links resolved
  std::vector<std::string> files;      // regular files below it, relative to it
  std::vector<std::string> leftovers;  // our temporary files and backups (root-relative)
};

// Lists the output dir (never following a link) and the project's top for leftovers.
// Throws files::FileError.
OutputDir scan_output_dir(const files::Tree& project, const std::string& output_dir);

// Every output's status, then every stale file (a file of the output dir that no output
// is, with our marker), sorted by path. Throws files::FileError
// for a destination no output may have: a link out of the project or out of the output
// dir, the manifest or wfgen's own files, something that is not a regular file (a
// directory, a link, a FIFO) or a file where a directory must be; ProjectError for two
// outputs that are one file. With diffs, each shows at most `diff_lines` hunk lines.
// The files are read on up to `threads` threads (0: one per core); the result and the
// error thrown are the same for any count.
std::vector<FileStatus> compare_outputs(const files::Tree& project, const OutputDir& dir,
                                        const std::vector<Output>& outputs, bool with_diffs,
                                        size_t diff_lines = kDiffLinesPerFile,
                                        unsigned threads = 1);

// Fewer outputs than this are not worth reading on a thread of their own.
inline constexpr size_t kOutputsPerThread = 16;

}  // namespace wfgen::pipeline
