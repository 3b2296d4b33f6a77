// workflow-keys: the top level holds only the keys of GitHub's workflow syntax, with `on`
// and at least one job; `name` and `run-name` are strings.
#include <string>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

const std::vector<std::string> kTopLevel = {"name", "run-name", "on",          "permissions",
                                            "env",  "defaults", "concurrency", "jobs"};

class WorkflowKeys final : public Rule {
 public:
  WorkflowKeys()
      : Rule({"workflow-keys",
              "the top level holds only GitHub's workflow keys, with 'on' and a non-empty 'jobs'",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    const yaml::Node& root = *wf.root();
    const yaml::Node* true_key = nullptr;
    for (const yaml::Pair& p : root.pairs()) {
      std::string_view k = key_text(*p.key);
      if (k == "true" || k == "True" || k == "TRUE") {
        // A YAML 1.1 writer (PyYAML, old yq) turned `on:` into `true:`.
        true_key = p.key;
        sink.report(*p.key, "unknown key '" + std::string(k) +
                                "' at the top level: a YAML 1.1 tool wrote `on:` as a boolean; "
                                "write `on:` (or 'on':)");
      }
    }
    std::vector<std::string> allowed = kTopLevel;
    if (true_key) allowed.push_back(std::string(key_text(*true_key)));
    check_keys(root, allowed, "the workflow", sink);

    if (!root.find("on") && !true_key)
      sink.report(root, "the workflow has no 'on': GitHub needs the events that trigger it");
    if (const yaml::Node* name = root.find("name")) expect_string(*name, "'name'", sink);
    if (const yaml::Node* run_name = root.find("run-name"))
      expect_string(*run_name, "'run-name'", sink);

    const yaml::Node* jobs = root.find("jobs");
    if (!jobs) {
      sink.report(root, "the workflow has no 'jobs'");
    } else if (expect_mapping(*jobs, "'jobs'", sink) && jobs->pairs().empty()) {
      sink.report(*jobs, "'jobs' must define at least one job");
    }
  }
};

}  // namespace

const Rule& workflow_keys() {
  static const WorkflowKeys rule;
  return rule;
}

}  // namespace wfgen::lint::rules
