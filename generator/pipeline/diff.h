// Unified diffs of two texts, line based, as GNU `diff -u` prints them, in time that
// stays near linear for the small edits `check` usually finds: Myers' O(ND) search over
// interned lines, with its cost bounded (beyond the bound the changed region is shown as
// one replacement: a correct, coarser diff). The number of lines printed is bounded too.
#pragma once

#include <cstddef>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace wfgen::pipeline {

// Hunk lines `check` prints per drifted file, and in one whole run.
inline constexpr size_t kDiffLinesPerFile = 80;
inline constexpr size_t kDiffLinesPerRun = 2000;
inline constexpr size_t kUnbounded = std::numeric_limits<size_t>::max();

struct Diff {
  std::string text;            // "--- a\n+++ b\n@@ ... @@\n..." ("" when equal)
  std::vector<int> old_lines;  // 1-based first line of each hunk in the old text
  size_t omitted = 0;          // hunk lines left out by the bound
  bool coarse = false;         // the edit search hit its cost bound
};

// `context` lines around changes; at most `max_lines` hunk lines (their "@@" headers not
// counted). The names go on the "---" and "+++" lines as they are.
Diff unified_diff(std::string_view old_text, std::string_view new_text, std::string_view old_name,
                  std::string_view new_name, size_t context = 3,
                  size_t max_lines = kDiffLinesPerFile);

}  // namespace wfgen::pipeline
