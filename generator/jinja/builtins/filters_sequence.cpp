// Sequence and mapping filters: default, length, list, first/last, join, sort,
// dictsort, unique, min/max, sum, batch/slice, groupby, items, reverse, attr, random.
// Filters that return generators in Jinja2 (batch, slice, unique, reverse...)
// return lists here: iterating or printing |list of them gives the same text.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "jinja/builtins/helpers.h"
#include "jinja/error.h"
#include "jinja/limits.h"
#include "jinja/python/arith.h"
#include "jinja/python/call_args.h"
#include "jinja/python/markup.h"
#include "jinja/python/index.h"
#include "jinja/python/iterator.h"
#include "jinja/python/methods.h"
#include "jinja/python/ops.h"
#include "jinja/python/unicode.h"

namespace wfgen::jinja::builtins {

namespace {

// Jinja2's _GroupTuple: a (grouper, list) namedtuple whose repr is the plain tuple's.
struct GroupTuple : ObjectBase {
  Value grouper;
  Value list;
  GroupTuple(Value g, Value l) : grouper(std::move(g)), list(std::move(l)) {}
  std::string_view type_name() const override { return "_GroupTuple"; }
  std::string_view python_module() const override { return "jinja2.filters"; }
  bool getattr(Runtime&, std::string_view name, Value& out) const override {
    if (name == "grouper") {
      out = grouper;
      return true;
    }
    if (name == "list") {
      out = list;
      return true;
    }
    return false;
  }
  bool iterate(std::vector<Value>& out) const override {
    out = {grouper, list};
    return true;
  }
  bool subscriptable() const override { return true; }
  void held_values(const std::function<void(Value&)>& fn) override {
    fn(grouper);
    fn(list);
  }
  void repr(std::string& out) const override {
    out += '(';
    append_repr(out, grouper);
    out += ", ";
    append_repr(out, list);
    out += ')';
  }
};

}  // namespace

Value filter_default(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_default", {"value"}, {"default_value", "boolean"}}, args);
  bool boolean = bind.has(1) && truthy(bind[1]);
  if (input.is_undefined() || (boolean && !truthy(input))) {
    return bind.has(0) ? bind[0] : Value::string("");
  }
  return input;
}

Value filter_length(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"len", {"obj"}, {}, 0, 1, CallStyle::ExactlyOne}, args);
  return Value::integer(static_cast<int64_t>(length(input)));
}

Value filter_list(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"sync_do_list", {"value"}, {}}, args);
  if (input.is_list()) {
    count_steps(input.items().size());  // as iterate() counts what it takes
    return Value::list(input.items());
  }
  return Value::list(iterate(input));
}

Value filter_first(Runtime& rt, const Value& input, CallArgs& args) {
  ArgBinder bind({"sync_do_first", {"environment", "seq"}, {}}, args);
  if (input.is_sequence()) {
    if (!input.items().empty()) return input.items().front();
  } else if (input.is_dict()) {
    if (input.dict_obj().size()) return input.dict_obj().entries().front().first;
  } else if (input.is_object() && input.obj().is_iterator()) {
    Value first;  // takes one item, as `for x in seq: return x` does
    if (input.obj().next_value(first)) return first;
  } else if (size_t n; input.is_object() && input.obj().subscriptable() && input.obj().size(n)) {
    if (n) return input.obj().item_at(0);  // a range: no need to list it
  } else {
    std::vector<Value> items = iterate(input);
    if (!items.empty()) return items.front();
  }
  return rt.make_undefined("No first item, sequence was empty.");
}

Value filter_last(Runtime& rt, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_last", {"environment", "seq"}, {}}, args);
  if (input.is_sequence()) {
    if (!input.items().empty()) return input.items().back();
  } else if (input.is_dict()) {
    if (input.dict_obj().size()) return input.dict_obj().entries().back().first;
  } else {
    if (!input.is_string() && !input.is_undefined() &&
        !(input.is_object() && input.obj().has_length())) {
      throw_type_error("'" + std::string(type_name(input)) + "' object is not reversible");
    }
    if (size_t n; input.is_object() && input.obj().subscriptable() && input.obj().size(n)) {
      if (n) return input.obj().item_at(n - 1);
    } else {
      std::vector<Value> items = iterate(input);
      if (!items.empty()) return items.back();
    }
  }
  return rt.make_undefined("No last item, sequence was empty.");
}

