// "did you mean" hints for misspelt keys.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wfgen::data {

// The closest candidate by edit distance when it is close enough to be a typo, else "".
std::string closest_match(std::string_view word, const std::vector<std::string>& candidates);
// "unknown key 'shard' (did you mean 'shards'?)" or "unknown key 'x' (expected one of: a, b)".
std::string unknown_key_message(std::string_view what, std::string_view key,
                                const std::vector<std::string>& candidates);

}  // namespace wfgen::data
