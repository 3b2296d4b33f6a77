#include "data/load.h"

#include <fstream>
#include <sstream>

namespace wfgen::data {

Document load_document(const std::filesystem::path& path, std::string display) {
  if (display.empty()) display = path.string();
  std::ifstream in(path, std::ios::binary);
  if (!in) throw DataError(display, {}, "cannot read file");
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw DataError(display, {}, "cannot read file");
  if (path.extension() == ".json") return parse_json(ss.str(), std::move(display));
  return parse_yaml(ss.str(), std::move(display));
}

Json load_data_file(const std::string& path) {
  return std::move(load_document(path).root());
}

void deep_merge(Json& into, const Json& from) {
  if (!into.is_object() || !from.is_object()) {
    into = from;
    return;
  }
  for (auto it = from.begin(); it != from.end(); ++it) {
    auto found = into.find(it.key());
    if (found == into.end())
      into[it.key()] = it.value();
    else
      deep_merge(*found, it.value());
  }
}

}  // namespace wfgen::data
