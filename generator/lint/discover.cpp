#include "lint/discover.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
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

// The workflows below the folder `sub` of `tree` (canonical; "" for its top), each shown as
// `shown_prefix` + its path below `sub`: regular files, and links to regular files inside
// the tree (a link out throws), `.git` skipped.
void walk(const std::shared_ptr<const files::Tree>& tree, const std::string& sub,
          const std::string& shown_prefix, Discovery& out) {
  struct Hit {
    std::string shown, rel;
  };
  std::vector<Hit> found;
  const std::string base = sub.empty() ? "" : sub + "/";
  tree->list(sub, [&](const std::string& rel, const std::string&, mode_t mode) {
    for (const std::string& piece : files::split_path(rel))
      if (piece == ".git") return;
    const std::string at = base + rel;
    if (S_ISLNK(mode)) {
      files::Location loc = tree->locate(at, true);  // throws for a link out
      if (!loc.exists || !S_ISREG(loc.st.st_mode)) return;
    } else if (!S_ISREG(mode)) {
      return;
    }
    std::string shown = shown_prefix + rel;
    bool workflow = true;  // a file that cannot be read is checked, to report why
    if (std::optional<bool> decided = is_workflow_by_path(shown)) {
      workflow = *decided;
    } else {
      try {
        if (std::optional<std::string> text = tree->read(at)) workflow = is_workflow(shown, *text);
      } catch (const files::FileError&) {
      }
    }
    if (workflow) found.push_back({std::move(shown), at});
  });
  std::sort(found.begin(), found.end(),
            [](const Hit& a, const Hit& b) { return a.shown < b.shown; });
  for (Hit& h : found) {
    out.files.push_back(std::move(h.shown));
    out.from.push_back({tree, std::move(h.rel)});
  }
}

// How a folder named `arg` shows its files: "arg/x.yml" (one separator).
std::string prefix_of(std::string arg) {
  if (arg.empty() || arg.back() != '/') arg += '/';
  return arg;
}

std::string being_linted(const std::string& dir) {
  return "the directory being linted (" + files::printable(dir) + ")";
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

std::string Discovery::read(size_t i, uint64_t max_size) const {
  const From& f = from[i];
  if (!f.folder) return files::read_file(files[i], files[i], max_size);
  std::optional<std::string> text = f.folder->read(f.rel);
  if (!text) throw files::FileError(files[i], "cannot read: " + files::reason(ENOENT), ENOENT);
  return std::move(*text);
}

Discovery discover_workflows(const std::vector<std::string>& paths, uint64_t max_size) {
  Discovery out;
  for (const std::string& arg : paths) {
    std::error_code ec;
    fs::path p(arg);
    fs::file_status st = fs::status(p, ec);
    const bool absent =
        ec ? ec == std::errc::no_such_file_or_directory || ec == std::errc::not_a_directory
           : !fs::exists(st);
    if (absent) {
      out.missing.push_back(arg);
      continue;
    }
    if (!fs::is_directory(st)) {
      // Read as named (also when it cannot be looked up: the read says why): a FIFO or a
      // device is refused then, with what it is.
      out.files.push_back(p.generic_string());
      out.from.push_back({});
      continue;
    }
    auto folder =
        std::make_shared<const files::Tree>(p, being_linted(arg), prefix_of(arg), max_size);
    walk(folder, "", prefix_of(p.generic_string()), out);
  }
  return out;
}

Discovery discover_workflows_in(const fs::path& dir, const std::string& sub, uint64_t max_size) {
  const std::string prefix = prefix_of(dir.generic_string());
  auto tree =
      std::make_shared<const files::Tree>(dir, being_linted(dir.string()), prefix, max_size);
  files::Location loc = tree->locate(sub, true);  // a link out of `dir` throws
  if (!loc.exists || !S_ISDIR(loc.st.st_mode))
    throw files::FileError(prefix + sub, "is not a folder");
  Discovery out;
  walk(tree, loc.path, prefix + sub + "/", out);
  return out;
}

}  // namespace wfgen::lint
