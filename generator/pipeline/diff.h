// Unified diffs of two texts, line based, bounded in length for CI logs.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wfgen::pipeline {

struct Diff {
  std::string text;            // "--- a\n+++ b\n@@ ... @@\n..." ("" when equal)
  std::vector<int> old_lines;  // 1-based first line of each hunk in the old text
  size_t omitted = 0;          // diff lines left out by the bound
};

// `context` lines around changes; at most `max_lines` lines of hunks.
Diff unified_diff(std::string_view old_text, std::string_view new_text, std::string_view old_name,
                  std::string_view new_name, size_t context = 3, size_t max_lines = 80);

}  // namespace wfgen::pipeline
