// YAML -> ordered_json through yaml-cpp's node tree. yaml-cpp keeps duplicate keys as
// separate pairs and does no schema resolution, so both are done here.
// yaml-cpp's headers trip GCC's -Wdangling-pointer false positive.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdangling-pointer"
#include <yaml-cpp/yaml.h>
#pragma GCC diagnostic pop

#include <charconv>
#include <cmath>
#include <limits>
#include <unordered_set>
#include <vector>

#include "data/load.h"
#include "jinja/limits.h"

namespace wfgen::data {

namespace {

Mark to_mark(const YAML::Mark& m) {
  if (m.line < 0) return {};
  return {m.line + 1, m.column + 1};
}

bool is_null_word(const std::string& s) {
  return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL";
}

bool parse_bool_word(const std::string& s, bool& out) {
  if (s == "true" || s == "True" || s == "TRUE") return out = true, true;
  if (s == "false" || s == "False" || s == "FALSE") return out = false, true;
  return false;
}

bool all_of(std::string_view s, bool (*pred)(char)) {
  if (s.empty()) return false;
  for (char c : s)
    if (!pred(c)) return false;
  return true;
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_octal(char c) {
  return c >= '0' && c <= '7';
}
bool is_hex(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// 1: int parsed, 0: not an int, -1: an int that does not fit in 64 bits.
int parse_int_word(const std::string& s, Json& out) {
  std::string_view v = s;
  bool neg = false;
  int base = 10;
  if (v.size() > 2 && v[0] == '0' && v[1] == 'o' && all_of(v.substr(2), is_octal)) {
    base = 8, v.remove_prefix(2);
  } else if (v.size() > 2 && v[0] == '0' && v[1] == 'x' && all_of(v.substr(2), is_hex)) {
    base = 16, v.remove_prefix(2);
  } else {
    if (!v.empty() && (v[0] == '-' || v[0] == '+')) neg = v[0] == '-', v.remove_prefix(1);
    if (!all_of(v, is_digit)) return 0;
  }
  uint64_t mag = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), mag, base);
  if (ec != std::errc() || p != v.data() + v.size()) return -1;
  if (neg) {
    if (mag > uint64_t(std::numeric_limits<int64_t>::max()) + 1) return -1;
    out = mag == 0 ? int64_t(0) : int64_t(-int64_t(mag - 1) - 1);
  } else if (mag <= uint64_t(std::numeric_limits<int64_t>::max())) {
    out = int64_t(mag);
  } else {
    out = mag;
  }
  return 1;
}

bool parse_float_word(const std::string& s, Json& out) {
  std::string_view v = s;
  std::string_view body = v;
  bool neg = false;
  if (!body.empty() && (body[0] == '-' || body[0] == '+'))
    neg = body[0] == '-', body.remove_prefix(1);
  if (body == ".inf" || body == ".Inf" || body == ".INF") {
    out = neg ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    return true;
  }
  if (v == ".nan" || v == ".NaN" || v == ".NAN") {
    out = std::numeric_limits<double>::quiet_NaN();
    return true;
  }
  // [0-9]+(\.[0-9]*)? | \.[0-9]+ , then ([eE][-+]?[0-9]+)?
  size_t i = 0, n = body.size();
  size_t int_digits = 0, frac_digits = 0;
  while (i < n && is_digit(body[i])) ++i, ++int_digits;
  if (i < n && body[i] == '.') {
    ++i;
    while (i < n && is_digit(body[i])) ++i, ++frac_digits;
  }
  if (int_digits == 0 && frac_digits == 0) return false;
  if (i < n && (body[i] == 'e' || body[i] == 'E')) {
    ++i;
    if (i < n && (body[i] == '-' || body[i] == '+')) ++i;
    size_t exp_digits = 0;
    while (i < n && is_digit(body[i])) ++i, ++exp_digits;
    if (exp_digits == 0) return false;
  }
  if (i != n) return false;
  std::string num(body);
  if (num[0] == '.') num.insert(num.begin(), '0');
  double d = std::strtod(num.c_str(), nullptr);
  out = neg ? -d : d;
  return true;
}

class Converter {
 public:
  explicit Converter(Document& doc) : doc_(doc) {}

