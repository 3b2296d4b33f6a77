// The manifest (`wfgen.yml` at a project's root): engine settings, where templates and
// outputs live, the header of every output, global variables and the workflow families.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "data/document.h"
#include "files/tree.h"
#include "jinja/runtime/environment.h"
#include "lint/config.h"
#include "matrix/matrix.h"

namespace wfgen::pipeline {

using data::Json;

enum class FamilyMode { PerRow, AllRows };

// A whole matrix handed to a family's template as a variable: the list of its rows.
struct TableRef {
  std::string name;    // the variable
  std::string matrix;  // path relative to the root
  std::string ptr;     // its position in the manifest
};

// `each: ITEM in FIELD`: a per_row family makes one output per item of the row's list
// FIELD (a receiver per repo, say); the template and the output pattern see it as ITEM.
struct Each {
  std::string item;   // the variable
  std::string field;  // the row's list (or table) field
  std::string ptr;    // its position in the manifest
};

struct Family {
  std::string name;
  std::string template_name;  // looked up in the template dirs
  std::string matrix;         // path relative to the root; "" for a single output
  std::string where;          // optional row filter (a Jinja expression)
  FamilyMode mode = FamilyMode::PerRow;
  std::string output;  // output path pattern (a template), relative to output_dir
  std::vector<TableRef> tables;
  std::optional<Each> each;
  Json vars = Json::object();
  std::string ptr;  // the family's position in the manifest
};

// The limits of a project run beyond the engine's (`engine.limits`).
struct ProjectLimits {
  matrix::MatrixLimits matrix;
  size_t max_run_output = size_t{1} << 30;  // bytes of all the outputs of one run
};

struct Manifest {
  std::shared_ptr<const data::Document> doc;
  jinja::EnvironmentOptions engine;  // with the engine's limits
  ProjectLimits limits;
  std::vector<std::string> template_dirs;  // relative to the root
  std::string output_dir = "generated";    // normalised: no "." or empty pieces ("" is the root)
  std::string header;  // comment text written after the marker line of every output
  std::string fix_command = "./regenerate.sh";
  Json vars = Json::object();
  std::vector<Family> families;
  lint::Config lint;  // the `lint:` section: waivers and rule settings (lint/config.h)
};

inline constexpr const char* kManifestName = "wfgen.yml";

// Every limit a project run has, by name: the engine's (jinja/limits.h) and the project's.
// The manifest's `limits:` keys and the project commands' --max-... flags.
struct LimitSetting {
  std::string_view name;
  std::string_view help;
  size_t jinja::Limits::*engine = nullptr;       // an engine limit, or
  size_t& (*project)(ProjectLimits&) = nullptr;  // one of the project's
  size_t& in(Manifest& m) const { return engine ? m.engine.limits.*engine : project(m.limits); }
};
std::span<const LimitSetting> limit_settings();

// A limit given on the command line: it wins over the manifest's.
struct LimitOverride {
  std::string name;
  size_t value;
};

// Loads and validates wfgen.yml at the top of `project` (`dir`: the project directory as
// the user named it, for the message when there is no manifest), then applies `overrides`.
// Throws data::DataError positioned in "wfgen.yml", files::FileError when it cannot be read.
Manifest load_manifest(const files::Tree& project, const std::string& dir,
                       const std::vector<LimitOverride>& overrides = {});

}  // namespace wfgen::pipeline
