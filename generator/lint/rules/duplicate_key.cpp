// duplicate-key: no mapping defines a key twice. YAML forbids it, and GitHub refuses the
// file ("'x' is already defined"), comparing keys without regard to case: `FOO` and `foo`
// in one `env:` are the same key to it.
#include <string>
#include <unordered_map>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

class DuplicateKey final : public Rule {
 public:
  DuplicateKey()
      : Rule({"duplicate-key",
              "no mapping defines a key twice (GitHub compares keys without regard to case)",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    visit(*wf.yaml().root(), wf, sink);
  }

 private:
  // Walks the tree as written (aliases not followed: their targets are visited where
  // they are defined, so each mapping is checked once).
  static void visit(const yaml::Node& node, const Workflow& wf, Sink& sink) {
    if (node.kind() == yaml::Kind::Sequence) {
      for (const yaml::Node* item : node.items()) visit(*item, wf, sink);
      return;
    }
    if (node.kind() != yaml::Kind::Mapping) return;
    std::unordered_map<std::string, const yaml::Node*> seen;
    for (const yaml::Pair& p : node.pairs()) {
      std::string_view key = key_text(*p.key);
      if (!p.key->is_scalar() || key.empty()) {
        visit(*p.value, wf, sink);
        continue;
      }
      auto [it, fresh] = seen.emplace(fold_case(key), p.key);
      if (!fresh) {
        const yaml::Node& first = *it->second;
        std::string_view first_text = key_text(first);
        Position at = wf.position(first);
        if (first_text == key)
          sink.report(*p.key, "key '" + std::string(key) +
                                  "' is defined twice in this mapping "
                                  "(first at line " +
                                  std::to_string(at.line) + ")");
        else
          sink.report(*p.key, "key '" + std::string(key) + "' repeats '" + std::string(first_text) +
                                  "' (line " + std::to_string(at.line) +
                                  "): GitHub compares keys without regard to case");
        sink.note({wf.path(), at.line, at.col,
                   "'" + std::string(first_text) + "' is first defined here"});
      }
      visit(*p.value, wf, sink);
    }
  }
};

}  // namespace

const Rule& duplicate_key() {
  static const DuplicateKey rule;
  return rule;
}

}  // namespace wfgen::lint::rules
