// JSON text straight into the engine's Value (no intermediate DOM): the fast path for
// `wfgen render -d data.json`. Integers beyond 64 bits keep every digit, as Python's
// json module keeps them.
#pragma once

#include <string>

#include "jinja/value/value.h"

namespace wfgen::data {

// Parses `text`; on malformed JSON or a duplicate key throws DataError positioned in `file`.
jinja::Value json_to_value(const std::string& text, const std::string& file);

// Merges `from` into `into` as deep_merge does for JSON: dicts key by key, recursively;
// anything else replaces.
void deep_merge_values(jinja::Value& into, const jinja::Value& from);

}  // namespace wfgen::data
