#include "matrix/matrix_set.h"

#include <algorithm>

#include "data/suggest.h"

namespace wfgen::matrix {

using data::pointer_child;

const Matrix& MatrixSet::get(const std::string& path) {
  auto it = loaded_.find(path);
  if (it != loaded_.end()) return *it->second;
  loading_.push_back(path);
  RowValues refs = [this](const std::string& p, const std::string& field,
                          const std::vector<std::string>& match, const data::Document& from,
                          const std::string& at) { return row_values(p, field, match, from, at); };
  auto m = std::make_unique<Matrix>(load_matrix(root_ / path, path, eval_, refs, limits_));
  loading_.pop_back();
  return *loaded_.emplace(path, std::move(m)).first->second;
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
  std::error_code ec;
  if (!std::filesystem::is_regular_file(root_ / path, ec))
    throw from.error_at(pointer_child(at, "matrix"), "matrix '" + path + "' does not exist");
  const Matrix& m = get(path);
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
