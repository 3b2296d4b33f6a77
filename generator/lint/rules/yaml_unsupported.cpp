// yaml-unsupported: YAML that GitHub's reader does not expand as the YAML spec would. It
// expands anchors and aliases, but not merge keys (`<<: *base` becomes a key named `<<`);
// it has no use for tags beyond the core schema's, nor for keys that are lists or mappings.
#include <string>

#include "lint/rule.h"

namespace wfgen::lint::rules {

namespace {

bool core_tag(const std::string& tag) {
  static const std::string kCore = "tag:yaml.org,2002:";
  if (tag.empty() || tag == "?" || tag == "!") return true;
  if (tag.compare(0, kCore.size(), kCore) != 0) return false;
  std::string_view t = std::string_view(tag).substr(kCore.size());
  return t == "str" || t == "int" || t == "float" || t == "bool" || t == "null" || t == "seq" ||
         t == "map";
}

std::string shown_tag(const std::string& tag) {
  static const std::string kCore = "tag:yaml.org,2002:";
  return tag.compare(0, kCore.size(), kCore) == 0 ? "!!" + tag.substr(kCore.size()) : tag;
}

class YamlUnsupported final : public Rule {
 public:
  YamlUnsupported()
      : Rule({"yaml-unsupported",
              "no merge keys (<<), complex keys or non-core tags: GitHub's YAML reader does "
              "not expand them",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    visit(*wf.yaml().root(), sink);
  }

 private:
  static void visit(const YamlNode& node, Sink& sink) {
    if (node.kind() != YamlKind::Alias && !core_tag(node.tag()))
      sink.report(Position{node.start().line, node.start().col},
                  "tag '" + shown_tag(node.tag()) +
                      "' is not supported: GitHub reads only plain YAML values");
    if (node.kind() == YamlKind::Sequence)
      for (const YamlNode* item : node.items()) visit(*item, sink);
    if (node.kind() != YamlKind::Mapping) return;
    for (const YamlPair& p : node.pairs()) {
      const YamlNode& k = p.key->resolved();
      if (k.kind() == YamlKind::Sequence || k.kind() == YamlKind::Mapping) {
        sink.report(*p.key,
                    "a key must be a plain value, not " +
                        std::string(k.kind() == YamlKind::Sequence ? "a list" : "a mapping"));
      } else if (k.kind() == YamlKind::Scalar && k.scalar() == "<<" &&
                 (k.tag() == "?" || k.tag() == "tag:yaml.org,2002:merge")) {
        sink.report(*p.key,
                    "GitHub does not support YAML merge keys: '<<' is read as a key "
                    "named '<<', not merged; repeat the keys or alias the whole mapping");
      } else {
        visit(*p.key, sink);
      }
      visit(*p.value, sink);
    }
  }
};

}  // namespace

const Rule& yaml_unsupported() {
  static const YamlUnsupported rule;
  return rule;
}

}  // namespace wfgen::lint::rules