Value filter_random(Runtime& rt, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_random", {"context", "seq"}, {}}, args);
  // Deterministic by product requirement: instead of Python's random.choice, the
  // index comes from a fixed-seed SplitMix64 step on the sequence length, so the
  // same input always renders the same output.
  // random.choice takes len() first ("object of type 'int' has no len()"), then indexes
  // what is not empty: a dict view or a loop has a length but no items by index.
  if (length(input) == 0) return rt.make_undefined("No random item, sequence was empty.");
  if (input.is_object() && !input.obj().subscriptable())
    throw_type_error("'" + std::string(type_name(input)) + "' object is not subscriptable");
  std::vector<Value> items = iterate(input);
  uint64_t z = 0x5EEDF00DULL + 0x9E3779B97F4A7C15ULL * (items.size() + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  z ^= z >> 31;
  size_t index = z % items.size();
  if (input.is_dict()) {  // random.choice indexes the mapping: d[i] or KeyError(i)
    if (const Value* v = input.dict_obj().find(Value::integer(static_cast<int64_t>(index)))) {
      return *v;
    }
    throw_error(ErrorKind::Runtime, std::to_string(index));
  }
  return items[index];
}

Value filter_join(Runtime& rt, const Value& input, CallArgs& args) {
  ArgBinder bind({"sync_do_join", {"eval_ctx", "value"}, {"d", "attribute"}}, args);
  const Value separator = bind.get(0, Value::string(""));
  std::string sep = to_str(separator);
  Value attribute = bind.get(1, Value::none());
  std::vector<Value> items = iterate(input);
  std::optional<AttrGetter> getter;
  if (!attribute.is_none()) getter.emplace(attribute, false);
  if (getter) {
    for (Value& item : items) item = (*getter)(rt, item);
  }
  // With autoescape, a Markup separator or item makes the result Markup: the rest escaped.
  bool markup = false;
  if (rt.eval_autoescape()) {
    markup = separator.is_markup() ||
             std::any_of(items.begin(), items.end(), [](const Value& v) { return v.is_markup(); });
  }
  if (markup) sep = markup_escape(separator).as_string();
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += sep;
    if (markup)
      out += markup_escape(items[i]).as_string();
    else
      append_str(out, items[i]);
    check_string_growth(out, "the result of join");
  }
  return markup ? Value::markup(std::move(out)) : Value::string(std::move(out));
}

// do_reverse: a str is reversed; what Python can reverse gives its reverse iterator
// (list_reverseiterator, reversed for tuples, dict_reversekeyiterator...); any other
// iterable (a generator) is listed and reversed.
Value filter_reverse(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_reverse", {"value"}, {}}, args);
  if (input.is_string()) {
    std::vector<uint32_t> cps = utf8::to_code_points(input.as_string());
    std::reverse(cps.begin(), cps.end());
    std::string reversed = utf8::from_code_points(cps);
    return input.is_markup() ? Value::markup(std::move(reversed))
                             : Value::string(std::move(reversed));
  }
  const char* iterator = input.is_list()        ? "list_reverseiterator"
                         : input.is_tuple()     ? "reversed"
                         : input.is_dict()      ? "dict_reversekeyiterator"
                         : input.is_undefined() ? "reversed"
                                                : nullptr;
  if (input.is_object()) {
    std::string_view type = input.obj().type_name();
    if (type == "range") iterator = "range_iterator";
    if (type == "dict_keys") iterator = "dict_reversekeyiterator";
    if (type == "dict_values") iterator = "dict_reversevalueiterator";
    if (type == "dict_items") iterator = "dict_reverseitemiterator";
    if (type == "_GroupTuple") iterator = "reversed";
  }
  std::vector<Value> items;
  bool iterable = input.is_sequence() || input.is_dict() || input.is_undefined();
  try {
    iterable = iterable || (input.is_object() && input.obj().iterate(items));
  } catch (const TemplateError& e) {  // list(value) raising TypeError: not iterable
    if (e.kind() != ErrorKind::Type) throw;
  }
  if (!iterable) throw_error(ErrorKind::Runtime, "argument must be iterable");
  if (!input.is_object()) items = iterate(input);
  std::reverse(items.begin(), items.end());
  if (iterator) return make_iterator(std::move(items), iterator);
  return Value::list(std::move(items));
}

Value filter_items(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_items", {"value"}, {}}, args);
  return run_generator("do_items", [&](std::vector<Value>& pairs) {
    if (input.is_undefined()) return;
    if (!input.is_dict()) throw_type_error("Can only get item pairs from a mapping.");
    pairs.reserve(input.dict_obj().size());
    for (const auto& [k, v] : input.dict_obj().entries()) pairs.push_back(Value::tuple({k, v}));
  });
}

