// The manifest (`wfgen.yml` at a project's root): engine settings, where templates and
// outputs live, the header of every output, global variables and the workflow families.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "data/document.h"
#include "files/tree.h"
#include "jinja/environment.h"

namespace wfgen::pipeline {

using data::Json;

enum class FamilyMode { PerRow, AllRows };

struct Family {
  std::string name;
  std::string template_name;  // looked up in the template dirs
  std::string matrix;         // path relative to the root; "" for a single output
  std::string where;          // optional row filter (a Jinja expression)
  FamilyMode mode = FamilyMode::PerRow;
  std::string output;  // output path pattern (a template), relative to output_dir
  Json vars = Json::object();
  std::string ptr;  // the family's position in the manifest
};

struct Manifest {
  std::shared_ptr<const data::Document> doc;
  jinja::EnvironmentOptions engine;
  std::vector<std::string> template_dirs;  // relative to the root
  std::string output_dir = "generated";    // normalised: no "." or empty pieces ("" is the root)
  std::string header;  // comment text written after the marker line of every output
  std::string fix_command = "./regenerate.sh";
  Json vars = Json::object();
  std::vector<Family> families;
};

inline constexpr const char* kManifestName = "wfgen.yml";

// Loads and validates wfgen.yml at the top of `project` (`dir`: the project directory as
// the user named it, for the message when there is no manifest). Throws data::DataError
// positioned in "wfgen.yml", files::FileError when it cannot be read.
Manifest load_manifest(const files::Tree& project, const std::string& dir);

}  // namespace wfgen::pipeline
