// A project as its sources make it now, rendered in memory, for the commands that look
// at it and write nothing (`show`, `graph`): the one place they load the manifest, render,
// read committed files and find the output a user names.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "files/tree.h"
#include "pipeline/pipeline.h"
#include "pipeline/render.h"

namespace wfgen::pipeline {

struct ProjectView {
  std::filesystem::path root;
  std::shared_ptr<const files::Tree> project;  // every read stays inside the root
  Manifest manifest;
  std::vector<Output> outputs;  // sorted by path

  // The output a user names: its path as `wfgen list` prints it, or the one output whose
  // path ends in "/NAME" ("trunk.yml", ".github/workflows/trunk.yml"). Null when none
  // does; throws ProjectError when several do.
  const Output* find_output(const std::string& name) const;
  const Family* find_family(const std::string& name) const;
  // The committed text of the file at `path` (relative to the root); nullopt when absent.
  std::optional<std::string> committed(const std::string& path) const;
  // Every output and stale file's state against the output dir (no diffs).
  std::vector<FileStatus> states() const;
};

// Loads the manifest and renders every output. `hook` sees each output's variables.
// Throws data::DataError, ProjectError, files::FileError.
ProjectView view_project(const std::filesystem::path& root, const ContextHook& hook = {});

// Whether an output named `name` is `path` (equal, or `path` ends in "/NAME").
bool names_output(const std::string& path, const std::string& name);

// Runs `body`, turning a positioned error into exit 1 and its message on stderr.
RunResult run_reporting_errors(const std::function<void(RunResult&)>& body);

}  // namespace wfgen::pipeline
