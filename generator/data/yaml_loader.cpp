// YAML -> ordered_json through our parser's node tree (generator/yaml/). The parser does
// the checking (syntax, duplicate keys, tags, limits); this turns the tree into data the way
// PyYAML's safe loader does: aliases expanded, merge keys applied, core-schema scalars.
#include <unordered_map>
#include <vector>

#include "data/load.h"
#include "jinja/limits.h"
#include "yaml/tree.h"

namespace wfgen::data {

namespace {

class JsonBuilder {
 public:
  // `unique_keys`: the parser rejected duplicate keys, so members can be appended unchecked.
  explicit JsonBuilder(bool unique_keys) : unique_keys_(unique_keys) {}

  Json convert(const yaml::Node& n) {
    switch (n.kind()) {
      case yaml::Kind::Scalar: return scalar(n);
      case yaml::Kind::Sequence: {
        Json arr = Json::array();
        auto& items = arr.get_ref<Json::array_t&>();
        items.reserve(n.items().size());
        for (const yaml::Node* item : n.items()) items.push_back(convert(*item));
        return arr;
      }
      case yaml::Kind::Mapping: return mapping(n);
      case yaml::Kind::Alias: {
        // Every alias of an anchor is the same data: convert it once.
        const yaml::Node* target = n.target();
        auto it = anchored_.find(target);
        if (it != anchored_.end()) return it->second;
        Json j = convert(*target);
        anchored_.emplace(target, j);
        return j;
      }
    }
    return nullptr;
  }

 private:
  static Json scalar(const yaml::Node& n) {
    switch (n.type()) {
      case yaml::ScalarType::Null: return nullptr;
      case yaml::ScalarType::Bool: return n.boolean();
      case yaml::ScalarType::Int:
        if (n.is_unsigned()) return n.uint_value();
        return n.int_value();
      case yaml::ScalarType::Float: return n.float_value();
      case yaml::ScalarType::String: return std::string(n.value());
    }
    return nullptr;
  }

  Json mapping(const yaml::Node& n) {
    Json obj = Json::object();
    bool merges = false;
    for (const yaml::Pair& p : n.pairs()) merges |= p.key->is_merge_key();
    if (!merges && unique_keys_) {
      auto& members = obj.get_ref<Json::object_t&>();
      members.reserve(n.pairs().size());
      for (const yaml::Pair& p : n.pairs())
        if (p.key->resolved().is_scalar())
          members.Json::object_t::Container::emplace_back(std::string(p.key->resolved().key_text()),
                                                          convert(*p.value));
      return obj;
    }
    std::vector<yaml::Pair> pairs;
    flatten(n, pairs);
    for (const yaml::Pair& p : pairs)
      if (p.key->resolved().is_scalar()) obj[std::string(p.key->resolved().key_text())] = convert(*p.value);
    return obj;
  }

  // PyYAML's flatten_mapping: the pairs merge keys bring in come first (from a list of
  // mappings, the last one first, so earlier ones win), then the mapping's own pairs; later
  // pairs replace earlier ones and keep their place.
  static void flatten(const yaml::Node& n, std::vector<yaml::Pair>& out) {
    std::vector<yaml::Pair> own;
    for (const yaml::Pair& p : n.pairs()) {
      if (!p.key->is_merge_key()) {
        own.push_back(p);
        continue;
      }
      const yaml::Node& from = p.value->resolved();
      if (from.is_mapping()) {
        flatten(from, out);
      } else {
        auto items = from.items();
        for (auto it = items.rbegin(); it != items.rend(); ++it)
          if ((*it)->resolved().is_mapping()) flatten((*it)->resolved(), out);
      }
    }
    out.insert(out.end(), own.begin(), own.end());
  }

  bool unique_keys_;
  std::unordered_map<const yaml::Node*, Json> anchored_;
};

}  // namespace

Json yaml_to_json(const yaml::Node& node, bool unique_keys) {
  return JsonBuilder(unique_keys).convert(node);
}

Document parse_yaml(std::string text, std::string file, const yaml::ParseOptions& options) {
  Document doc(std::move(file), std::move(text));
  auto tree = std::make_shared<yaml::Tree>(yaml::parse(doc.text(), options, doc.file()));
  if (const yaml::Node* root = tree->root()) {
    bool unique = true;
    for (const yaml::Diagnostic& d : tree->diagnostics()) unique &= d.kind != yaml::DiagKind::DuplicateKey;
    doc.root() = yaml_to_json(*root, unique);
  }
  doc.set_tree(std::move(tree));
  return doc;
}

Document parse_yaml(std::string text, std::string file) {
  // Data nests as deep as the engine may walk it (the limit the project sets).
  yaml::ParseOptions options;
  options.max_depth = jinja::active_limits().max_depth;
  options.max_depth_setting = "max_depth";
  return parse_yaml(std::move(text), std::move(file), options);
}

}  // namespace wfgen::data
