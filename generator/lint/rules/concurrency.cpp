// concurrency: the workflow's and each job's `concurrency` is a group name, or a mapping
// with a `group` and optionally `cancel-in-progress` (a boolean or an expression) and
// `queue` (single or max).
#include <string>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

class Concurrency final : public Rule {
 public:
  Concurrency()
      : Rule({"concurrency", "concurrency is a group name or {group, cancel-in-progress, queue}",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    if (const yaml::Node* c = wf.root()->find("concurrency")) concurrency(*c, "the workflow", sink);
    for (const Workflow::Job& job : wf.jobs())
      if (const yaml::Node* c = job.body->is_mapping() ? job.body->find("concurrency") : nullptr)
        concurrency(*c, "job '" + std::string(job.id()) + "'", sink);
  }

 private:
  static void concurrency(const yaml::Node& node, const std::string& owner, Sink& sink) {
    std::string what = "the concurrency of " + owner;
    if (is_stringlike(node)) return;
    if (!node.is_mapping()) {
      sink.report(node,
                  what + " must be a group name or a mapping with 'group', not " + describe(node));
      return;
    }
    check_keys(node, {"group", "cancel-in-progress", "queue"}, what, sink);
    if (const yaml::Node* group = node.find("group"))
      expect_string(*group, "'group'", sink);
    else
      sink.report(node, what + " needs a 'group'");
    if (const yaml::Node* cancel = node.find("cancel-in-progress"))
      expect_boolean_or_expression(*cancel, "'cancel-in-progress'", sink);
    if (const yaml::Node* queue = node.find("queue"))
      expect_one_of(*queue, "'queue'", {"single", "max"}, sink);
  }
};

}  // namespace

const Rule& concurrency() {
  static const Concurrency rule;
  return rule;
}

}  // namespace wfgen::lint::rules
