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

// Path pieces as std::filesystem reads a '/'-separated path, without building one: the
// pipeline asks for each of its outputs.
std::string_view file_name(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// The folder holding the file: its last component, separators doubled or not.
std::string_view folder_name(std::string_view path) {
  size_t slash = path.rfind('/');
  if (slash == std::string_view::npos) return {};
  std::string_view dir = path.substr(0, slash);
  while (!dir.empty() && dir.back() == '/') dir.remove_suffix(1);
  return file_name(dir);
}

bool yaml_name(std::string_view path) {
  std::string_view name = file_name(path);
  size_t dot = name.rfind('.');
  // `.yml` alone is a hidden file's name, not an extension (as std::filesystem has it).
  if (dot == std::string_view::npos || dot == 0) return false;
  std::string_view ext = name.substr(dot);
  return ext == ".yml" || ext == ".yaml";
}

// A file met in a folder walk (`path` is `p`, '/'-separated): the path decides, else the
// text; a file that cannot be read is checked, for the linter to report why.
bool walked_file_is_workflow(const fs::path& p, const std::string& path) {
  if (std::optional<bool> decided = is_workflow_by_path(path)) return *decided;
  try {
    return is_workflow(path, files::read_file(p.string(), path, files::kDefaultMaxInputSize));
  } catch (const files::FileError&) {
    return true;
  }
}

}  // namespace

std::optional<bool> is_workflow_by_path(std::string_view path) {
  if (!yaml_name(path)) return false;
  if (folder_name(path) == "workflows") return true;
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
      if (!it->is_regular_file(ec)) continue;
      std::string path = it->path().generic_string();
      if (walked_file_is_workflow(it->path(), path)) found.push_back(std::move(path));
    }
    std::sort(found.begin(), found.end());
    out.files.insert(out.files.end(), found.begin(), found.end());
  }
  return out;
}

}  // namespace wfgen::lint
