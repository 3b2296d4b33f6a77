#include "lint/discover.h"

#include <algorithm>
#include <filesystem>

#include "data/load.h"
#include "files/error.h"
#include "files/read.h"
#include "lint/workflow.h"

namespace wfgen::lint {

namespace fs = std::filesystem;

namespace {

bool yaml_name(const fs::path& p) {
  return p.extension() == ".yml" || p.extension() == ".yaml";
}

bool looks_like_workflow(const fs::path& p) {
  if (p.parent_path().filename() == "workflows") return true;
  try {
    return is_workflow(p.generic_string(),
                       files::read_file(p.string(), p.generic_string(), files::kDefaultMaxInputSize));
  } catch (const files::FileError&) {
    return true;  // let the linter report it
  }
}

}  // namespace

std::optional<bool> is_workflow_by_path(std::string_view path) {
  fs::path p(path);
  if (!yaml_name(p)) return false;
  if (p.parent_path().filename() == "workflows") return true;
  return std::nullopt;
}

bool is_workflow(std::string_view path, std::string_view text) {
  if (std::optional<bool> decided = is_workflow_by_path(path)) return *decided;
  return reads_as_workflow(yaml::parse(text, lint_parse_options(), std::string(path)));
}

Discovery discover_workflows(const std::vector<std::string>& paths) {
  Discovery out;
  for (const std::string& arg : paths) {
    std::error_code ec;
    fs::path p(arg);
    if (fs::is_regular_file(p, ec)) {
      out.files.push_back(p.generic_string());
      continue;
    }
    if (!fs::is_directory(p, ec)) {
      out.missing.push_back(arg);
      continue;
    }
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(p, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (it->is_directory(ec) && it->path().filename() == ".git") {
        it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file(ec) && yaml_name(it->path()) && looks_like_workflow(it->path()))
        found.push_back(it->path().generic_string());
    }
    std::sort(found.begin(), found.end());
    out.files.insert(out.files.end(), found.begin(), found.end());
  }
  return out;
}

}  // namespace wfgen::lint
