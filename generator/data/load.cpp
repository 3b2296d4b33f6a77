#include "data/load.h"

namespace wfgen::data {

Document parse_data(std::string text, std::string file) {
  if (std::filesystem::path(file).extension() == ".json")
    return parse_json(std::move(text), std::move(file));
  return parse_yaml(std::move(text), std::move(file));
}

Document load_document(const std::filesystem::path& path, std::string display,
                       uint64_t max_size) {
  if (display.empty()) display = path.string();
  std::string text = files::read_file(path.string(), display, max_size);
  if (path.extension() == ".json") return parse_json(std::move(text), std::move(display));
  return parse_yaml(std::move(text), std::move(display));
}

Json load_data_file(const std::string& path, uint64_t max_size) {
  return std::move(load_document(path, {}, max_size).root());
}

}  // namespace wfgen::data
