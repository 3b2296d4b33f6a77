#include "lint/expression/analyses.h"

namespace wfgen::lint::expr {

const Analysis& Analyses::of(std::string_view text) { return *of_all({text})[0]; }

std::vector<const Analysis*> Analyses::of_all(const std::vector<std::string_view>& texts) {
  std::vector<const Analysis*> found(texts.size());
  std::vector<size_t> unknown;
  {
    std::shared_lock<std::shared_mutex> lock(mutex_);
    for (size_t i = 0; i < texts.size(); ++i) {
      auto it = by_text_.find(texts[i]);
      if (it != by_text_.end())
        found[i] = it->second.get();
      else
        unknown.push_back(i);
    }
  }
  if (unknown.empty()) return found;
  // Parsed outside the lock, each text once (a file repeats its conditions); should
  // another thread keep the same text meanwhile, the first kept wins (both are equal).
  std::vector<std::unique_ptr<Analysis>> made;
  std::unordered_map<std::string_view, size_t> made_for;  // text -> index in `made`
  for (size_t i : unknown) {
    auto [at, fresh] = made_for.try_emplace(texts[i], made.size());
    if (!fresh) continue;
    auto& a = made.emplace_back(std::make_unique<Analysis>());
    a->parsed = parse(texts[i]);
    if (a->parsed.root) a->accesses = accesses(*a->parsed.root);
  }
  std::lock_guard<std::shared_mutex> lock(mutex_);
  for (size_t i : unknown) {
    auto it = by_text_.find(texts[i]);
    if (it == by_text_.end())
      it = by_text_.emplace(std::string(texts[i]), std::move(made[made_for[texts[i]]])).first;
    found[i] = it->second.get();
  }
  return found;
}

}  // namespace wfgen::lint::expr
