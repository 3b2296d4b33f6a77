// Matrix expansion on any bytes: the text is read as a matrix file (YAML) and expanded
// (fields, axes with `when`, includes, excludes, entries, shards, derive and assert
// expressions) under small limits. Every outcome but a DataError is a bug.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "data/error.h"
#include "data/load.h"
#include "fuzz/fuzz_limits.h"
#include "matrix/matrix.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  wfgen::jinja::Limits limits = wfgen::fuzz::fuzz_limits();
  wfgen::jinja::LimitsScope scope(limits);
  wfgen::matrix::MatrixLimits rows;
  rows.max_rows = 10'000;
  try {
    auto doc = std::make_shared<const wfgen::data::Document>(
        wfgen::data::parse_yaml(std::move(text), "matrix.yml"));
    wfgen::matrix::ExpressionEvaluator eval;
    wfgen::matrix::expand_matrix(doc, eval, {}, rows);
  } catch (const wfgen::data::DataError&) {
  }
  return 0;
}