Value filter_attr(Runtime& rt, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_attr", {"environment", "obj"}, {"name"}, 1}, args);
  const Value& name = bind[0];
  if (!name.is_string()) {  // getattr_static hashes the name, then getattr checks its type
    hash_value(name);
    throw_type_error("attribute name must be string, not '" + std::string(type_name(name)) + "'");
  }
  if (input.is_undefined()) raise_undefined(input);
  Value out;
  if (input.is_object()) {
    if (input.obj().getattr(rt, name.as_string(), out)) return out;
  } else if (find_method(input, name.as_string(), out)) {
    return out;
  }
  return rt.make_undefined("'" + object_type_repr(input) + "' has no attribute '" +
                           name.as_string() + "'");
}

Value filter_dictsort(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_dictsort", {"value"}, {"case_sensitive", "by", "reverse"}}, args);
  bool case_sensitive = truthy(bind.get(0, Value::boolean(false)));
  Value by = bind.get(1, Value::string("key"));
  Value reverse_v = bind.get(2, Value::boolean(false));
  size_t pos;
  if (by.is_string() && by.as_string() == "key") {
    pos = 0;
  } else if (by.is_string() && by.as_string() == "value") {
    pos = 1;
  } else {
    throw_error(ErrorKind::Runtime, "You can only sort by either \"key\" or \"value\"");
  }
  if (!input.is_dict()) raise_no_attribute(input, "items");
  bool reverse = to_c_int(reverse_v) != 0;  // sorted(..., reverse=reverse)
  std::vector<Value> pairs, keys;
  for (const auto& [k, v] : input.dict_obj().entries()) {
    pairs.push_back(Value::tuple({k, v}));
    const Value& key = pos == 0 ? k : v;
    keys.push_back(case_sensitive ? key : ignore_case(key));
  }
  sort_by_keys(pairs, keys, reverse);
  return Value::list(std::move(pairs));
}

Value filter_sort(Runtime& rt, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_sort", {"environment", "value"}, {"reverse", "case_sensitive", "attribute"}},
                 args);
  bool case_sensitive = truthy(bind.get(1, Value::boolean(false)));
  AttrGetter key(bind.get(2, Value::none()), !case_sensitive, Value::none(), /*multi=*/true);
  std::vector<Value> items = iterate(input);
  // sorted(value, key=..., reverse=reverse): the list first, then the flag.
  bool reverse = to_c_int(bind.get(0, Value::boolean(false))) != 0;
  std::vector<Value> keys;
  keys.reserve(items.size());
  for (const Value& item : items) keys.push_back(key(rt, item));
  sort_by_keys(items, keys, reverse);
  return Value::list(std::move(items));
}

Value filter_unique(Runtime& rt, const Value& input, CallArgs& args) {
  ArgBinder bind({"sync_do_unique", {"environment", "value"}, {"case_sensitive", "attribute"}},
                 args);
  bool case_sensitive = truthy(bind.get(0, Value::boolean(false)));
  AttrGetter key(bind.get(1, Value::none()), !case_sensitive);
  return run_generator("sync_do_unique", [&](std::vector<Value>& out) {
    ValueSet seen;
    for (const Value& item : iterate(input)) {
      if (seen.insert(key(rt, item))) out.push_back(item);
    }
  });
}

namespace {

Value min_or_max(Runtime& rt, const Value& input, CallArgs& args, bool want_max) {
  ArgBinder bind(
      {want_max ? "do_max" : "do_min", {"environment", "value"}, {"case_sensitive", "attribute"}},
      args);
  bool case_sensitive = truthy(bind.get(0, Value::boolean(false)));
  std::vector<Value> items = iterate(input);
  if (items.empty()) return rt.make_undefined("No aggregated item, sequence was empty.");
  AttrGetter key(bind.get(1, Value::none()), !case_sensitive);
  size_t best = 0;
  Value best_key = key(rt, items[0]);
  for (size_t i = 1; i < items.size(); ++i) {
    Value k = key(rt, items[i]);
    // min(): keep the first of equal items (k < best); max(): likewise (k > best).
    bool better = want_max ? compare(k, best_key, ">") == 1 : compare(k, best_key, "<") == -1;
    if (better) {
      best = i;
      best_key = std::move(k);
    }
  }
  return items[best];
}

}  // namespace

Value filter_min(Runtime& rt, const Value& input, CallArgs& args) {
  return min_or_max(rt, input, args, false);
}

Value filter_max(Runtime& rt, const Value& input, CallArgs& args) {
  return min_or_max(rt, input, args, true);
}

Value filter_sum(Runtime& rt, const Value& input, CallArgs& args) {
  ArgBinder bind({"sync_do_sum", {"environment", "iterable"}, {"attribute", "start"}}, args);
  Value attribute = bind.get(0, Value::none());
  Value rv = bind.get(1, Value::integer(0));
  if (rv.is_string()) throw_type_error("sum() can't sum strings [use ''.join(seq) instead]");
  std::optional<AttrGetter> getter;
  if (!attribute.is_none()) getter.emplace(attribute, false);
  for (const Value& item : iterate(input))
    rv = binary_op(rt, ArithOp::Add, rv, getter ? (*getter)(rt, item) : item);
  return rv;
}

