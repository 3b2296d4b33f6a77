#include "files/template_loader.h"

#include "files/error.h"
#include "jinja/error.h"

namespace wfgen::files {

namespace {

// A template name as a path below a search dir ('' when it names no file).
std::string template_path(std::string_view name) {
  std::string rel;
  for (const std::string& piece : jinja::split_template_path(name))
    rel += (rel.empty() ? "" : "/") + piece;
  return rel;
}

}  // namespace

TreeLoader::TreeLoader(std::vector<std::string> search_path, std::vector<SearchDir> dirs)
    : jinja::FileSystemLoader(search_path),
      search_path_(std::move(search_path)),
      dirs_(std::move(dirs)) {}

std::optional<jinja::Loader::Source> TreeLoader::find(std::string_view name) const {
  std::string rel = template_path(name);
  if (rel.empty()) return std::nullopt;  // '' names no file
  for (size_t i = 0; i < dirs_.size(); ++i) {
    if (!dirs_[i].tree) continue;
    std::optional<std::string> text =
        dirs_[i].tree->read(dirs_[i].sub.empty() ? rel : dirs_[i].sub + "/" + rel);
    if (text)
      return Source{std::move(*text),
                    search_path_[i].empty() ? rel : search_path_[i] + "/" + rel};
  }
  return std::nullopt;
}

std::optional<jinja::Loader::Source> TreeLoader::load(std::string_view name) const {
  try {
    return find(name);
  } catch (const FileError& e) {
    jinja::throw_error(jinja::ErrorKind::Runtime, e.path() + ": " + e.message());
  }
}

}  // namespace wfgen::files
