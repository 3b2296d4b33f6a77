#include "matrix/matrix_set.h"

#include <algorithm>

#include "data/load.h"
#include "data/suggest.h"

namespace wfgen::matrix {

using data::pointer_child;

const Matrix* MatrixSet::find(const std::string& path) {
  auto it = loaded_.find(path);
  if (it != loaded_.end()) return it->second.get();
  std::optional<std::string> text = read_(path);
  if (!text) return nullptr;
  // The chain of matrices being expanded, this one last until it is done or failed (a
  // failed one must not look like a cycle to the next find).
  loading_.push_back(path);
  struct Done {
    std::vector<std::string>& loading;
    ~Done() { loading.pop_back(); }
  } done{loading_};
  Resolvers refs;
  refs.values = [this](const std::string& p, const std::string& field,
                       const std::vector<std::string>& match, const data::Document& from,
                       const std::string& at) { return row_values(p, field, match, from, at); };
  refs.rows = [this](const std::string& p, const data::Document& from,
                     const std::string& at) -> const std::vector<Row>& {
    return referenced(p, from, at).rows;
  };
  refs.file_keys = [this](const std::string& p, const std::string& pointer,
                          const data::Document& from, const std::string& at) {
    return file_keys(p, pointer, from, at);
  };
  auto doc = std::make_shared<const data::Document>(data::parse_data(std::move(*text), path));
  auto m = std::make_unique<Matrix>(expand_matrix(std::move(doc), eval_, refs, limits_));
  return loaded_.emplace(path, std::move(m)).first->second.get();
}

const Matrix& MatrixSet::referenced(const std::string& path, const data::Document& from,
                                   const std::string& at) {
  if (std::find(loading_.begin(), loading_.end(), path) != loading_.end()) {
    std::string chain;
    for (const auto& p : loading_) chain += p + " -> ";
    throw from.error_at(at, "matrices refer to each other's rows in a cycle: " + chain + path);
  }
  const Matrix* found = find(path);
  if (!found) throw from.error_at(at, "matrix '" + path + "' does not exist");
  return *found;
}

std::vector<Json> MatrixSet::row_values(const std::string& path, const std::string& field,
                                        const std::vector<std::string>& match,
                                        const data::Document& from, const std::string& at) {
  const Matrix& m = referenced(path, from, pointer_child(at, "matrix"));
  if (!m.spec->field(field))
    throw from.error_at(pointer_child(at, "field"),
                        data::unknown_key_message("field", field, m.spec->row_keys()) + " in " +
                            path);
  for (const std::string& f : match)
    if (!m.spec->field(f))
      throw from.error_at(pointer_child(at, "match"),
                          data::unknown_key_message("field", f, m.spec->row_keys()) + " in " +
                              path + ": `match` names fields both matrices have");
  // A list field names each of its items (a row's job ids, say).
  static const Json null;  // a row's missing value
  auto value_of = [](const Json& row, const std::string& name) -> const Json& {
    auto v = row.find(name);
    return v == row.end() ? null : *v;
  };
  std::vector<Json> rows;
  for (const Row& r : m.rows) {
    const Json& v = value_of(r.values, field);
    auto add = [&](const Json& x) {
      if (match.empty()) return rows.push_back(x);  // the value alone: nothing to unwrap
      Json projected = Json::array({x});
      for (const std::string& f : match) projected.push_back(value_of(r.values, f));
      rows.push_back(std::move(projected));
    };
    if (v.is_array())
      for (const Json& x : v) add(x);
    else
      add(v);
  }
  return rows;
}

std::vector<Json> MatrixSet::file_keys(const std::string& path, const std::string& pointer,
                                       const data::Document& from, const std::string& at) {
  auto it = files_.find(path);
  if (it == files_.end()) {
    std::optional<std::string> text = read_(path);
    if (!text) throw from.error_at(pointer_child(at, "file"), "file '" + path + "' does not exist");
    it = files_.emplace(path, data::parse_data(std::move(*text), path)).first;
  }
  const Json& root = it->second.root();
  Json::json_pointer p;
  try {
    p = Json::json_pointer(pointer);
  } catch (const Json::exception&) {
    throw from.error_at(pointer_child(at, "keys_at"), "'" + pointer + "' is not a JSON pointer");
  }
  if (!root.contains(p) || !root.at(p).is_object())
    throw from.error_at(pointer_child(at, "keys_at"),
                        "no mapping at '" + pointer + "' in " + path);
  std::vector<Json> keys;
  for (auto k = root.at(p).begin(); k != root.at(p).end(); ++k) keys.emplace_back(k.key());
  return keys;
}

}  // namespace wfgen::matrix
