#include "data/load.h"

#include <fstream>
#include <sstream>

namespace wfgen::data {

bool read_file(const std::filesystem::path& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) return false;
  out = std::move(ss).str();
  return true;
}

Document load_document(const std::filesystem::path& path, std::string display) {
  if (display.empty()) display = path.string();
  std::string text;
  if (!read_file(path, text)) throw DataError(display, {}, "cannot read file");
  if (path.extension() == ".json") return parse_json(std::move(text), std::move(display));
  return parse_yaml(std::move(text), std::move(display));
}

Json load_data_file(const std::string& path) {
  return std::move(load_document(path).root());
}

}  // namespace wfgen::data
