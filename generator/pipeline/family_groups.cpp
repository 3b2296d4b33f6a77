#include "pipeline/family_groups.h"

#include <map>
#include <numeric>
#include <string>

namespace wfgen::pipeline {

std::vector<std::vector<size_t>> family_groups(const std::vector<Family>& families) {
  // Union-find over the families, joined through each matrix path they name.
  std::vector<size_t> parent(families.size());
  std::iota(parent.begin(), parent.end(), size_t{0});
  auto root = [&](size_t f) {
    while (parent[f] != f) f = parent[f] = parent[parent[f]];
    return f;
  };
  std::map<std::string, size_t> first_user;  // matrix path -> a family naming it
  auto uses = [&](size_t f, const std::string& path) {
    if (path.empty()) return;
    auto [it, fresh] = first_user.emplace(path, f);
    if (fresh) return;
    size_t a = root(it->second), b = root(f);
    if (a != b) parent[std::max(a, b)] = std::min(a, b);  // a group's root is its first family
  };
  for (size_t f = 0; f < families.size(); ++f) {
    uses(f, families[f].matrix);
    for (const TableRef& t : families[f].tables) uses(f, t.matrix);
  }
  std::vector<std::vector<size_t>> groups;
  std::vector<size_t> group_of(families.size());
  for (size_t f = 0; f < families.size(); ++f) {
    size_t r = root(f);
    if (r == f) {
      group_of[f] = groups.size();
      groups.emplace_back();
    }
    groups[group_of[r]].push_back(f);
  }
  return groups;
}

}  // namespace wfgen::pipeline
