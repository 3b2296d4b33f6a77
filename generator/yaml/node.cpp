#include "yaml/node.h"

#include <cstring>

namespace wfgen::yaml {

namespace {

// Whether `k` (a key, aliases followed) names `key`. Rules look keys up by the thousand:
// the length is compared before the bytes, and key_text() is only made for a null key.
bool names(const Node& k, std::string_view key) {
  if (k.kind() != Kind::Scalar) return false;
  if (k.type() == ScalarType::Null) return key == "null";
  std::string_view v = k.value();
  return v.size() == key.size() && (v.empty() || std::memcmp(v.data(), key.data(), v.size()) == 0);
}

}  // namespace

const Pair* Node::find_pair(std::string_view key) const {
  const Node& self = resolved();
  if (self.kind_ != Kind::Mapping || !(self.num_.key_bits & key_bit(key))) return nullptr;
  const Pair* merge = nullptr;
  for (const Pair& p : self.pairs()) {
    if (p.key->flags_ & kMerge) {
      merge = &p;
      continue;
    }
    if (names(p.key->resolved(), key)) return &p;
  }
  if (!merge) return nullptr;
  // A merged mapping, or a list of them where the first one that has the key wins.
  const Node& from = merge->value->resolved();
  if (from.kind_ == Kind::Mapping) return from.find_pair(key);
  for (const Node* m : from.items())
    if (const Pair* p = m->find_pair(key)) return p;
  return nullptr;
}

const Node* Node::find(std::string_view key) const {
  const Pair* p = find_pair(key);
  return p ? &p->value->resolved() : nullptr;
}

}  // namespace wfgen::yaml
