#include "jinja/python/markup.h"

#include "jinja/python/format.h"
#include "jinja/python/ops.h"
#include "jinja/python/runtime.h"

namespace wfgen::jinja {

std::string html_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '\'':
        out += "&#39;";
        break;
      case '"':
        out += "&#34;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

namespace {

// What markupsafe's _MarkupEscapeHelper does to a %-argument: strings and other objects
// are escaped; numbers stay numbers so %d/%f still work.
Value escape_argument(const Value& v) {
  if (v.is_number() || v.is_none()) return v;
  return markup_escape(v);
}

Value as_markup(const Value& v) {
  if (v.is_string()) return v.is_markup() ? v : Value::markup(v.as_string());
  if (v.is_sequence()) {
    std::vector<Value> items;
    items.reserve(v.items().size());
    for (const auto& item : v.items()) items.push_back(as_markup(item));
    return v.is_tuple() ? Value::tuple(std::move(items)) : Value::list(std::move(items));
  }
  return v;
}

struct MarkupMethod : ObjectBase {
  Value method;
  explicit MarkupMethod(Value m) : method(std::move(m)) {}
  std::string_view type_name() const override { return method.obj().type_name(); }
  bool callable() const override { return true; }
  Value call(Runtime& rt, CallArgs& args) override {
    for (auto& a : args.args) {
      if (a.is_string()) a = markup_escape(a);
    }
    for (auto& [k, a] : args.kwargs) {
      if (a.is_string()) a = markup_escape(a);
    }
    return as_markup(method.obj().call(rt, args));
  }
  void repr(std::string& out) const override { method.obj().repr(out); }
  void held_values(const std::function<void(Value&)>& fn) override { fn(method); }
};

}  // namespace

Value markup_escape(const Value& v) {
  if (v.is_markup()) return v;
  return Value::markup(html_escape(to_str(v)));
}

std::string_view printed_text(const Value& v, bool escape, std::string& scratch) {
  if (v.is_string() && (!escape || v.is_markup())) return v.as_string();
  if (escape) {
    scratch = html_escape(to_str(v));
  } else {
    scratch.clear();
    append_str(scratch, v);
  }
  return scratch;
}

bool markup_concat(const Value& a, const Value& b, Value& out) {
  if (!a.is_string() || !b.is_string() || (!a.is_markup() && !b.is_markup())) return false;
  out = Value::markup(markup_escape(a).as_string() + markup_escape(b).as_string());
  return true;
}

Value markup_percent(Runtime& rt, const Value& fmt, const Value& args) {
  Value escaped;
  bool helper = percent_mapping_like(args);  // Markup wraps those in an escaping helper
  if (args.is_tuple()) {
    std::vector<Value> items;
    for (const auto& item : args.items()) items.push_back(escape_argument(item));
    escaped = Value::tuple(std::move(items));
  } else if (args.is_dict()) {
    escaped = Value::dict();
    for (const auto& [k, v] : args.dict_obj().entries())
      escaped.dict_obj().set(k, escape_argument(v));
  } else {
    escaped = escape_argument(args);
  }
  return Value::markup(to_str(percent_format(rt, fmt.as_string(), escaped, helper)));
}

Value markup_method(Value method) {
  return Value::object(new MarkupMethod(std::move(method)));
}

}  // namespace wfgen::jinja
