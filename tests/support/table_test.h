// Expectation tables as parameterised GoogleTest suites: one named case per row, so a
// failure names its row and each row runs (and can be filtered) on its own.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace wfgen::testing {

// "NN_WHAT": the row's index and a readable hint of its input (letters, digits and '_'
// only, as GoogleTest requires; at most 40 characters).
inline std::string row_name(size_t index, std::string_view what) {
  std::string name = (index < 10 ? "0" : "") + std::to_string(index) + "_";
  bool gap = false;
  for (char c : what) {
    bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (keep) {
      if (gap && name.back() != '_') name += '_';
      name += c;
    }
    gap = !keep;
    if (name.size() >= 40) break;
  }
  if (name.back() == '_') name += "row";
  return name;
}

}  // namespace wfgen::testing

// Instantiates SUITE over TABLE, naming each row by row_name(index, WHAT), where WHAT is
// an expression of the row `r`.
#define WFGEN_TABLE_ROWS(SUITE, TABLE, WHAT)                                            \
  INSTANTIATE_TEST_SUITE_P(Rows, SUITE, ::testing::ValuesIn(TABLE),                     \
                           [](const ::testing::TestParamInfo<SUITE::ParamType>& info) { \
                             const auto& r = info.param;                                \
                             return ::wfgen::testing::row_name(info.index, (WHAT));     \
                           })
