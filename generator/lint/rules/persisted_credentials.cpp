// persisted-credentials: actions/checkout leaves the job's token in .git/config unless told
// `persist-credentials: false`; a later step that uploads an artifact of the workspace can
// publish it to anyone who can read the run.
#include <string>

#include "lint/rule.h"
#include "lint/rules/step_actions.h"

namespace wfgen::lint::rules {

namespace {

bool is_false(const yaml::Node* v) {
  if (!v || !v->is_scalar()) return false;
  const yaml::Node& r = v->resolved();
  return (r.type() == yaml::ScalarType::Bool && !r.boolean()) || r.value() == "false";
}

class PersistedCredentials final : public Rule {
 public:
  PersistedCredentials()
      : Rule({"persisted-credentials",
              "a job that uploads artifacts checks out with persist-credentials: false",
              Severity::Warning}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    for (const Workflow::Job& job : wf.jobs()) {
      const yaml::Node* checkout = nullptr;  // the first one that keeps the token
      for (const yaml::Node* step : Workflow::steps(job)) {
        if (step_uses(*step, "actions/checkout") && !checkout &&
            !is_false(step_input(*step, "persist-credentials")))
          checkout = step;
        if (checkout && step_uses(*step, "actions/upload-artifact")) {
          sink.report(*checkout->find("uses"),
                      "job '" + std::string(job.id()) + "' checks out with the token kept in "
                      ".git/config and later uploads an artifact: set 'persist-credentials: "
                      "false' on the checkout");
          break;
        }
      }
    }
  }
};

}  // namespace

const Rule& persisted_credentials() {
  static const PersistedCredentials rule;
  return rule;
}

}  // namespace wfgen::lint::rules
