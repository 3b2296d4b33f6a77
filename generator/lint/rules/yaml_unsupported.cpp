// yaml-unsupported: YAML that GitHub's reader does not expand as the YAML spec would. It
// expands anchors and aliases, but not merge keys (`<<: *base` becomes a key named `<<`);
// it has no use for tags beyond the core schema's, nor for keys that are lists or mappings.
#include <algorithm>
#include <string>

#include "lint/rule.h"

namespace wfgen::lint::rules {

namespace {

constexpr std::string_view kCore = "tag:yaml.org,2002:";

// No tag, the non-specific `!`, or one of the core schema's.
bool core_tag(std::string_view tag) {
  if (tag.empty() || tag == "!") return true;
  if (tag.substr(0, kCore.size()) != kCore) return false;
  std::string_view t = tag.substr(kCore.size());
  return t == "str" || t == "int" || t == "float" || t == "bool" || t == "null" || t == "seq" ||
         t == "map";
}

std::string shown_tag(std::string_view tag) {
  return tag.substr(0, kCore.size()) == kCore ? "!!" + std::string(tag.substr(kCore.size()))
                                              : std::string(tag);
}

class YamlUnsupported final : public Rule {
 public:
  YamlUnsupported()
      : Rule({"yaml-unsupported",
              "no merge keys (<<), complex keys or non-core tags: GitHub's YAML reader does "
              "not expand them",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    if (!has_candidates(wf.yaml())) return;
    visit(*wf.yaml().root(), sink);
  }

 private:
  // Lint parses in collect mode, where the parser records every tag, merge key and
  // non-scalar key it builds: a file without one (nearly every file) is not walked.
  static bool has_candidates(const yaml::Tree& tree) {
    return std::any_of(tree.diagnostics().begin(), tree.diagnostics().end(),
                       [](const yaml::Diagnostic& d) {
                         return d.kind == yaml::DiagKind::Tag ||
                                d.kind == yaml::DiagKind::MergeKey ||
                                d.kind == yaml::DiagKind::ComplexKey;
                       });
  }

  static void visit(const yaml::Node& node, Sink& sink) {
    if (node.kind() != yaml::Kind::Alias && !core_tag(node.tag()))
      sink.report(node, "tag '" + shown_tag(node.tag()) +
                      "' is not supported: GitHub reads only plain YAML values");
    if (node.kind() == yaml::Kind::Sequence)
      for (const yaml::Node* item : node.items()) visit(*item, sink);
    if (node.kind() != yaml::Kind::Mapping) return;
    for (const yaml::Pair& p : node.pairs()) {
      const yaml::Node& k = p.key->resolved();
      if (k.kind() == yaml::Kind::Sequence || k.kind() == yaml::Kind::Mapping) {
        sink.report(*p.key,
                    "a key must be a plain value, not " +
                        std::string(k.kind() == yaml::Kind::Sequence ? "a list" : "a mapping"));
      } else if (k.is_merge_key()) {
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
