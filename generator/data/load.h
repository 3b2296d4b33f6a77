// Loading data files: YAML (1.2 core schema) and JSON into nlohmann::ordered_json, keeping
// key order and every position. Malformed input, duplicate keys and unsupported tags throw
// DataError with the file, line and column.
#pragma once

#include <filesystem>
#include <string>

#include "data/document.h"
#include "data/yaml_tree.h"

namespace wfgen::data {

// YAML scalars follow the YAML 1.2 core schema: null/~/empty, true/false (any case form the
// spec lists), decimal/0o/0x ints, floats with .inf/.nan; anything else, and every quoted or
// block scalar, is a string (so `on`/`yes` stay strings, as GitHub reads them).
Document parse_yaml(std::string text, std::string file);
// Strict JSON; duplicate object keys are an error.
Document parse_json(std::string text, std::string file);

// A node's value as JSON, leniently, for reading parts of a file that other checks judge
// (the workflow lint): aliases expanded (up to a bound; past it, null), scalars typed by
// the core schema (other tags read as strings, ints beyond 64 bits as floats), a later
// duplicate key replacing an earlier one.
Json yaml_to_json(const YamlNode& node);

// Reads `path`: `.json` as JSON, everything else as YAML. `display` names the file in
// messages (defaults to the path as given). Throws DataError (also when unreadable).
Document load_document(const std::filesystem::path& path, std::string display = {});

// Reads a whole file as bytes; false when it cannot be read.
bool read_file(const std::filesystem::path& path, std::string& out);

// For `wfgen render -d FILE`: the data of FILE. Throws DataError.
Json load_data_file(const std::string& path);

}  // namespace wfgen::data
