// Data written as YAML for people to read (`wfgen show`): block style, two-space indents,
// keys in their order. A string YAML could read as something else (`3.10`, `on`, `null`,
// `a: b`, `#x`) is double-quoted, under YAML 1.2 and under the 1.1 reading GitHub does,
// so the text loads back as the same data.
#pragma once

#include <string>

#include "data/document.h"

namespace wfgen::data {

// `value` as a YAML document (no `---`), ending in a newline.
std::string to_yaml(const Json& value);

// One value on one line, as written inside such a document: a scalar (`plain`, `"quoted"`,
// `3`, `null`) or a flow collection (`{}`, `[1, 2]`).
std::string to_yaml_inline(const Json& value);

}  // namespace wfgen::data
