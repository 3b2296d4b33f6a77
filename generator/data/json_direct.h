// JSON text straight into the engine's Value (no intermediate DOM): the fast path for
// `wfgen render -d data.json`. Integers beyond 64 bits keep every digit, as Python's
// json module keeps them.
#pragma once

#include <string>

#include "jinja/value/value.h"

namespace wfgen::data {

// Parses `text`; on malformed JSON or a duplicate key throws DataError positioned in `file`.
jinja::Value parse_json_value(const std::string& text, const std::string& file);

}  // namespace wfgen::data
