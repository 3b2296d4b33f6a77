// job-outputs: a job's `outputs` is a non-empty mapping of output names (letters, digits,
// '-', '_') to strings, usually `${{ steps.<id>.outputs.<name> }}`.
#include <string>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

class JobOutputs final : public Rule {
 public:
  JobOutputs()
      : Rule({"job-outputs", "a job's outputs map valid output names to strings",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    for (const Workflow::Job& job : wf.jobs()) {
      const yaml::Node* outputs = job.body->is_mapping() ? job.body->find("outputs") : nullptr;
      if (!outputs || job.calls_workflow()) continue;
      std::string what = "the outputs of job '" + std::string(job.id()) + "'";
      if (!expect_mapping(*outputs, what, sink)) continue;
      if (outputs->pairs().empty())
        sink.report(*outputs, what + " must define at least one output");
      for (const yaml::Pair& p : outputs->pairs()) {
        std::string name(key_text(*p.key));
        if (!is_identifier(name))
          sink.report(*p.key, "output name '" + name +
                                  "' must start with a letter or '_' and hold only letters, "
                                  "digits, '-' and '_'");
        expect_string(*p.value, "output '" + name + "'", sink);
      }
    }
  }
};

}  // namespace

const Rule& job_outputs() {
  static const JobOutputs rule;
  return rule;
}

}  // namespace wfgen::lint::rules
