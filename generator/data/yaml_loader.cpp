// YAML -> ordered_json from the positioned tree (yaml_tree.h). A data file holds one
// document of plain data: duplicate keys, non-scalar keys and tags outside the core schema
// are errors here, and aliases are expanded (within a bound, so a "billion laughs" file is
// an error, not a hang).
#include <charconv>
#include <cmath>
#include <limits>
#include <unordered_map>

#include "data/load.h"
#include "data/yaml_tree.h"

namespace wfgen::data {

namespace {

// Every value an alias expands to counts; a file past this is refused.
constexpr size_t kMaxExpandedNodes = 1'000'000;

// false when `s` (a core-schema int) does not fit in 64 bits.
bool int_value(std::string_view v, Json& out) {
  bool neg = false;
  int base = 10;
  if (v.size() > 2 && v[0] == '0' && (v[1] == 'o' || v[1] == 'x')) {
    base = v[1] == 'o' ? 8 : 16;
    v.remove_prefix(2);
  } else if (!v.empty() && (v[0] == '-' || v[0] == '+')) {
    neg = v[0] == '-';
    v.remove_prefix(1);
  }
  uint64_t mag = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), mag, base);
  if (ec != std::errc() || p != v.data() + v.size()) return false;
  if (neg) {
    if (mag > uint64_t(std::numeric_limits<int64_t>::max()) + 1) return false;
    out = mag == 0 ? int64_t(0) : int64_t(-int64_t(mag - 1) - 1);
  } else if (mag <= uint64_t(std::numeric_limits<int64_t>::max())) {
    out = int64_t(mag);
  } else {
    out = mag;
  }
  return true;
}

// `s` is a core-schema float (or int, for !!float).
double float_value(std::string_view s) {
  bool neg = !s.empty() && s[0] == '-';
  std::string_view body = s;
  if (!body.empty() && (body[0] == '-' || body[0] == '+')) body.remove_prefix(1);
  if (body == ".inf" || body == ".Inf" || body == ".INF")
    return neg ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  if (body == ".nan" || body == ".NaN" || body == ".NAN")
    return std::numeric_limits<double>::quiet_NaN();
  std::string num(body);
  if (num[0] == '.') num.insert(num.begin(), '0');
  double d = std::strtod(num.c_str(), nullptr);
  return neg ? -d : d;
}

class Converter {
 public:
  explicit Converter(Document& doc) : doc_(doc) {}

  Json convert(const YamlNode& node, const std::string& ptr) {
    if (++expanded_ > kMaxExpandedNodes)
      throw doc_.error_at(node.mark(), "aliases expand to more than " +
                                           std::to_string(kMaxExpandedNodes) + " values");
    doc_.set_value_mark(ptr, node.mark());
    const YamlNode& n = node.resolved();
    switch (n.kind()) {
      case YamlKind::Null:
      case YamlKind::Alias:  // an alias to nothing: yaml-cpp reports it first
        return nullptr;
      case YamlKind::Scalar:
        return scalar(n);
      case YamlKind::Sequence: {
        Json arr = Json::array();
        size_t i = 0;
        for (const YamlNode* item : n.items())
          arr.push_back(convert(*item, pointer_child(ptr, i++)));
        return arr;
      }
      case YamlKind::Mapping: {
        Json obj = Json::object();
        std::unordered_map<std::string, Mark> seen;
        for (const YamlPair& p : n.pairs()) {
          const YamlNode& k = p.key->resolved();
          if (k.kind() == YamlKind::Sequence || k.kind() == YamlKind::Mapping)
            throw doc_.error_at(p.key->mark(), "mapping keys must be scalars");
          std::string key = k.kind() == YamlKind::Null ? "null" : k.scalar();
          auto [it, fresh] = seen.emplace(key, p.key->mark());
          if (!fresh)
            throw doc_.error_at(p.key->mark(), "duplicate key '" + key +
                                                   "' (first defined at line " +
                                                   std::to_string(it->second.line) + ")");
          std::string child = pointer_child(ptr, key);
          doc_.set_key_mark(child, p.key->mark());
          obj[key] = convert(*p.value, child);
        }
        return obj;
      }
    }
    return nullptr;
  }

