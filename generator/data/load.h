// Loading data files: YAML (1.2 core schema) and JSON into nlohmann::ordered_json, keeping
// key order and every position. Malformed input, duplicate keys and unsupported tags throw
// DataError with the file, line and column.
#pragma once

#include <filesystem>
#include <string>

#include "data/document.h"

namespace wfgen::data {

// YAML scalars follow the YAML 1.2 core schema: null/~/empty, true/false (any case form the
// spec lists), decimal/0o/0x ints, floats with .inf/.nan; anything else, and every quoted or
// block scalar, is a string (so `on`/`yes` stay strings, as GitHub reads them).
Document parse_yaml(std::string text, std::string file);
// Strict JSON; duplicate object keys are an error.
Document parse_json(std::string text, std::string file);

// Reads `path`: `.json` as JSON, everything else as YAML. `display` names the file in
// messages (defaults to the path as given). Throws DataError (also when unreadable).
Document load_document(const std::filesystem::path& path, std::string display = {});

// Reads a whole file as bytes; false when it cannot be read.
bool read_file(const std::filesystem::path& path, std::string& out);

// For `wfgen render -d FILE`: the data of FILE. Throws DataError.
Json load_data_file(const std::string& path);

}  // namespace wfgen::data
