// steps: a job's `steps` is a non-empty list of mappings; each step has exactly one of
// `uses` (an action: owner/repo[/path]@ref, ./local/path or docker://image) and `run`
// (a script), only the keys of its kind, and the right shape for each.
#include <string>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

const std::vector<std::string> kStepKeys = {"id",
                                            "if",
                                            "name",
                                            "uses",
                                            "run",
                                            "working-directory",
                                            "shell",
                                            "with",
                                            "env",
                                            "continue-on-error",
                                            "timeout-minutes"};

class Steps final : public Rule {
 public:
  Steps()
      : Rule({"steps",
              "steps are a non-empty list; each step has exactly one of 'uses' and 'run' and "
              "only the keys of its kind",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    for (const Workflow::Job& job : wf.jobs()) {
      if (!job.body->is_mapping() || job.calls_workflow()) continue;
      const yaml::Node* steps = job.body->find("steps");
      if (!steps) continue;  // job-keys reports it
      auto what = [&] { return "the steps of job '" + std::string(job.id()) + "'"; };
      if (!expect_sequence(*steps, what, sink)) continue;
      if (steps->items().empty()) sink.report(*steps, what() + " must list at least one step");
      for (size_t i = 0; i < steps->items().size(); ++i)
        step(*steps->items()[i], job, i, sink);
    }
  }

 private:
  static void step(const yaml::Node& node, const Workflow::Job& job, size_t index, Sink& sink) {
    auto what = [&] {
      return "step " + std::to_string(index + 1) + " of job '" + std::string(job.id()) + "'";
    };
    if (!expect_mapping(node, what, sink)) return;
    const yaml::Node& s = node.resolved();
    const yaml::Node* uses = s.find("uses");
    const yaml::Node* run = s.find("run");
    if (uses && run) {
      sink.report(s, what() + " has both 'uses' and 'run': a step runs an action or a script");
    } else if (!uses && !run) {
      sink.report(s, what() + " needs 'uses' (an action) or 'run' (a script)");
    }
    check_keys(s, kStepKeys, what, sink);
    for (const yaml::Pair& p : s.pairs()) {
      std::string_view k = key_text(*p.key);
      if (uses && !run && (k == "shell" || k == "working-directory"))
        sink.report(*p.key, "'" + std::string(k) + "' is only for a 'run' step; " + what() +
                                " uses an action");
      if (run && !uses && k == "with")
        sink.report(*p.key, "'with' is only for a step that 'uses' an action; " + what() +
                                " runs a script (use 'env' to pass values)");
    }
    for (const char* k : {"name", "run", "shell", "working-directory", "id"})
      if (const yaml::Node* v = s.find(k))
        expect_string(*v, [&] { return what() + " '" + k + "'"; }, sink);
    if (const yaml::Node* cond = s.find("if"); cond && (!cond->is_scalar() || cond->is_null()))
      sink.report(*cond, what() + " 'if' must be a condition, not " + describe(*cond));
    if (const yaml::Node* coe = s.find("continue-on-error"))
      expect_boolean_or_expression(*coe, [&] { return what() + " 'continue-on-error'"; }, sink);
    if (uses && expect_string(*uses, [&] { return what() + " 'uses'"; }, sink))
      action_ref(*uses, sink);
    if (const yaml::Node* with = s.find("with"); with && uses) {
      if (!expect_mapping(*with, [&] { return what() + " 'with'"; }, sink)) return;
      for (const yaml::Pair& p : with->pairs())
        if (!p.value->is_null())
          expect_string(
              *p.value, [&] { return "input '" + std::string(key_text(*p.key)) + "'"; }, sink);
    }
  }

  static void action_ref(const yaml::Node& uses, Sink& sink) {
    const std::string_view ref = uses.resolved().value();
    if (ref.find("${{") != std::string::npos) {
      sink.report(uses,
                  "'uses' cannot hold an expression: GitHub resolves actions before the "
                  "run starts");
      return;
    }
    if (ref.rfind("./", 0) == 0 || ref.rfind("docker://", 0) == 0) return;
    size_t at = ref.find('@');
    std::string_view path = ref.substr(0, at);
    size_t slash = path.find('/');
    bool ok = at != std::string::npos && at + 1 < ref.size() && slash != std::string_view::npos &&
              slash > 0 && slash + 1 < path.size();
    if (!ok)
      sink.report(uses, "'uses: " + std::string(ref) +
                            "' must be OWNER/REPO[/PATH]@REF, ./PATH (an action in this "
                            "repository) or docker://IMAGE");
  }
};

}  // namespace

const Rule& steps() {
  static const Steps rule;
  return rule;
}

}  // namespace wfgen::lint::rules
