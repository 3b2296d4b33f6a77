// IteratorObj: a one-shot Python iterator, what Jinja2's map/select/reject/*attr,
// unique, batch, slice and items return (generators) and reverse returns for lists,
// tuples and dicts (list_reverseiterator, reversed...). The items are computed when it
// is made, but it is consumed as Python's: iterating takes the items not taken yet (a
// second pass finds it empty), `first` and `in` take only what they need, and it has
// no len(), cannot be indexed, sliced or reversed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "jinja/error.h"
#include "jinja/value/value.h"

namespace wfgen::jinja {

struct IteratorObj : ObjectBase {
  std::vector<Value> items;
  mutable size_t next = 0;
  std::string type;   // Python's type name: "generator", "list_reverseiterator"...
  std::string label;  // its repr without the address: "generator object sync_do_map"
  // The error the generator's body raised after producing `items`: a consumer gets it
  // when it reaches that point, not when the generator is made.
  mutable std::optional<TemplateError> failure;

  IteratorObj(std::vector<Value> values, std::string type_name, std::string repr_label)
      : items(std::move(values)), type(std::move(type_name)), label(std::move(repr_label)) {}

  std::string_view type_name() const override { return type; }
  bool has_length() const override { return false; }
  bool is_iterator() const override { return true; }
  bool iterate(std::vector<Value>& out) const override {
    out.assign(items.begin() + static_cast<std::ptrdiff_t>(next), items.end());
    next = items.size();
    raise_failure();
    return true;
  }
  bool next_value(Value& out) const override {
    if (next < items.size()) {
      out = items[next++];
      return true;
    }
    raise_failure();
    return false;
  }
  void repr(std::string& out) const override { out += "<" + label + ">"; }
  void held_values(const std::function<void(Value&)>& fn) override {
    for (Value& item : items) fn(item);
  }

 private:
  void raise_failure() const {
    if (!failure) return;
    TemplateError e = std::move(*failure);
    failure.reset();  // a generator that raised is exhausted
    throw e;
  }
};

// Runs a Jinja2 generator function's body now: `produce` appends what it yields; an
// error it raises is kept for the consumer (see IteratorObj::failure).
template <class Produce>
Value run_generator(const char* function, Produce&& produce) {
  std::vector<Value> items;
  std::optional<TemplateError> failure;
  try {
    produce(items);
  } catch (TemplateError& e) {
    failure = std::move(e);
  }
  auto* g =
      new IteratorObj(std::move(items), "generator", std::string("generator object ") + function);
  g->failure = std::move(failure);
  return Value::object(g);
}

// A builtin iterator type ("list_reverseiterator").
inline Value make_iterator(std::vector<Value> items, const char* type) {
  return Value::object(new IteratorObj(std::move(items), type, std::string(type) + " object"));
}

}  // namespace wfgen::jinja
