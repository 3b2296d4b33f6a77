// dangerous-triggers: `pull_request_target` and `workflow_run` run in the base
// repository's context, with its secrets and a token that can write. A job there that
// checks out the pull request's code (its head ref or SHA) and builds or runs it hands
// both to whoever opened the pull request ("pwn request").
#include <string>
#include <vector>

#include "lint/expression/check.h"
#include "lint/expression/parser.h"
#include "lint/rule.h"
#include "lint/rules/step_actions.h"

namespace wfgen::lint::rules {

namespace {

// The privileged triggers `on` names, in the order written.
std::vector<std::string> privileged_triggers(const yaml::Node& on) {
  std::vector<std::string> out;
  auto consider = [&](std::string_view e) {
    if (e == "pull_request_target" || e == "workflow_run") out.emplace_back(e);
  };
  if (on.is_scalar()) consider(on.value());
  if (on.is_sequence())
    for (const yaml::Node* e : on.items())
      if (e->is_scalar()) consider(e->resolved().value());
  if (on.is_mapping())
    for (const auto& pair : on.pairs()) consider(pair.key->resolved().value());
  return out;
}

// Whether a checkout `ref` names the pull request's code.
bool names_pr_code(const Workflow& wf, const yaml::Node& ref) {
  if (!ref.is_string()) return false;
  std::string_view v = ref.value();
  if (v.find("refs/pull/") != std::string_view::npos) return true;
  static const std::vector<std::vector<std::string>> heads = {
      {"github", "head_ref"},
      {"github", "event", "pull_request", "head", "**"},
      {"github", "event", "workflow_run", "head_branch"},
      {"github", "event", "workflow_run", "head_sha"},
      {"github", "event", "workflow_run", "head_commit", "**"},
  };
  for (const ExpressionSpan& span : wf.expressions(ref)) {
    if (!span.closed) continue;
    expr::Parsed p = expr::parse(span.inner(v));
    if (!p.root) continue;
    for (const expr::Access& a : expr::accesses(*p.root))
      for (const auto& h : heads)
        if (expr::path_matches(a.path, h)) return true;
  }
  return false;
}

class DangerousTriggers final : public Rule {
 public:
  DangerousTriggers()
      : Rule({"dangerous-triggers",
              "a pull_request_target or workflow_run workflow does not check out the pull "
              "request's code",
              Severity::Warning}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    const yaml::Node* on = wf.root()->find("on");
    if (!on) return;
    std::vector<std::string> triggers = privileged_triggers(*on);
    if (triggers.empty()) return;
    for (const Workflow::Job& job : wf.jobs())
      for (const yaml::Node* step : Workflow::steps(job)) {
        if (!step_uses(*step, "actions/checkout")) continue;
        const yaml::Node* ref = step_input(*step, "ref");
        if (ref && names_pr_code(wf, *ref))
          sink.report(*ref, "job '" + std::string(job.id()) + "' checks out the pull request's "
                            "code in a " + triggers[0] + " workflow, which runs with the base "
                            "repository's secrets and a write token: whoever opens the pull "
                            "request can take them. Use pull_request, or never run that code "
                            "here");
      }
  }
};

}  // namespace

const Rule& dangerous_triggers() {
  static const DangerousTriggers rule;
  return rule;
}

}  // namespace wfgen::lint::rules