 private:
  Json scalar(const YamlNode& n) {
    const std::string& tag = n.tag();
    const std::string& s = n.scalar();
    static const std::string kCore = "tag:yaml.org,2002:";
    if (tag == "!" || tag == kCore + "str") return s;
    ScalarType type = core_schema_type(s);
    if (tag == "?" || tag.empty()) return typed(n, type);
    if (tag == kCore + "int") {
      if (type == ScalarType::Int) return typed(n, type);
    } else if (tag == kCore + "float") {
      if (type == ScalarType::Int || type == ScalarType::Float) return float_value(s);
    } else if (tag == kCore + "bool") {
      if (type == ScalarType::Bool) return typed(n, type);
    } else if (tag == kCore + "null") {
      if (type == ScalarType::Null) return nullptr;
    } else {
      throw doc_.error_at(n.mark(), "unsupported tag '" + tag + "'");
    }
    throw doc_.error_at(n.mark(), "'" + s + "' is not a valid " + tag.substr(kCore.size()));
  }

  Json typed(const YamlNode& n, ScalarType type) {
    const std::string& s = n.scalar();
    switch (type) {
      case ScalarType::Null:
        return nullptr;
      case ScalarType::Bool:
        return s[0] == 't' || s[0] == 'T';
      case ScalarType::Int: {
        Json out;
        if (!int_value(s, out))
          throw doc_.error_at(n.mark(), "integer '" + s + "' does not fit in 64 bits");
        return out;
      }
      case ScalarType::Float:
        return float_value(s);
      case ScalarType::String:
        return s;
    }
    return s;
  }

  Document& doc_;
  size_t expanded_ = 0;
};

Json lenient(const YamlNode& node, size_t& budget) {
  if (budget == 0) return nullptr;
  --budget;
  const YamlNode& n = node.resolved();
  switch (n.kind()) {
    case YamlKind::Null:
    case YamlKind::Alias:
      return nullptr;
    case YamlKind::Scalar: {
      const std::string& s = n.scalar();
      Json out;
      switch (n.scalar_type()) {
        case ScalarType::Null:
          return nullptr;
        case ScalarType::Bool:
          return s[0] == 't' || s[0] == 'T';
        case ScalarType::Int:
          return int_value(s, out) ? out : Json(float_value(s));
        case ScalarType::Float:
          return float_value(s);
        case ScalarType::String:
          return s;
      }
      return s;
    }
    case YamlKind::Sequence: {
      Json arr = Json::array();
      for (const YamlNode* item : n.items()) arr.push_back(lenient(*item, budget));
      return arr;
    }
    case YamlKind::Mapping: {
      Json obj = Json::object();
      for (const YamlPair& p : n.pairs()) {
        const YamlNode& k = p.key->resolved();
        obj[k.kind() == YamlKind::Scalar ? k.scalar() : "null"] = lenient(*p.value, budget);
      }
      return obj;
    }
  }
  return nullptr;
}

}  // namespace

Json yaml_to_json(const YamlNode& node) {
  size_t budget = kMaxExpandedNodes;
  return lenient(node, budget);
}

Document parse_yaml(std::string text, std::string file) {
  Document doc(std::move(file), std::move(text));
  YamlStream stream = parse_yaml_stream(doc.text());
  if (stream.error()) throw doc.error_at(stream.error()->mark, stream.error()->message);
  if (stream.documents().size() > 1)
    throw doc.error_at(stream.documents()[1].start,
                       "a second YAML document starts here; a data file holds one");
  const YamlNode* root = stream.root();
  if (!root) {
    doc.set_value_mark("", Mark{1, 1});
    doc.root() = nullptr;
    return doc;
  }
  Converter conv(doc);
  doc.root() = conv.convert(*root, "");
  return doc;
}

}  // namespace wfgen::data
