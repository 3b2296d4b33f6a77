// The linter: runs every rule over a set of files and collects the findings. A finding is
// data, never an exception; a run reports all of them. Waivers from the config mark
// findings as waived (they are still listed).
#pragma once

#include <filesystem>
#include <vector>

#include "lint/config.h"
#include "lint/disk_files.h"
#include "lint/finding.h"
#include "lint/workflow.h"
#include "system/side_tasks.h"

namespace wfgen::lint {

struct LintResult {
  std::vector<Finding> findings;  // sorted (sort_findings)
  size_t files = 0;

  size_t count(Severity s, bool include_waived = false) const;
  size_t waived() const;
  // Whether the run fails: an unwaived error, or (warnings_as_errors) an unwaived warning.
  bool failed(bool warnings_as_errors = false) const;
};

class Linter {
 public:
  // `disk`: where the files that rules read from disk (a local reusable workflow not in
  // the run, an interface file) are looked up, and the roots they stay inside
  // (lint/disk_files.h). A path converts to the project directory of a project run.
  explicit Linter(Config config = {}, DiskRoots disk = {});
  Linter(Config config, std::filesystem::path project)
      : Linter(std::move(config), DiskRoots{std::move(project)}) {}

  // Lints `files` (each is also visible to the others as a local reusable workflow), on
  // up to `threads` threads (0: one per core), a file at a time each: the findings are
  // the same whatever the count. A file marked `only_if_workflow` that does not read as
  // one is left out (of `files` in the result too). `side`: tasks that share the run's
  // threads, taken before its files (system/side_tasks.h).
  LintResult run(std::vector<SourceFile> files, unsigned threads = 1,
                 system::SideTasks* side = nullptr) const;

  const Config& config() const { return config_; }

 private:
  static constexpr size_t kFilesPerThread = 4;  // fewer files are not worth a thread

  Config config_;
  DiskRoots disk_;
};

}  // namespace wfgen::lint
