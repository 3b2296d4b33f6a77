// deep_merge: how several data files (`wfgen render -d A -d B`) combine into one context.
#pragma once

#include "jinja/value/value.h"

namespace wfgen::data {

// Merges `from` into `into`: dicts key by key, recursively (a key already in `into`
// keeps its place); anything else replaces.
void deep_merge(jinja::Value& into, const jinja::Value& from);

}  // namespace wfgen::data
