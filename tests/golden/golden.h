// Golden files: a command's whole output compared byte for byte with
// tests/golden/expected/NAME. After a deliberate change of output, rewrite them with
//   WFGEN_UPDATE_GOLDEN=1 build/tests/wfgen_tests --gtest_filter='Golden*'
// and review the diff of tests/golden/expected/ before committing it.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/shared_dir.h"

namespace wfgen::testing {

inline std::filesystem::path golden_dir() {
  return source_dir() / "tests/golden";
}

inline void expect_golden(const std::string& name, const std::string& actual) {
  const std::filesystem::path file = golden_dir() / "expected" / name;
  if (std::getenv("WFGEN_UPDATE_GOLDEN")) {
    std::ofstream(file, std::ios::binary) << actual;
    return;
  }
  ASSERT_TRUE(std::filesystem::is_regular_file(file))
      << file << " is missing (WFGEN_UPDATE_GOLDEN=1 writes it)";
  EXPECT_EQ(read_file(file), actual) << "differs from " << file;
}

}  // namespace wfgen::testing
