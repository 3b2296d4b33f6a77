// A matrix: a data file that expands into rows (the language is documented in
// docs/matrices.md). Expansion order: axes product -> exclude -> include -> entries ->
// per row: key/type checks, defaults, nested tables -> one row per nested row of the
// `expand_table` -> shard expansion -> derived fields -> constraints and checks; then, over
// all the rows, `unique` and references to sibling rows.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "data/document.h"
#include "jinja/value/string_pool.h"
#include "jinja/value/value.h"
#include "matrix/expression.h"
#include "matrix/spec.h"

namespace wfgen::matrix {

// How many rows one matrix may expand to, counting the axes' product, includes, entries,
// shards and the rows of its nested tables: the manifest's `limits: {max_rows: N}`. The
// product and the shards are checked before anything is allocated.
struct MatrixLimits {
  size_t max_rows = 100'000;
};

struct Row {
  Json values;             // an ordered object: fields in declaration order
  std::string origin_ptr;  // pointer to the entry/include/axes that made the row
};

struct Matrix {
  Matrix() = default;
  Matrix(const Matrix&) = default;
  Matrix(Matrix&&) = default;
  Matrix& operator=(const Matrix&) = default;
  Matrix& operator=(Matrix&&) = default;
  ~Matrix();  // frees the rows with data::free_json

  std::shared_ptr<const data::Document> doc;
  std::shared_ptr<MatrixSpec> spec;
  std::vector<Row> rows;

  const std::string& file() const { return doc->file(); }
  data::Mark origin(const Row& r) const { return doc->value_mark(r.origin_ptr); }
};

// The values of `rows` as a template list (a table seen by expressions and templates).
jinja::Value rows_value(const std::vector<Row>& rows, jinja::StringPool& keys);

// Validates and expands a parsed matrix file. Throws data::DataError (positioned in the
// matrix file, including errors of derived-field expressions).
// `resolvers` answer `one_of: {matrix: ...}`, `one_of: {file: ...}` and `tables:`.
Matrix expand_matrix(std::shared_ptr<const data::Document> doc, ExpressionEvaluator& eval,
                     const Resolvers& resolvers = {}, const MatrixLimits& limits = {});

// Loads `path` (YAML) and expands it; `display` names it in messages.
Matrix load_matrix(const std::filesystem::path& path, const std::string& display,
                   ExpressionEvaluator& eval, const Resolvers& resolvers = {},
                   const MatrixLimits& limits = {});

}  // namespace wfgen::matrix
