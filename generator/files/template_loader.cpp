#include "files/template_loader.h"

#include "files/error.h"
#include "jinja/error.h"

namespace wfgen::files {

namespace {

// As Jinja2's split_template_path (and jinja::FileSystemLoader): '/'-separated pieces,
// '.' and empty ones dropped; '..' or a backslash would leave the search path.
std::string template_path(std::string_view name) {
  std::string rel;
  size_t start = 0;
  while (start <= name.size()) {
    size_t end = name.find('/', start);
    if (end == std::string_view::npos) end = name.size();
    std::string_view piece = name.substr(start, end - start);
    if (piece == ".." || piece.find('\\') != std::string_view::npos)
      jinja::throw_error(jinja::ErrorKind::Security, "template name '" + std::string(name) +
                                                         "' escapes the template search path");
    if (!piece.empty() && piece != ".") rel += (rel.empty() ? "" : "/") + std::string(piece);
    start = end + 1;
  }
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
