// StringPool: one shared string Value per distinct text. Loaders pass dict keys through
// it, so the rows of a document (build configs, matrix rows) share each key: a lookup
// site then recognises the key by identity (see LookupHint) without reading it. Short
// values go through it too (data::to_value): rows repeat them, and a shared one is no
// allocation. Strings are immutable, and no template can tell a shared string from a copy
// (`is sameas` compares strings by value).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "jinja/value/value.h"

namespace wfgen::jinja {

class StringPool {
 public:
  Value get(std::string_view text) {
    // The rows of a table repeat the same keys, row after row: a slot per cheap hash of
    // the text answers most lookups with one comparison, before the map's hash and probe.
    Recent& slot = recent_[slot_of(text)];
    if (slot.text == text && !slot.text.empty()) return slot.value;
    auto it = pool_.find(text);
    if (it == pool_.end()) {
      Value v = Value::data_string(std::string(text));  // keys of data
      it = pool_.emplace(std::string_view(v.as_string()), v).first;  // the view points into v
    }
    slot = {it->first, it->second};
    return it->second;
  }

 private:
  struct Recent {
    std::string_view text;  // into `value`, which the pool keeps
    Value value;
  };
  static constexpr size_t kRecent = 256;
  static size_t slot_of(std::string_view t) {
    if (t.empty()) return 0;
    const auto byte = [&](size_t i) { return static_cast<uint8_t>(t[i]); };
    return (t.size() * 31 + byte(0) * 7 + byte(t.size() / 2) * 3 + byte(t.size() - 1)) %
           kRecent;
  }

  std::unordered_map<std::string_view, Value> pool_;
  std::array<Recent, kRecent> recent_{};
};

}  // namespace wfgen::jinja
