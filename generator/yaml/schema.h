// The YAML 1.2 core schema: what a plain scalar means (null, bool, int, float, else a
// string) and what the core tags accept. `on`, `yes`, `off` are strings here, as GitHub
// reads them (YAML 1.1's booleans are not part of 1.2).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "yaml/node.h"

namespace wfgen::yaml {

inline constexpr std::string_view kCoreTagPrefix = "tag:yaml.org,2002:";

struct Scalar {
  ScalarType type = ScalarType::String;
  bool is_unsigned = false;  // an int above INT64_MAX, in u
  bool too_big = false;      // an int outside 64 bits (then read as a float, in f)
  union {
    int64_t i;
    uint64_t u;
    double f;
    bool b;
  } num = {0};
};

// An untagged plain scalar.
Scalar resolve_plain(std::string_view text);

// A scalar with a core tag ("str", "int", "float", "bool", "null": the part after the
// prefix). false when the text is not a value of that type.
bool resolve_tagged(std::string_view type, std::string_view text, Scalar& out);

// The scalar types of the core schema a tag names, or "" for a collection tag/unknown one.
bool is_core_scalar_tag(std::string_view tag);

// How a resolved tag reads in a message: "!!str" for the core ones, else as resolved.
std::string tag_display(std::string_view tag);

}  // namespace wfgen::yaml
