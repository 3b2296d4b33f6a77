#include "matrix/github_semantics.h"

#include <charconv>
#include <utility>
#include <vector>

namespace wfgen::matrix {

bool exclude_matches(const Json& item, const Json& combination) {
  for (auto it = item.begin(); it != item.end(); ++it) {
    auto found = combination.find(it.key());
    if (found == combination.end() || *found != it.value()) return false;
  }
  return true;
}

bool include_agrees(const Json& item, const Json& combination,
                    const std::function<bool(const std::string&)>& is_axis) {
  for (auto it = item.begin(); it != item.end(); ++it) {
    if (!is_axis(it.key())) continue;
    auto found = combination.find(it.key());
    if (found == combination.end() || *found != it.value()) return false;
  }
  return true;
}

namespace {

// The strings `values` has at `keys`, each after its length (no two lists give one key);
// nullopt when one is missing or not a string.
std::optional<std::string> key_of(const Json& values, const std::vector<std::string>& keys) {
  std::string key;
  for (const std::string& k : keys) {
    auto v = values.find(k);
    if (v == values.end() || !v->is_string()) return std::nullopt;
    const std::string& s = v->get_ref<const std::string&>();
    // Appended in place: a key is made per row and item, and temporaries cost more than it.
    char digits[24];
    key.append(digits, std::to_chars(digits, digits + sizeof digits, s.size()).ptr)
        .append(1, ':')
        .append(s);
  }
  return key;
}

}  // namespace

const std::vector<size_t>* RowIndex::agreeing(const Json& item,
                                               const std::vector<std::string>& keys) {
  const std::optional<std::string> wanted = key_of(item, keys);
  if (!wanted) return nullptr;
  auto [index, fresh] = by_keys_.try_emplace(keys);
  if (fresh)
    for (size_t i = 0; i < count_; ++i)
      if (auto key = key_of(row_(i), keys)) index->second[*key].push_back(i);
  static const std::vector<size_t> none;
  auto rows = index->second.find(*wanted);
  return rows == index->second.end() ? &none : &rows->second;
}

std::optional<size_t> static_job_count(const Json& matrix, size_t limit, size_t* lower_bound) {
  if (lower_bound) *lower_bound = 0;
  if (!matrix.is_object()) return std::nullopt;
  std::vector<std::pair<std::string, const Json*>> axes;
  const Json* include = nullptr;
  const Json* exclude = nullptr;
  for (auto it = matrix.begin(); it != matrix.end(); ++it) {
    const Json& v = it.value();
    if (it.key() == "include" || it.key() == "exclude") {
      if (!v.is_array()) return std::nullopt;
      for (const Json& item : v)
        if (!item.is_object()) return std::nullopt;
      (it.key() == "include" ? include : exclude) = &v;
      continue;
    }
    if (!v.is_array() || v.empty()) return std::nullopt;
    axes.emplace_back(it.key(), &v);
  }
  double product = axes.empty() ? 0 : 1;  // may exceed size_t: counted in doubles
  for (const auto& axis : axes) product *= static_cast<double>(axis.second->size());
  if (product > static_cast<double>(limit)) {
    if (!lower_bound) return std::nullopt;
    double bound = product;
    if (exclude)
      for (const Json& item : *exclude) {
        double share = product;
        for (auto it = item.begin(); it != item.end(); ++it)
          for (const auto& [name, values] : axes)
            if (name == it.key()) share /= static_cast<double>(values->size());
        bound -= share;
      }
    *lower_bound = bound > 1e18 ? size_t{1'000'000'000'000'000'000}
                   : bound > 0  ? static_cast<size_t>(bound)
                                : 0;
    return std::nullopt;
  }
  // Axes alone (the usual matrix): their product, with no combination to build.
  if (!include && !exclude) return static_cast<size_t>(product);
  std::vector<Json> rows;
  if (!axes.empty()) rows.push_back(Json::object());
  for (const auto& [name, values] : axes) {
    std::vector<Json> next;
    next.reserve(rows.size() * values->size());
    for (const Json& r : rows)
      for (const Json& v : *values) {
        Json row = r;
        row[name] = v;
        next.push_back(std::move(row));
      }
    rows = std::move(next);
  }
  if (exclude)
    for (const Json& item : *exclude)
      std::erase_if(rows, [&](const Json& row) { return exclude_matches(item, row); });
  size_t jobs = rows.size();
  if (include) {
    auto is_axis = [&](const std::string& k) {
      for (const auto& a : axes)
        if (a.first == k) return true;
      return false;
    };
    for (const Json& item : *include) {
      bool extends = false;
      for (const Json& row : rows) extends = extends || include_agrees(item, row, is_axis);
      if (!extends) ++jobs;
    }
  }
  return jobs;
}

}  // namespace wfgen::matrix
