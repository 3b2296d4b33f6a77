// The job graph of a GitHub Actions workflow, read from its parsed data: jobs in file
// order, their `needs` edges, the reusable workflow a job calls, its condition in short,
// and how many jobs its matrix makes: a static `strategy.matrix` counted as GitHub
// expands it, and PyTorch's shard lists (the `{ include: [...] }` text a build passes to
// its tests as `with: test-matrix`), counted per test config.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "data/document.h"

namespace wfgen::graph {

using data::Json;

// The shards of one test config in a `test-matrix` shard list.
struct TestConfig {
  std::string config;
  size_t shards = 0;
};

struct Job {
  std::string id;
  std::string name;                // `name:` as written ("" when absent)
  std::vector<std::string> needs;  // in the order written
  std::string uses;                // the reusable workflow it calls ("" for a job with steps)
  std::string condition;           // `if:` in short: one line, without the `${{ }}` around it
  bool has_matrix = false;         // it has a `strategy.matrix`
  std::optional<size_t> matrix_jobs;    // the jobs that matrix makes, when it is static
  std::vector<TestConfig> test_matrix;  // from `with: test-matrix`, configs in first-seen order

  size_t test_shards() const;  // all shards of the test matrix
};

struct JobGraph {
  std::string path;  // the file, as named to the user
  std::string name;  // the workflow's `name:` ("" when absent)
  std::vector<Job> jobs;

  // The first job of that id. Indexed as it is asked (jobs may be added between calls): a
  // graph of 100,000 jobs and their needs is drawn in linear time.
  const Job* find(std::string_view id) const;

 private:
  mutable std::unordered_map<std::string, size_t> index_;  // id -> its first job
  mutable size_t indexed_ = 0;                             // jobs in index_ so far
};

// The job graph of the parsed workflow `workflow` (a file without a `jobs` mapping has no
// jobs). Values of unexpected types are read as GitHub would ignore them: never an error.
JobGraph job_graph(const Json& workflow, std::string path);

// Whether `root` looks like a workflow: a mapping with a `jobs` mapping.
bool is_workflow(const Json& root);

// The jobs a static `strategy.matrix` makes (axes product, minus `exclude`, plus the
// `include` items that extend no combination), or nullopt when an expression builds any
// part of it or it would expand past `limit` combinations.
std::optional<size_t> static_matrix_jobs(const Json& matrix, size_t limit = size_t{1} << 16);

// `if:` in short: whitespace runs as one space, the `${{ }}` around the whole removed.
std::string short_condition(const Json& condition);

}  // namespace wfgen::graph
