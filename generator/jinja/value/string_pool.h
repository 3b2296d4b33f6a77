// StringPool: one shared string Value per distinct text. Loaders pass dict keys through
// it, so the rows of a document (build configs, matrix rows) share each key: a lookup
// site then recognises the key by identity (see LookupHint) without reading it. Strings
// are immutable, and no template can tell a shared string from a copy (`is sameas`
// compares strings by value).
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

#include "jinja/value/value.h"

namespace wfgen::jinja {

class StringPool {
 public:
  Value get(std::string_view text) {
    auto it = pool_.find(text);
    if (it != pool_.end()) return it->second;
    Value v = Value::data_string(std::string(text));  // keys of data
    pool_.emplace(std::string_view(v.as_string()), v);  // the view points into v
    return v;
  }

 private:
  std::unordered_map<std::string_view, Value> pool_;
};

}  // namespace wfgen::jinja
