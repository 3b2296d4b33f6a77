// The matrices of one project, each loaded and expanded once however many families and
// tables use it, by path relative to the project root. It also answers
// `one_of: {matrix: PATH, field: NAME}` between them; a cycle of such references is an error.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "matrix/matrix.h"

namespace wfgen::matrix {

class MatrixSet {
 public:
  MatrixSet(std::filesystem::path root, ExpressionEvaluator& eval, MatrixLimits limits = {})
      : root_(std::move(root)), eval_(eval), limits_(limits) {}

  // The expanded matrix at `path`. Throws data::DataError.
  const Matrix& get(const std::string& path);

 private:
  std::vector<Json> row_values(const std::string& path, const std::string& field,
                               const std::vector<std::string>& match, const data::Document& from,
                               const std::string& at);

  std::filesystem::path root_;
  ExpressionEvaluator& eval_;
  MatrixLimits limits_;
  std::map<std::string, std::unique_ptr<Matrix>> loaded_;
  std::vector<std::string> loading_;  // the chain being expanded, to refuse cycles
};

}  // namespace wfgen::matrix
