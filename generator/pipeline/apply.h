// Writing what `compare_outputs` found changed: every destination is checked before
// anything is touched, then all of it is one files::Transaction (all or nothing).
#pragma once

#include <string>
#include <vector>

#include "files/tree.h"
#include "pipeline/compare.h"

namespace wfgen::pipeline {

// Writes changed outputs and deletes stale ones. A file wfgen did not write is replaced
// only with `force`. Throws ProjectError listing every refused
// destination (nothing written), files::TransactionError when the commit failed.
void apply_changes(const files::Tree& project, const std::vector<Output>& outputs,
                   const std::vector<FileStatus>& statuses, bool force);

// Removes the leftovers of an interrupted run (our temporary files and backups, found
// by scan_output_dir); returns how many. Call only under the exclusive project lock.
size_t remove_leftovers(const files::Tree& project, const std::vector<std::string>& leftovers);

}  // namespace wfgen::pipeline