  Json convert(const YAML::Node& node, const std::string& ptr, Mark fallback) {
    // Aliases repeat what they name: a few hundred bytes can stand for billions of nodes.
    if (++nodes_ > jinja::active_limits().max_items)
      throw doc_.error_at(to_mark(node.Mark()),
                          jinja::limit_message("the data would have more than " +
                                                   std::to_string(jinja::active_limits().max_items) +
                                                   " values (aliases repeat what they name)",
                                               "max_items", jinja::active_limits().max_items));
    Mark here = to_mark(node.Mark());
    if (here.line == 0 || node.IsNull()) here = here.line ? here : fallback;
    doc_.set_value_mark(ptr, here);
    switch (node.Type()) {
      case YAML::NodeType::Undefined:
      case YAML::NodeType::Null:
        return nullptr;
      case YAML::NodeType::Scalar:
        return scalar(node, here);
      default:
        break;
    }
    // A collection: an alias inside its own anchor makes a cycle, and nesting is limited.
    for (const YAML::Node& open : path_) {
      if (open.is(node)) throw doc_.error_at(here, "an alias refers to a node that contains it");
    }
    size_t limit = jinja::active_limits().max_depth;
    if (path_.size() >= limit)
      throw doc_.error_at(here, jinja::limit_message("data nested more than " +
                                                         std::to_string(limit) + " levels deep",
                                                     "max_depth", limit));
    path_.push_back(node);
    struct Leave {
      std::vector<YAML::Node>& path;
      ~Leave() { path.pop_back(); }
    } leave{path_};
    switch (node.Type()) {
      case YAML::NodeType::Sequence: {
        Json arr = Json::array();
        size_t i = 0;
        for (const auto& item : node) {
          arr.push_back(convert(item, pointer_child(ptr, i), here));
          ++i;
        }
        return arr;
      }
      case YAML::NodeType::Map: {
        Json obj = Json::object();
        std::unordered_set<std::string> seen;
        for (auto it = node.begin(); it != node.end(); ++it) {
          // The iterator yields a temporary pair of node handles: copy them out.
          const YAML::Node k = it->first;
          const YAML::Node v = it->second;
          Mark km = to_mark(k.Mark());
          if (!k.IsScalar() && !k.IsNull()) throw doc_.error_at(km, "mapping keys must be scalars");
          std::string key = k.IsNull() ? "null" : k.Scalar();
          if (!seen.insert(key).second) {
            Mark first = doc_.key_mark(pointer_child(ptr, key));
            throw doc_.error_at(km, "duplicate key '" + key + "' (first defined at line " +
                                        std::to_string(first.line) + ")");
          }
          std::string child = pointer_child(ptr, key);
          doc_.set_key_mark(child, km);
          obj[key] = convert(v, child, km);
        }
        return obj;
      }
      default:
        return nullptr;
    }
  }

 private:
  Json scalar(const YAML::Node& node, Mark here) {
    const std::string& tag = node.Tag();
    const std::string& s = node.Scalar();
    static const std::string kCore = "tag:yaml.org,2002:";
    if (tag == "!" || tag == kCore + "str") return s;
    Json out;
    if (tag == "?" || tag.empty()) {
      bool b;
      if (is_null_word(s)) return nullptr;
      if (parse_bool_word(s, b)) return b;
      int r = parse_int_word(s, out);
      if (r == 1) return out;
      if (r == -1) throw doc_.error_at(here, "integer '" + s + "' does not fit in 64 bits");
      if (parse_float_word(s, out)) return out;
      return s;
    }
    if (tag == kCore + "int") {
      if (parse_int_word(s, out) == 1) return out;
    } else if (tag == kCore + "float") {
      if (parse_int_word(s, out) == 1) return out.get<double>();
      if (parse_float_word(s, out)) return out;
    } else if (tag == kCore + "bool") {
      bool b;
      if (parse_bool_word(s, b)) return b;
    } else if (tag == kCore + "null") {
      if (is_null_word(s)) return nullptr;
    } else {
      throw doc_.error_at(here, "unsupported tag '" + tag + "'");
    }
    throw doc_.error_at(here, "'" + s + "' is not a valid " + tag.substr(kCore.size()));
  }

  Document& doc_;
  std::vector<YAML::Node> path_;  // the collections being converted, outermost first
  size_t nodes_ = 0;              // values made so far
};

}  // namespace

Document parse_yaml(std::string text, std::string file) {
  Document doc(std::move(file), std::move(text));
  YAML::Node node;
  try {
    node = YAML::Load(doc.text());
  } catch (const YAML::Exception& e) {
    throw doc.error_at(to_mark(e.mark), e.msg);
  }
  Converter conv(doc);
  doc.root() = conv.convert(node, "", Mark{1, 1});
  return doc;
}

}  // namespace wfgen::data
