// duplicate-key: no mapping defines a key twice. YAML forbids it, and GitHub refuses the
// file ("'x' is already defined"), comparing keys without regard to case: `FOO` and `foo`
// in one `env:` are the same key to it.
#include <array>
#include <cstdint>
#include <string_view>
#include <string>
#include <unordered_map>
#include <utility>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

// The keys of one mapping met so far, folded as GitHub compares them. Most mappings have
// a few keys: those are compared in a list on the stack, without making folded copies; a
// large one (hostile input) gets a hash table, so the rule stays linear.
class FirstKeys {
 public:
  explicit FirstKeys(size_t pairs) : listed_(pairs <= kListed) {
    if (!listed_) table_.reserve(pairs);
  }
  // The key node first written as `key` (folded), or nullptr after recording `node` as it.
  const yaml::Node* add(std::string_view key, const yaml::Node* node) {
    if (listed_) {
      for (size_t i = 0; i < count_; ++i)
        if (equal_folded(list_[i].first, key)) return list_[i].second;
      list_[count_++] = {key, node};
      return nullptr;
    }
    auto [it, fresh] = table_.emplace(fold_case(key), node);
    return fresh ? nullptr : it->second;
  }

 private:
  static constexpr size_t kListed = 16;
  bool listed_;
  size_t count_ = 0;
  std::array<std::pair<std::string_view, const yaml::Node*>, kListed> list_;
  std::unordered_map<std::string, const yaml::Node*> table_;
};

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
      for (const yaml::Node* item : node.items())
        if (is_collection(*item)) visit(*item, wf, sink);
      return;
    }
    if (node.kind() != yaml::Kind::Mapping) return;
    if (may_repeat(node)) check_keys(node, wf, sink);
    for (const yaml::Pair& p : node.pairs())
      if (is_collection(*p.value)) visit(*p.value, wf, sink);
  }

  static bool is_collection(const yaml::Node& n) {
    return n.kind() == yaml::Kind::Sequence || n.kind() == yaml::Kind::Mapping;
  }

  // Keys that fold equal have one length and one first and last byte, folded: when no
  // two keys of a mapping share those (the mapping's key filter, folded), none repeats,
  // and the keys are not compared. That is nearly every mapping.
  static bool may_repeat(const yaml::Node& mapping) {
    uint64_t seen = 0;
    for (const yaml::Pair& p : mapping.pairs()) {
      std::string_view key = key_text(*p.key);  // "" for a key that is no scalar
      if (key.empty()) continue;
      const uint64_t bit = yaml::Node::key_filter_bit(
          key.size(), static_cast<unsigned char>(lower_ascii(key.front())),
          static_cast<unsigned char>(lower_ascii(key.back())));
      if (seen & bit) return true;
      seen |= bit;
    }
    return false;
  }

  static void check_keys(const yaml::Node& mapping, const Workflow& wf, Sink& sink) {
    FirstKeys seen(mapping.pairs().size());
    for (const yaml::Pair& p : mapping.pairs()) {
      std::string_view key = key_text(*p.key);  // "" for a key that is no scalar
      if (key.empty()) continue;
      const yaml::Node* earlier = seen.add(key, p.key);
      if (!earlier) continue;
      const yaml::Node& first = *earlier;
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
  }
};

}  // namespace

const Rule& duplicate_key() {
  static const DuplicateKey rule;
  return rule;
}

}  // namespace wfgen::lint::rules
