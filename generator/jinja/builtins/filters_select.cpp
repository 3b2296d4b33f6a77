// Filters that apply a filter or test to each item: map, select, reject,
// selectattr, rejectattr (Jinja2's prepare_map / prepare_select_or_reject).
#include <optional>
#include <string>
#include <vector>

#include "jinja/builtins/helpers.h"
#include "jinja/error.h"
#include "jinja/python/call_args.h"
#include "jinja/python/iterator.h"
#include "jinja/python/ops.h"

namespace wfgen::jinja::builtins {

namespace {

// A fresh copy for every call (the called builtin may move from its arguments), made in
// `out`, whose lists are reused from one item to the next.
void copy_args(const std::vector<Value>& positional, size_t from,
               const std::vector<std::pair<std::string, Value>>& kwargs, CallArgs& out) {
  if (from < positional.size())
    out.args.assign(positional.begin() + static_cast<std::ptrdiff_t>(from), positional.end());
  else
    out.args.clear();
  out.kwargs = kwargs;
}

// A filter or test named by a non-str: Jinja2 looks it up in a dict (an unhashable
// name raises TypeError there) and names it by repr.
[[noreturn]] void no_such(const char* kind, const Value& name) {
  hash_value(name);
  throw_error(ErrorKind::Runtime, std::string("No ") + kind + " named " + to_repr(name) + ".");
}

// The body of Jinja2's select_or_reject generator (it runs when consumed, so even a
// missing attribute name is raised only then).
Value select_or_reject(Runtime& rt, const Value& input, CallArgs& args, bool select,
                       bool lookup_attr) {
  return run_generator("select_or_reject", [&](std::vector<Value>& out) {
    if (!truthy(input)) return;
    std::optional<AttrGetter> transform;
    size_t off = 0;
    if (lookup_attr) {
      if (args.args.empty())
        throw_error(ErrorKind::Runtime, "Missing parameter for attribute name");
      transform.emplace(args.args[0], false);
      off = 1;
    }
    bool has_test = args.args.size() > off;
    CallArgs test_args;
    for (const Value& item : iterate(input)) {
      Value subject = transform ? (*transform)(rt, item) : item;
      bool passed;
      if (has_test) {
        const Value& name = args.args[off];
        if (!name.is_string()) no_such("test", name);
        copy_args(args.args, off + 1, args.kwargs, test_args);
        passed = rt.call_test(name.as_string(), subject, test_args);
      } else {
        passed = truthy(subject);
      }
      if (passed == select) out.push_back(item);
    }
  });
}

}  // namespace

Value filter_map(Runtime& rt, const Value& input, CallArgs& args) {
  check_varargs_call({"sync_do_map", {"context", "value"}, {}}, args);
  return run_generator("sync_do_map", [&](std::vector<Value>& out) {
    if (!truthy(input)) return;
    Value attribute;
    if (args.args.empty() && args.take_kwarg("attribute", attribute)) {
      Value fallback = Value::none();
      args.take_kwarg("default", fallback);
      if (!args.kwargs.empty()) {
        std::string name_repr;
        append_string_repr(name_repr, args.kwargs.front().first);
        throw_error(ErrorKind::Runtime, "Unexpected keyword argument " + name_repr);
      }
      AttrGetter getter(attribute, false, fallback);
      for (const Value& item : iterate(input)) out.push_back(getter(rt, item));
      return;
    }
    if (args.args.empty()) throw_error(ErrorKind::Runtime, "map requires a filter argument");
    const Value& name = args.args[0];
    CallArgs filter_args;
    for (const Value& item : iterate(input)) {
      // Jinja2 looks the name up per item: "No filter named 1." names it by repr.
      if (!name.is_string()) no_such("filter", name);
      copy_args(args.args, 1, args.kwargs, filter_args);
      out.push_back(rt.call_filter(name.as_string(), item, filter_args));
    }
  });
}

Value filter_select(Runtime& rt, const Value& input, CallArgs& args) {
  check_varargs_call({"sync_do_select", {"context", "value"}, {}}, args);
  return select_or_reject(rt, input, args, true, false);
}

Value filter_reject(Runtime& rt, const Value& input, CallArgs& args) {
  check_varargs_call({"sync_do_reject", {"context", "value"}, {}}, args);
  return select_or_reject(rt, input, args, false, false);
}

Value filter_selectattr(Runtime& rt, const Value& input, CallArgs& args) {
  check_varargs_call({"sync_do_selectattr", {"context", "value"}, {}}, args);
  return select_or_reject(rt, input, args, true, true);
}

Value filter_rejectattr(Runtime& rt, const Value& input, CallArgs& args) {
  check_varargs_call({"sync_do_rejectattr", {"context", "value"}, {}}, args);
  return select_or_reject(rt, input, args, false, true);
}

}  // namespace wfgen::jinja::builtins
