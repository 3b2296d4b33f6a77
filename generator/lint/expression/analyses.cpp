#include "lint/expression/analyses.h"

namespace wfgen::lint::expr {

const Analysis& Analyses::of(std::string_view text) {
  {
    std::shared_lock<std::shared_mutex> lock(mutex_);
    auto it = by_text_.find(text);
    if (it != by_text_.end()) return *it->second;
  }
  // Parsed outside the lock: another thread may make the same one meanwhile, and the
  // first kept wins (both are equal).
  auto made = std::make_unique<Analysis>();
  made->parsed = parse(text);
  if (made->parsed.root) made->accesses = accesses(*made->parsed.root);
  std::lock_guard<std::shared_mutex> lock(mutex_);
  auto [it, fresh] = by_text_.try_emplace(std::string(text), std::move(made));
  return *it->second;
}

}  // namespace wfgen::lint::expr
