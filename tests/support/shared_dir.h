// Access to ../shared (reference data). Tests that need it fail loudly, never skip,
// when it is missing.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace wfgen::testing {

inline std::filesystem::path shared_dir() {
  return std::filesystem::path(WFGEN_SHARED_DIR);
}
inline std::filesystem::path source_dir() {
  return std::filesystem::path(WFGEN_SOURCE_DIR);
}

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace wfgen::testing
