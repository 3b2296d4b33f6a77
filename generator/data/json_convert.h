// Converting between data (nlohmann::ordered_json) and the engine's Value, keeping key order.
#pragma once

#include <nlohmann/json.hpp>

#include "jinja/value/string_pool.h"
#include "jinja/value/value.h"

namespace wfgen::data {

// Objects become dicts (same key order), arrays lists, numbers int/float, null None.
// Nesting beyond max_depth throws jinja::TemplateError (a limit).
jinja::Value to_value(const nlohmann::ordered_json& json);
// The same, with dict keys and short string values taken from (and added to) `keys`: a
// caller converting many rows of the same keys and values allocates each once.
jinja::Value to_value(const nlohmann::ordered_json& json, jinja::StringPool& keys);

// The reverse, for values computed by expressions (derived matrix fields). Tuples become
// arrays. Non-string dict keys, undefined values, callables and ints beyond 64 bits throw
// std::invalid_argument with a short reason; a value nested (or cyclic) beyond max_depth or
// of more than max_items nodes throws jinja::TemplateError (a limit).
nlohmann::ordered_json from_value(const jinja::Value& value);

}  // namespace wfgen::data
