// Templates read through Trees: jinja's FileSystemLoader (same names, same "not found"
// message) whose search dirs are confined. An include that reaches a link out of its
// tree, a FIFO, a device or a file over the size limit is an error at the include.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "files/tree.h"
#include "jinja/runtime/environment.h"

namespace wfgen::files {

class TreeLoader : public jinja::FileSystemLoader {
 public:
  struct SearchDir {
    std::shared_ptr<const Tree> tree;  // null: the directory does not exist
    std::string sub;                   // the search dir inside the tree ("" for its top)
  };
  // `search_path`: the dirs as the user wrote them (templates are named "DIR/NAME" in
  // messages); `dirs`: the same dirs, opened.
  TreeLoader(std::vector<std::string> search_path, std::vector<SearchDir> dirs);

  // The template's text and its name for messages; nullopt when no dir has it.
  // Throws FileError (and jinja's Security error for a name with '..').
  std::optional<Source> find(std::string_view name) const;
  // find(), with file errors turned into template errors (placed at the include).
  std::optional<Source> load(std::string_view name) const override;

 private:
  std::vector<std::string> search_path_;
  std::vector<SearchDir> dirs_;
};

}  // namespace wfgen::files
