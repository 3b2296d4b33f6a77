// ids: job ids and step ids start with a letter or '_' and hold only letters, digits, '-'
// and '_' (GitHub refuses others); step ids are unique within their job (GitHub compares
// them without regard to case).
#include <string>
#include <unordered_map>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

class Ids final : public Rule {
 public:
  Ids()
      : Rule({"ids",
              "job and step ids are letters, digits, '-' and '_' (not starting with a digit or "
              "'-'); step ids are unique in their job",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    for (const Workflow::Job& job : wf.jobs()) {
      std::string id(job.id());
      if (!is_identifier(id)) sink.report(*job.key, "job id '" + id + "' " + why(id));
      std::unordered_map<std::string, const yaml::Node*> seen;
      for (const yaml::Node* step : Workflow::steps(job)) {
        const yaml::Node* sid = step->is_mapping() ? step->find("id") : nullptr;
        if (!sid || !sid->is_scalar() || has_expression(*sid)) continue;
        const std::string text(sid->resolved().value());
        if (!is_identifier(text)) sink.report(*sid, "step id '" + text + "' " + why(text));
        auto [it, fresh] = seen.emplace(fold_case(text), sid);
        if (!fresh) {
          Position first = wf.position(*it->second);
          sink.report(*sid, "step id '" + text + "' is already used in job '" + id + "' (line " +
                                std::to_string(first.line) + ")");
          sink.note({wf.path(), first.line, first.col, "the first step with this id"});
        }
      }
    }
  }

 private:
  static std::string why(std::string_view id) {
    if (id.empty()) return "is empty";
    if ((id[0] >= '0' && id[0] <= '9') || id[0] == '-') return "must start with a letter or '_'";
    return "may hold only letters, digits, '-' and '_'";
  }
};

}  // namespace

const Rule& ids() {
  static const Ids rule;
  return rule;
}

}  // namespace wfgen::lint::rules
