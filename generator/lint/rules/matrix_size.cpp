// matrix-size: a static matrix makes at most 256 jobs ("A job matrix can generate a
// maximum of 256 jobs per workflow run", GitHub's Actions limits). The count is GitHub's:
// the product of the axes, minus what `exclude` removes, plus the `include` items that
// extend no combination. Matrices built by an expression are counted when the run starts
// and are not judged here.
#include <string>

#include "data/load.h"
#include "lint/rule.h"
#include "lint/shape.h"
#include "matrix/github_semantics.h"

namespace wfgen::lint::rules {

namespace {

constexpr size_t kMaxJobs = 256;
// Products up to this size are expanded combination by combination; past it, a lower
// bound decides (each exclude item removes at most its share of the product).
constexpr size_t kMaxExpanded = size_t{1} << 20;

class MatrixSize final : public Rule {
 public:
  MatrixSize()
      : Rule({"matrix-size",
              "a static matrix makes at most 256 jobs (include/exclude evaluated as GitHub does)",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    for (const Workflow::Job& job : wf.jobs()) {
      const yaml::Node* strategy = job.body->is_mapping() ? job.body->find("strategy") : nullptr;
      const yaml::Node* matrix =
          strategy && strategy->is_mapping() ? strategy->find("matrix") : nullptr;
      if (!matrix || !matrix->is_mapping()) continue;
      size_t lower = 0;
      std::optional<size_t> jobs = count(*matrix, lower);
      if (jobs && *jobs > kMaxJobs)
        sink.report(*matrix, "the matrix of job '" + std::string(job.id()) + "' makes " +
                                 std::to_string(*jobs) + " jobs; GitHub allows at most 256");
      else if (!jobs && lower > kMaxJobs)
        sink.report(*matrix, "the matrix of job '" + std::string(job.id()) + "' makes at least " +
                                 std::to_string(lower) + " jobs; GitHub allows at most 256");
    }
  }

 private:
  // The number of jobs, or nullopt when the matrix is not static (a structure built by an
  // expression) or too large to expand (then `lower` is a lower bound, or 0).
  static std::optional<size_t> count(const yaml::Node& matrix, size_t& lower) {
    return matrix::static_job_count(data::yaml_to_json(matrix), kMaxExpanded, &lower);
  }
};

}  // namespace

const Rule& matrix_size() {
  static const MatrixSize rule;
  return rule;
}

}  // namespace wfgen::lint::rules
