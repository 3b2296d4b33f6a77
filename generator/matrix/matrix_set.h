// The matrices of one project, each loaded and expanded once however many families and
// tables use it, by path relative to the project root. It also answers
// `one_of: {matrix: PATH, field: NAME}` and `tables:` between them (a cycle of such
// references is an error) and `one_of: {file: PATH, keys_at: POINTER}` (the keys of a mapping
// in a data file, e.g. a reusable workflow's declared inputs).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <memory>
#include <string>
#include <vector>

#include "matrix/matrix.h"

namespace wfgen::matrix {

class MatrixSet {
 public:
  // The text of the file at a project path; nullopt when there is none. The project's
  // reader keeps every read inside the project (files::Tree).
  using ReadFile = std::function<std::optional<std::string>(const std::string& path)>;

  MatrixSet(ReadFile read, ExpressionEvaluator& eval, MatrixLimits limits = {})
      : read_(std::move(read)), eval_(eval), limits_(limits) {}

  // The expanded matrix at `path`; nullptr when there is no such file. Throws
  // data::DataError (and whatever the reader throws).
  const Matrix* find(const std::string& path);

 private:
  // The matrix at `path`, named at `at` in `from` (a cycle or a missing file is an error there).
  const Matrix& referenced(const std::string& path, const data::Document& from,
                           const std::string& at);
  std::vector<Json> row_values(const std::string& path, const std::string& field,
                               const std::vector<std::string>& match, const data::Document& from,
                               const std::string& at);
  std::vector<Json> file_keys(const std::string& path, const std::string& pointer,
                              const data::Document& from, const std::string& at);

  ReadFile read_;
  ExpressionEvaluator& eval_;
  MatrixLimits limits_;
  std::map<std::string, std::unique_ptr<Matrix>> loaded_;
  std::map<std::string, data::Document> files_;  // data files read for their keys
  std::vector<std::string> loading_;  // the chain being expanded, to refuse cycles
};

}  // namespace wfgen::matrix
