#include "data/json_free.h"

namespace wfgen::data {

namespace {

// Data is rarely more than a few levels deep; past this, recursion stops (nlohmann's own
// destructor frees the rest without recursing).
constexpr int kFreeDepth = 64;

void free_at(Json& j, int depth) noexcept {
  if (depth > kFreeDepth) return;
  if (j.is_object()) {
    auto& entries = j.get_ref<Json::object_t&>();
    for (auto& entry : entries)
      if (entry.second.is_structured()) free_at(entry.second, depth + 1);
    entries.clear();
  } else if (j.is_array()) {
    auto& items = j.get_ref<Json::array_t&>();
    for (Json& item : items)
      if (item.is_structured()) free_at(item, depth + 1);
    items.clear();
  }
}

}  // namespace

void free_json(Json& j) noexcept { free_at(j, 0); }

}  // namespace wfgen::data
