// env: every `env` (workflow, job, step, container, service) is a mapping of variable
// names to plain values (strings, numbers, booleans) or one `${{ }}` expression. A name
// holds no '=' and no whitespace; a value is never null, a list or a mapping.
#include <string>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

class Env final : public Rule {
 public:
  Env()
      : Rule({"env", "env is a mapping of variable names to plain values, or an expression",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    if (const yaml::Node* e = wf.root()->find("env")) env(*e, "the workflow", sink);
    for (const Workflow::Job& job : wf.jobs()) {
      if (!job.body->is_mapping()) continue;
      std::string owner = "job '" + std::string(job.id()) + "'";
      if (const yaml::Node* e = job.body->find("env")) env(*e, owner, sink);
      if (const yaml::Node* c = job.body->find("container"); c && c->is_mapping())
        if (const yaml::Node* e = c->find("env")) env(*e, "the container of " + owner, sink);
      if (const yaml::Node* services = job.body->find("services"); services && services->is_mapping())
        for (const yaml::Pair& p : services->pairs())
          if (const yaml::Node* e = p.value->is_mapping() ? p.value->find("env") : nullptr)
            env(*e, "service '" + std::string(key_text(*p.key)) + "'", sink);
      const std::vector<const yaml::Node*>& steps = Workflow::steps(job);
      for (size_t i = 0; i < steps.size(); ++i)
        if (const yaml::Node* e = steps[i]->is_mapping() ? steps[i]->find("env") : nullptr)
          env(*e, "step " + std::to_string(i + 1) + " of " + owner, sink);
    }
  }

 private:
  static void env(const yaml::Node& node, const std::string& owner, Sink& sink) {
    if (has_expression(node)) return;
    if (!node.is_mapping()) {
      sink.report(node, "the env of " + owner +
                            " must be a mapping of variables or a ${{ }} expression, not " +
                            describe(node));
      return;
    }
    for (const yaml::Pair& p : node.resolved().pairs()) {
      std::string name(key_text(*p.key));
      if (name.empty() || name.find_first_of("= \t\n") != std::string::npos)
        sink.report(*p.key, "'" + name +
                                "' cannot be an environment variable name (no '=' or "
                                "whitespace)");
      if (p.value->is_null())
        sink.report(*p.value, "variable '" + name + "' has no value: write '' for an empty one");
      else if (p.value->is_sequence() || p.value->is_mapping())
        sink.report(*p.value, "variable '" + name + "' must be a string, number or boolean, not " +
                                  describe(*p.value));
    }
  }
};

}  // namespace

const Rule& env() {
  static const Env rule;
  return rule;
}

}  // namespace wfgen::lint::rules
