// timeout-minutes: a job's or step's `timeout-minutes` is a positive number or a `${{ }}`
// expression. A quoted number is a string to GitHub, and refused.
#include <string>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

class TimeoutMinutes final : public Rule {
 public:
  TimeoutMinutes()
      : Rule({"timeout-minutes",
              "timeout-minutes of jobs and steps is a positive number or an expression",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    for (const Workflow::Job& job : wf.jobs()) {
      if (!job.body->is_mapping()) continue;
      std::string owner = "job '" + std::string(job.id()) + "'";
      if (const yaml::Node* t = job.body->find("timeout-minutes"); t && !job.calls_workflow())
        timeout(*t, owner, sink);
      const std::vector<const yaml::Node*>& steps = Workflow::steps(job);
      for (size_t i = 0; i < steps.size(); ++i)
        if (const yaml::Node* t =
                steps[i]->is_mapping() ? steps[i]->find("timeout-minutes") : nullptr)
          timeout(*t, "step " + std::to_string(i + 1) + " of " + owner, sink);
    }
  }

 private:
  static void timeout(const yaml::Node& node, const std::string& owner, Sink& sink) {
    std::string what = "the timeout-minutes of " + owner;
    if (!expect_number_or_expression(node, what, sink) || !is_number(node)) return;
    if (!(number_value(node) > 0))
      sink.report(node, what + " must be more than 0, not " + std::string(node.resolved().value()));
  }
};

}  // namespace

const Rule& timeout_minutes() {
  static const TimeoutMinutes rule;
  return rule;
}

}  // namespace wfgen::lint::rules
