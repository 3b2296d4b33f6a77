// Loading data files: YAML (1.2 core schema) and JSON into nlohmann::ordered_json, keeping
// key order and every position. Malformed input, duplicate keys and unsupported tags throw
// DataError with the file, line and column.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "data/document.h"
#include "files/read.h"
#include "yaml/node.h"
#include "yaml/options.h"

namespace wfgen::data {

// YAML scalars follow the YAML 1.2 core schema: null/~/empty, true/false (any case form the
// spec lists), decimal/0o/0x ints, floats with .inf/.nan; anything else, and every quoted or
// block scalar, is a string (so `on`/`yes` stay strings, as GitHub reads them).
// One document; every parser error (syntax, duplicate keys, tags outside the core schema,
// limits) is thrown as DataError. Aliases are expanded and merge keys `<<` applied.
// docs/yaml.md has the details.
Document parse_yaml(std::string text, std::string file);
// The same with other limits; options.mode must be Strict for the data to be trusted.
Document parse_yaml(std::string text, std::string file, const yaml::ParseOptions& options);
// A node of a parsed tree as data, as parse_yaml reads it: aliases expanded, merge keys
// applied. `unique_keys`: the tree is known to have no duplicate keys (strict parses);
// otherwise a later duplicate replaces an earlier one.
Json yaml_to_json(const yaml::Node& node, bool unique_keys = false);
// Strict JSON; duplicate object keys are an error.
Document parse_json(std::string text, std::string file);

// `text` of the file `file`: `.json` as JSON, everything else as YAML.
Document parse_data(std::string text, std::string file);

// Reads the regular file `path` (at most `max_size` bytes) and parses it as parse_data.
// `display` names the file in messages (defaults to the path as given). Throws DataError,
// files::FileError when it cannot be read.
Document load_document(const std::filesystem::path& path, std::string display = {},
                       uint64_t max_size = files::kDefaultMaxInputSize);

// For `wfgen render -d FILE`: the data of FILE. Throws DataError, files::FileError.
Json load_data_file(const std::string& path, uint64_t max_size = files::kDefaultMaxInputSize);

}  // namespace wfgen::data
