// Reader: validated reads from a positioned document. The manifest and the matrix language
// share it, so a key that is not allowed, a value of the wrong type or a bad path is
// reported the same way everywhere: at its position, with a "did you mean" hint.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "data/document.h"

namespace wfgen::data {

// The type of `v` as a user reads it: string, int, float, bool, list, map, null.
std::string_view json_type_name(const Json& v);

class Reader {
 public:
  explicit Reader(const Document& doc) : doc_(doc) {}
  const Document& doc() const { return doc_; }

  // `v` (at `ptr`) must be a mapping; `what` names it in the message ("a family").
  const Json& mapping_at(const std::string& ptr, const Json& v, std::string_view what) const;
  // `obj` must be a mapping whose keys are all in `allowed`: an unknown one is reported at
  // the key as "unknown NOUN 'x'", with the nearest allowed one.
  void keys(const std::string& ptr, const Json& obj, const std::vector<std::string>& allowed,
            std::string_view what, std::string_view noun = "key") const;

  // Optional members of the mapping `obj` at `ptr`; `fallback` when absent.
  std::string string(const std::string& ptr, const Json& obj, const std::string& key,
                     bool required, std::string fallback = {}) const;
  bool boolean(const std::string& ptr, const Json& obj, const std::string& key,
               bool fallback) const;
  Json mapping(const std::string& ptr, const Json& obj, const std::string& key) const;

  // `path` (at `ptr`) must be relative and stay inside the project: no '..', not empty,
  // no control characters.
  void relative_path(const std::string& ptr, const std::string& path) const;

 private:
  const Document& doc_;
};

}  // namespace wfgen::data
