// Namespace: Jinja2's namespace() object, a bag of attributes that templates may
// assign with `{% set ns.attr = value %}` (the renderer calls setattr).
#pragma once

#include <string>
#include <string_view>

#include "jinja/python/ops.h"
#include "jinja/value/cycles.h"
#include "jinja/value/value.h"

namespace wfgen::jinja {

class Namespace : public ObjectBase {
 public:
  Namespace() : attrs_(Value::dict()) {}
  // Starts from a dict's items (namespace(dict, **kw) builds a dict first).
  explicit Namespace(Value attrs) : attrs_(std::move(attrs)) {}

  std::string_view type_name() const override { return "Namespace"; }
  std::string_view python_module() const override { return "jinja2.utils"; }
  bool getattr(Runtime&, std::string_view name, Value& out) const override {
    const Value* v = attrs_.dict_obj().find(name);
    if (!v) return false;
    out = *v;
    return true;
  }
  bool setattr(std::string_view name, Value v) override {
    if (v.kind() >= Kind::List) note_possible_cycle(attrs_);
    attrs_.dict_obj().set(Value::string(name), std::move(v));
    return true;
  }
  void held_values(const std::function<void(Value&)>& fn) override { fn(attrs_); }
  void repr(std::string& out) const override {
    out += "<Namespace ";
    append_repr(out, attrs_);
    out += '>';
  }
  // The attributes as a dict (insertion ordered), for callers that list them.
  const Value& attrs() const { return attrs_; }

 private:
  Value attrs_;
};

}  // namespace wfgen::jinja
