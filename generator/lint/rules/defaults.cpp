// defaults: the workflow's and each job's `defaults` is `{run: {shell, working-directory}}`
// with at least one setting.
#include <string>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

class Defaults final : public Rule {
 public:
  Defaults()
      : Rule({"defaults", "defaults is {run: {shell, working-directory}}", Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    if (const yaml::Node* d = wf.root()->find("defaults")) defaults(*d, "the workflow", sink);
    for (const Workflow::Job& job : wf.jobs())
      if (const yaml::Node* d = job.body->is_mapping() ? job.body->find("defaults") : nullptr)
        defaults(*d, "job '" + std::string(job.id()) + "'", sink);
  }

 private:
  static void defaults(const yaml::Node& node, const std::string& owner, Sink& sink) {
    std::string what = "the defaults of " + owner;
    if (!expect_mapping(node, what, sink)) return;
    check_keys(node, {"run"}, what, sink);
    const yaml::Node* run = node.find("run");
    if (!run) {
      if (node.pairs().empty()) sink.report(node, what + " must set 'run'");
      return;
    }
    if (!expect_mapping(*run, "'defaults' 'run'", sink)) return;
    check_keys(*run, {"shell", "working-directory"}, "'defaults' 'run'", sink);
    if (run->pairs().empty())
      sink.report(*run, "'defaults' 'run' must set 'shell' or 'working-directory'");
    for (const char* k : {"shell", "working-directory"})
      if (const yaml::Node* v = run->find(k)) expect_string(*v, std::string("'") + k + "'", sink);
  }
};

}  // namespace

const Rule& defaults() {
  static const Defaults rule;
  return rule;
}

}  // namespace wfgen::lint::rules
