#include "yaml/node.h"

namespace wfgen::yaml {

const Pair* Node::find_pair(std::string_view key) const {
  const Node& self = resolved();
  if (self.kind_ != Kind::Mapping || !(self.num_.key_bits & key_bit(key))) return nullptr;
  const Pair* merge = nullptr;
  for (const Pair& p : self.pairs()) {
    if (p.key->is_merge_key()) {
      merge = &p;
      continue;
    }
    const Node& k = p.key->resolved();
    if (k.kind_ == Kind::Scalar && k.key_text() == key) return &p;
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
