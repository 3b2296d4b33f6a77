// Matrices written inline in tests: expanded from text (named m.yml), or the error they
// give; and a project of matrix files in a temp dir, for matrices that refer to others.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "data/load.h"
#include "files/tree.h"
#include "matrix/matrix.h"
#include "matrix/matrix_set.h"

namespace wfgen::testing {

inline matrix::Matrix expand(const std::string& text) {
  static matrix::ExpressionEvaluator eval;
  auto doc = std::make_shared<data::Document>(data::parse_yaml(text, "m.yml"));
  return matrix::expand_matrix(doc, eval);
}

// The formatted first line of the error expanding `text` gives.
inline std::string error_of(const std::string& text) {
  try {
    expand(text);
  } catch (const data::DataError& e) {
    return e.what();
  }
  return "no error";
}

// The matrix at `path` (relative to `root`) loaded as the pipeline loads it: through the
// project's contained reader, references to other matrices and files resolved.
inline matrix::Matrix load_project_matrix(const std::filesystem::path& root,
                                          const std::string& path) {
  matrix::ExpressionEvaluator eval;
  files::Tree project(root, "the project directory");
  matrix::MatrixSet set([&](const std::string& p) { return project.read(p); }, eval);
  const matrix::Matrix* m = set.find(path);
  if (!m) throw std::runtime_error("no matrix " + path + " in " + root.string());
  return *m;
}

// A temp dir per test, removed after it; `error_of(path)` loads a matrix of it as a
// project does (references to other matrices and files resolved).
class MatrixProject : public ::testing::Test {
 protected:
  void SetUp() override {
    root = std::filesystem::temp_directory_path() /
           ("wfgen-matrix-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(root);
  }
  void TearDown() override { std::filesystem::remove_all(root); }
  void write(const std::string& rel, const std::string& text) {
    std::filesystem::create_directories((root / rel).parent_path());
    std::ofstream(root / rel, std::ios::binary) << text;
  }
  std::string error_of(const std::string& path) {
    try {
      load_project_matrix(root, path);
    } catch (const data::DataError& e) {
      return e.what();
    }
    return "no error";
  }
  std::filesystem::path root;
};

}  // namespace wfgen::testing
