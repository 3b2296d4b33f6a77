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

using data::Json;

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
  // The number of jobs, or nullopt when the matrix is not static (an expression anywhere
  // in its structure) or too large to expand (then `lower` is a lower bound, or 0).
  static std::optional<size_t> count(const yaml::Node& matrix, size_t& lower) {
    std::vector<std::pair<std::string, const yaml::Node*>> axes;
    const yaml::Node* include = nullptr;
    const yaml::Node* exclude = nullptr;
    for (const yaml::Pair& p : matrix.pairs()) {
      std::string key(key_text(*p.key));
      const yaml::Node& v = p.value->resolved();
      if (key == "include" || key == "exclude") {
        if (!v.is_sequence()) return std::nullopt;
        for (const yaml::Node* item : v.items())
          if (!item->is_mapping()) return std::nullopt;
        (key == "include" ? include : exclude) = &v;
        continue;
      }
      if (!v.is_sequence() || v.items().empty()) return std::nullopt;
      axes.emplace_back(key, &v);
    }
    double product = axes.empty() ? 0 : 1;  // may exceed size_t: counted in doubles
    for (const auto& [name, values] : axes) product *= static_cast<double>(values->items().size());
    if (product > static_cast<double>(kMaxExpanded)) {
      double bound = product;
      if (exclude)
        for (const yaml::Node* item : exclude->items()) {
          double share = product;
          for (const yaml::Pair& p : item->resolved().pairs())
            for (const auto& [name, values] : axes)
              if (name == key_text(*p.key)) share /= static_cast<double>(values->items().size());
          bound -= share;
        }
      lower = bound > 1e18 ? size_t{1'000'000'000'000'000'000}
              : bound > 0  ? static_cast<size_t>(bound)
                           : 0;
      return std::nullopt;
    }

    std::vector<Json> rows;
    if (!axes.empty()) rows.push_back(Json::object());
    for (const auto& [name, values] : axes) {
      std::vector<Json> next;
      next.reserve(rows.size() * values->items().size());
      for (const Json& r : rows)
        for (const yaml::Node* v : values->items()) {
          Json row = r;
          row[name] = data::yaml_to_json(*v);
          next.push_back(std::move(row));
        }
      rows = std::move(next);
    }
    if (exclude)
      for (const yaml::Node* item : exclude->items()) {
        Json ex = data::yaml_to_json(*item);
        std::erase_if(rows, [&](const Json& row) { return matrix::exclude_matches(ex, row); });
      }
    size_t jobs = rows.size();
    if (include) {
      auto is_axis = [&](const std::string& k) {
        for (const auto& a : axes)
          if (a.first == k) return true;
        return false;
      };
      for (const yaml::Node* item : include->items()) {
        Json in = data::yaml_to_json(*item);
        bool extends = false;
        for (const Json& row : rows) extends = extends || matrix::include_agrees(in, row, is_axis);
        if (!extends) ++jobs;
      }
    }
    return jobs;
  }
};

}  // namespace

const Rule& matrix_size() {
  static const MatrixSize rule;
  return rule;
}

}  // namespace wfgen::lint::rules
