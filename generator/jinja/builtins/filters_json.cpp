// tojson: Jinja2's htmlsafe_json_dumps = json.dumps(obj, sort_keys=True[, indent])
// with '<', '>', '&', "'" replaced by \u003c, \u003e, \u0026, \u0027.
#include <cmath>
#include <string>
#include <vector>

#include "jinja/builtins/helpers.h"
#include "jinja/error.h"
#include "jinja/python/call_args.h"
#include "jinja/python/float_repr.h"
#include "jinja/python/index.h"
#include "jinja/python/ops.h"
#include "jinja/python/unicode.h"

namespace wfgen::jinja::builtins {

namespace {

// json.encoder.py_encode_basestring_ascii, with the htmlsafe replacements folded in.
void encode_string(std::string& out, std::string_view s) {
  static const char* hex = "0123456789abcdef";
  auto u_escape = [&](uint32_t unit) {
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out += hex[(unit >> shift) & 15];
  };
  out += '"';
  size_t i = 0;
  while (i < s.size()) {
    uint32_t cp = utf8::decode(s, i);
    switch (cp) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '<':
      case '>':
      case '&':
      case '\'':
        u_escape(cp);
        break;
      default:
        if (cp >= 0x20 && cp < 0x7f) {
          out += static_cast<char>(cp);
        } else if (cp >= 0x10000) {
          uint32_t v = cp - 0x10000;
          u_escape(0xD800 | (v >> 10));
          u_escape(0xDC00 | (v & 0x3FF));
        } else {
          u_escape(cp);
        }
    }
  }
  out += '"';
}

void encode_float(std::string& out, double d) {
  if (std::isnan(d)) {
    out += "NaN";
  } else if (std::isinf(d)) {
    out += d > 0 ? "Infinity" : "-Infinity";
  } else {
    append_float_repr(out, d);
  }
}

class JsonEncoder {
 public:
  // The indent string goes through the htmlsafe replacements like everything else.
  explicit JsonEncoder(const std::string* indent) : indent_(indent) {
    if (!indent) return;
    for (char c : *indent) {
      if (c == '<' || c == '>' || c == '&' || c == '\'') {
        static const char* hex = "0123456789abcdef";
        safe_indent_ += "\\u00";
        safe_indent_ += hex[(c >> 4) & 15];
        safe_indent_ += hex[c & 15];
      } else {
        safe_indent_ += c;
      }
    }
  }

  void encode(std::string& out, const Value& v, int level) {
    switch (v.kind()) {
      case Kind::None:
        out += "null";
        return;
      case Kind::Bool:
        out += v.as_bool() ? "true" : "false";
        return;
      case Kind::Int:
      case Kind::BigInt:
        append_repr(out, v);
        return;
      case Kind::Float:
        encode_float(out, v.as_float());
        return;
      case Kind::String:
        encode_string(out, v.as_string());
        return;
      case Kind::List:
      case Kind::Tuple: {
        ValuePath::Step step = enter(v);
        encode_array(out, v.items(), level);
        return;
      }
      case Kind::Dict: {
        ValuePath::Step step = enter(v);
        encode_object(out, v, level);
        return;
      }
      case Kind::Object:
        // namedtuples (groupby's _GroupTuple) serialize as arrays.
        if (v.obj().type_name() == "_GroupTuple") {
          std::vector<Value> items;
          v.obj().iterate(items);
          encode_array(out, items, level);
          return;
        }
        break;
      default:
        break;
    }
    // Python names the class (o.__class__.__name__), without its module.
    std::string_view name = type_name(v);
    name = name.substr(name.rfind('.') == std::string_view::npos ? 0 : name.rfind('.') + 1);
    throw_type_error("Object of type " + std::string(name) + " is not JSON serializable");
  }

 private:
  // json.dumps(check_circular=True): a container met again inside itself is an error.
  ValuePath::Step enter(const Value& container) {
    if (path_.inside(container)) throw_error(ErrorKind::Value, "Circular reference detected");
    return ValuePath::Step(path_, container, "converting a value to JSON");
  }

  void newline(std::string& out, int level) {
    out += '\n';
    for (int i = 0; i < level; ++i) out += safe_indent_;
  }

  void encode_array(std::string& out, const std::vector<Value>& items, int level) {
    if (items.empty()) {
      out += "[]";
      return;
    }
    out += '[';
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) out += indent_ ? "," : ", ";
      if (indent_) newline(out, level + 1);
      encode(out, items[i], level + 1);
      if (out.size() > active_limits().max_string) check_string_size(out.size(), "the JSON");
    }
    if (indent_) newline(out, level);
    out += ']';
  }

  // Keys sorted (sort_keys=True) with Python's '<' on the original keys, then
  // converted: str as is, numbers by repr, true/false/null.
  void encode_object(std::string& out, const Value& dict, int level) {
    const auto& entries = dict.dict_obj().entries();
    if (entries.empty()) {
      out += "{}";
      return;
    }
    std::vector<Value> order, keys;
    for (size_t i = 0; i < entries.size(); ++i) {
      order.push_back(Value::integer(static_cast<int64_t>(i)));
      keys.push_back(entries[i].first);
    }
    sort_by_keys(order, keys, false);
    out += '{';
    bool first = true;
    for (const Value& index : order) {
      const auto& [key, value] = entries[static_cast<size_t>(index.as_int())];
      if (!first) out += indent_ ? "," : ", ";
      first = false;
      if (indent_) newline(out, level + 1);
      switch (key.kind()) {
        case Kind::String:
          encode_string(out, key.as_string());
          break;
        case Kind::Float: {
          std::string f;
          encode_float(f, key.as_float());
          encode_string(out, f);
          break;
        }
        case Kind::Bool:
          out += key.as_bool() ? "\"true\"" : "\"false\"";
          break;
        case Kind::None:
          out += "\"null\"";
          break;
        case Kind::Int:
        case Kind::BigInt:
          encode_string(out, to_repr(key));
          break;
        default:
          throw_type_error("keys must be str, int, float, bool or None, not " +
                           std::string(type_name(key)));
      }
      out += ": ";
      encode(out, value, level + 1);
      if (out.size() > active_limits().max_string) check_string_size(out.size(), "the JSON");
    }
    if (indent_) newline(out, level);
    out += '}';
  }

  const std::string* indent_;
  std::string safe_indent_;
  ValuePath path_;
};

}  // namespace

Value filter_tojson(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_tojson", {"eval_ctx", "value"}, {"indent"}}, args);
  Value indent_v = bind.get(0, Value::none());
  std::string indent;
  bool pretty = !indent_v.is_none();
  if (indent_v.is_string()) {
    indent = indent_v.as_string();
  } else if (indent_v.is_int() || indent_v.is_bool()) {
    int64_t n = to_index(indent_v);
    if (n > 0) indent.assign(static_cast<size_t>(n), ' ');
  } else if (pretty) {  // json's `' ' * indent`
    if (indent_v.is_undefined()) raise_undefined(indent_v);
    throw_type_error("can't multiply sequence by non-int of type '" +
                     std::string(type_name(indent_v)) + "'");
  }
  std::string out;
  JsonEncoder(pretty ? &indent : nullptr).encode(out, input, 0);
  return Value::markup(std::move(out));
}

}  // namespace wfgen::jinja::builtins
