#include "data/suggest.h"

#include <algorithm>

namespace wfgen::data {

namespace {
size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}
}  // namespace

std::string closest_match(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_dist = std::max<size_t>(2, word.size() / 3) + 1;
  for (const auto& c : candidates) {
    size_t d = edit_distance(word, c);
    if (d < best_dist) best_dist = d, best = c;
  }
  return best;
}

std::string unknown_key_message(std::string_view what, std::string_view key,
                                const std::vector<std::string>& candidates) {
  std::string msg = "unknown " + std::string(what) + " '" + std::string(key) + "'";
  std::string near = closest_match(key, candidates);
  if (!near.empty()) return msg + " (did you mean '" + near + "'?)";
  if (candidates.empty() || candidates.size() > 12) return msg;
  msg += " (expected one of: ";
  for (size_t i = 0; i < candidates.size(); ++i) msg += (i ? ", " : "") + candidates[i];
  return msg + ")";
}

}  // namespace wfgen::data
