// GeneratorObj: what Jinja2's map/select/reject/selectattr/rejectattr return. The items
// are computed eagerly, but the object behaves as a Python generator: it can be iterated
// once, has no len(), cannot be reversed, and is always true.
#pragma once

#include <string>
#include <vector>

#include "jinja/value.h"

namespace wfgen::jinja {

struct GeneratorObj : ObjectBase {
  std::vector<Value> items;
  std::string function;  // e.g. "sync_do_map", for the repr
  mutable bool consumed = false;

  GeneratorObj(std::vector<Value> values, std::string fn)
      : items(std::move(values)), function(std::move(fn)) {}

  std::string_view type_name() const override { return "generator"; }
  bool has_length() const override { return false; }
  bool iterate(std::vector<Value>& out) const override {
    if (!consumed) out = items;
    consumed = true;
    return true;
  }
  void repr(std::string& out) const override { out += "<generator object " + function + ">"; }
};

inline Value make_generator(std::vector<Value> items, const char* function) {
  return Value::object(new GeneratorObj(std::move(items), function));
}

}  // namespace wfgen::jinja
