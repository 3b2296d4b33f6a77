#include "data/merge.h"

namespace wfgen::data {

using jinja::Value;

void deep_merge(Value& into, const Value& from) {
  if (!into.is_dict() || !from.is_dict()) {
    into = from;
    return;
  }
  for (const auto& [k, v] : from.dict_obj().entries()) {
    if (const Value* existing = into.dict_obj().find(k)) {
      Value merged = *existing;
      deep_merge(merged, v);
      into.dict_obj().set(k, std::move(merged));
    } else {
      into.dict_obj().set(k, v);
    }
  }
}

}  // namespace wfgen::data