// do_batch compares len(tmp) == linecount, so any linecount works (1.5 and '2' never
// match: one batch); only fill_with needs `<` and list repetition to accept it.
Value filter_batch(Runtime& rt, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_batch", {"value"}, {"linecount", "fill_with"}, 1}, args);
  const Value& linecount = bind[0];
  Value fill_with = bind.get(1, Value::none());
  auto size_of = [](const std::vector<Value>& v) {
    return Value::integer(static_cast<int64_t>(v.size()));
  };
  return run_generator("do_batch", [&](std::vector<Value>& batches) {
    std::vector<Value> tmp;
    for (const Value& item : iterate(input)) {
      if (equals(size_of(tmp), linecount)) {
        batches.push_back(Value::list(std::move(tmp)));
        tmp.clear();
      }
      tmp.push_back(item);
    }
    if (!tmp.empty()) {
      if (!fill_with.is_none() && compare(size_of(tmp), linecount, "<") == -1) {
        // tmp += [fill_with] * (linecount - len(tmp))
        Value missing = binary_op(rt, ArithOp::Sub, linecount, size_of(tmp));
        Value fill = binary_op(rt, ArithOp::Mul, Value::list({fill_with}), missing);
        for (const Value& v : fill.items()) tmp.push_back(v);
      }
      batches.push_back(Value::list(std::move(tmp)));
    }
  });
}

// sync_do_slice: `length // slices` and `length % slices`, then range(slices).
Value filter_slice(Runtime& rt, const Value& input, CallArgs& args) {
  ArgBinder bind({"sync_do_slice", {"value"}, {"slices", "fill_with"}, 1}, args);
  const Value& slices_v = bind[0];
  Value fill_with = bind.get(1, Value::none());
  return run_generator("sync_do_slice", [&](std::vector<Value>& out) {
    std::vector<Value> seq = iterate(input);
    Value len_v = Value::integer(static_cast<int64_t>(seq.size()));
    Value per_v = binary_op(rt, ArithOp::FloorDiv, len_v, slices_v);
    Value extra_v = binary_op(rt, ArithOp::Mod, len_v, slices_v);
    int64_t slices = to_index(slices_v);  // range(slices)
    // An int slice count gives int quotients (a bool one too).
    int64_t per = to_index(per_v), extra = to_index(extra_v);
    int64_t len = static_cast<int64_t>(seq.size());
    int64_t offset = 0;
    for (int64_t n = 0; n < slices; ++n) {
      int64_t start = offset + n * per;
      if (n < extra) ++offset;
      int64_t end = offset + (n + 1) * per;
      std::vector<Value> part;
      for (int64_t i = std::max<int64_t>(start, 0); i < std::min(end, len); ++i)
        part.push_back(seq[i]);
      if (!fill_with.is_none() && n >= extra) part.push_back(fill_with);
      out.push_back(Value::list(std::move(part)));
    }
  });
}

Value filter_groupby(Runtime& rt, const Value& input, CallArgs& args) {
  ArgBinder bind(
      {"sync_do_groupby", {"environment", "value"}, {"attribute", "default", "case_sensitive"}, 1},
      args);
  const Value& attribute = bind[0];
  Value fallback = bind.get(1, Value::none());
  bool case_sensitive = truthy(bind.get(2, Value::boolean(false)));
  AttrGetter key(attribute, !case_sensitive, fallback);
  AttrGetter output_key(attribute, false, fallback);
  std::vector<Value> items = iterate(input);
  std::vector<Value> keys;
  keys.reserve(items.size());
  for (const Value& item : items) keys.push_back(key(rt, item));
  sort_by_keys(items, keys, false);
  // Keys of the sorted items (recomputed, as itertools.groupby calls the key again).
  std::vector<Value> groups;
  size_t i = 0;
  while (i < items.size()) {
    Value group_key = key(rt, items[i]);
    std::vector<Value> members{items[i]};
    size_t j = i + 1;
    for (; j < items.size(); ++j) {
      Value k = key(rt, items[j]);
      if (!equals(k, group_key)) break;
      members.push_back(items[j]);
    }
    Value grouper = case_sensitive ? group_key : output_key(rt, members.front());
    groups.push_back(
        Value::object(new GroupTuple(std::move(grouper), Value::list(std::move(members)))));
    i = j;
  }
  return Value::list(std::move(groups));
}

}  // namespace wfgen::jinja::builtins
