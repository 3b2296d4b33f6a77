#include "data/reader.h"

#include <filesystem>

#include "data/suggest.h"
#include "files/error.h"

namespace wfgen::data {

std::string_view json_type_name(const Json& v) {
  if (v.is_string()) return "string";
  if (v.is_boolean()) return "bool";
  if (v.is_number_integer()) return "int";
  if (v.is_number()) return "float";
  if (v.is_array()) return "list";
  if (v.is_object()) return "map";
  return "null";
}

const Json& Reader::mapping_at(const std::string& ptr, const Json& v, std::string_view what) const {
  if (!v.is_object())
    throw doc_.error_at(ptr, std::string(what) + " must be a mapping, not " +
                                 std::string(json_type_name(v)));
  return v;
}

void Reader::keys(const std::string& ptr, const Json& obj, const std::vector<std::string>& allowed,
                  std::string_view what, std::string_view noun) const {
  mapping_at(ptr, obj, what);
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    bool ok = false;
    for (const auto& a : allowed) ok = ok || a == it.key();
    if (!ok)
      throw doc_.error_at(pointer_child(ptr, it.key()),
                          unknown_key_message(noun, it.key(), allowed), true);
  }
}

std::string Reader::string(const std::string& ptr, const Json& obj, const std::string& key,
                           bool required, std::string fallback) const {
  if (!obj.contains(key)) {
    if (required) throw doc_.error_at(ptr, "missing required key '" + key + "'");
    return fallback;
  }
  const Json& v = obj[key];
  if (!v.is_string() || v.get_ref<const std::string&>().empty())
    throw doc_.error_at(pointer_child(ptr, key), "'" + key + "' must be a non-empty string");
  return v.get<std::string>();
}

bool Reader::boolean(const std::string& ptr, const Json& obj, const std::string& key,
                     bool fallback) const {
  if (!obj.contains(key)) return fallback;
  if (!obj[key].is_boolean())
    throw doc_.error_at(pointer_child(ptr, key), "'" + key + "' must be true or false");
  return obj[key].get<bool>();
}

Json Reader::mapping(const std::string& ptr, const Json& obj, const std::string& key) const {
  if (!obj.contains(key)) return Json::object();
  return mapping_at(pointer_child(ptr, key), obj[key], "'" + key + "'");
}

void Reader::relative_path(const std::string& ptr, const std::string& path) const {
  std::filesystem::path p(path);
  bool bad = p.is_absolute() || path.empty();
  for (const auto& part : p) bad = bad || part == "..";
  if (bad || files::has_control(path))
    throw doc_.error_at(ptr, "'" + files::printable(path) +
                                 "' must be a relative path inside the project");
}

}  // namespace wfgen::data
