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
  loading_.push_back(path);
  RowValues refs = [this](const std::string& p, const std::string& field,
                          const std::vector<std::string>& match, const data::Document& from,
                          const std::string& at) { return row_values(p, field, match, from, at); };
  auto doc = std::make_shared<const data::Document>(data::parse_data(std::move(*text), path));
  auto m = std::make_unique<Matrix>(expand_matrix(std::move(doc), eval_, refs));
  loading_.pop_back();
  return loaded_.emplace(path, std::move(m)).first->second.get();
}

std::vector<Json> MatrixSet::row_values(const std::string& path, const std::string& field,
                                        const std::vector<std::string>& match,
                                        const data::Document& from, const std::string& at) {
  if (std::find(loading_.begin(), loading_.end(), path) != loading_.end()) {
    std::string chain;
    for (const auto& p : loading_) chain += p + " -> ";
    throw from.error_at(pointer_child(at, "matrix"),
                        "matrices refer to each other's rows in a cycle: " + chain + path);
  }
  const Matrix* found = find(path);
  if (!found) throw from.error_at(pointer_child(at, "matrix"), "matrix '" + path + "' does not exist");
  const Matrix& m = *found;
  if (!m.spec->field(field))
    throw from.error_at(pointer_child(at, "field"),
                        data::unknown_key_message("field", field, m.spec->row_keys()) + " in " +
                            path);
  for (const std::string& f : match)
    if (!m.spec->field(f))
      throw from.error_at(pointer_child(at, "match"),
                          data::unknown_key_message("field", f, m.spec->row_keys()) + " in " +
                              path + ": `match` names fields both matrices have");
  std::vector<Json> rows;
  for (const Row& r : m.rows) {
    Json projected = Json::array({r.values.value(field, Json())});
    for (const std::string& f : match) projected.push_back(r.values.value(f, Json()));
    rows.push_back(std::move(projected));
  }
  return rows;
}

}  // namespace wfgen::matrix
