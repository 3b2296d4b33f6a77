// workflow-call: the interface of a reusable workflow, `on.workflow_call`: inputs with a
// type (boolean, number, string) and a default of that type, outputs with a `value`,
// secrets with at most a description and `required`.
#include <string>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

class WorkflowCall final : public Rule {
 public:
  WorkflowCall()
      : Rule({"workflow-call",
              "workflow_call inputs (typed, with a default of that type), outputs (with a "
              "value) and secrets are well formed",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    const yaml::Node* on = wf.root()->find("on");
    const yaml::Node* call = on && on->is_mapping() ? on->find("workflow_call") : nullptr;
    if (!call || call->is_null()) return;
    if (!call->is_mapping()) {
      sink.report(*call,
                  "'workflow_call' must be null or a mapping of inputs, outputs and "
                  "secrets, not " +
                      describe(*call));
      return;
    }
    check_keys(*call, {"inputs", "outputs", "secrets"}, "'workflow_call'", sink);
    if (const yaml::Node* inputs = call->find("inputs"); inputs && !inputs->is_null())
      if (expect_mapping(*inputs, "'workflow_call' 'inputs'", sink))
        for (const yaml::Pair& p : inputs->pairs()) input(p, sink);
    if (const yaml::Node* outputs = call->find("outputs"); outputs && !outputs->is_null())
      if (expect_mapping(*outputs, "'workflow_call' 'outputs'", sink))
        for (const yaml::Pair& p : outputs->pairs()) output(p, sink);
    if (const yaml::Node* secrets = call->find("secrets"); secrets && !secrets->is_null())
      if (expect_mapping(*secrets, "'workflow_call' 'secrets'", sink))
        for (const yaml::Pair& p : secrets->pairs()) secret(p, sink);
  }

 private:
  static std::string named(const yaml::Pair& p, std::string_view kind, Sink& sink) {
    std::string name(key_text(*p.key));
    if (!is_identifier(name))
      sink.report(*p.key, std::string(kind) + " name '" + name +
                              "' must start with a letter or '_' and hold only letters, digits, "
                              "'-' and '_'");
    return std::string(kind) + " '" + name + "'";
  }

  static void input(const yaml::Pair& p, Sink& sink) {
    std::string what = named(p, "input", sink);
    if (!expect_mapping(*p.value, what, sink)) return;
    const yaml::Node& in = p.value->resolved();
    check_keys(in, {"description", "required", "default", "type"}, what, sink);
    if (const yaml::Node* d = in.find("description"))
      expect_string(*d, what + " 'description'", sink);
    if (const yaml::Node* r = in.find("required"); r && !is_boolean(*r))
      sink.report(*r, what + " 'required' must be true or false, not " + describe(*r));
    const yaml::Node* type = in.find("type");
    if (!type) {
      sink.report(*p.key, what + " needs a 'type': boolean, number or string");
      return;
    }
    if (!expect_one_of(*type, what + " 'type'", {"boolean", "number", "string"}, sink)) return;
    const yaml::Node* def = in.find("default");
    if (!def || def->is_null() || is_expression(*def)) return;
    const std::string t(type->resolved().value());
    bool ok = t == "boolean"  ? is_boolean(*def)
              : t == "number" ? is_number(*def)
                              : def->is_string();
    if (!ok)
      sink.report(*def, "the default of " + t + " " + what + " must be " +
                            (t == "boolean"  ? "true or false"
                             : t == "number" ? "a number"
                                             : "a string") +
                            ", not " + describe(*def));
  }

  static void output(const yaml::Pair& p, Sink& sink) {
    std::string what = named(p, "output", sink);
    if (!expect_mapping(*p.value, what, sink)) return;
    const yaml::Node& out = p.value->resolved();
    check_keys(out, {"description", "value"}, what, sink);
    if (const yaml::Node* d = out.find("description"))
      expect_string(*d, what + " 'description'", sink);
    if (const yaml::Node* v = out.find("value"))
      expect_string(*v, what + " 'value'", sink);
    else
      sink.report(*p.key, what + " needs a 'value' (usually ${{ jobs.<job>.outputs.<name> }})");
  }

  static void secret(const yaml::Pair& p, Sink& sink) {
    std::string what = named(p, "secret", sink);
    if (p.value->is_null()) return;
    if (!expect_mapping(*p.value, what, sink)) return;
    const yaml::Node& s = p.value->resolved();
    check_keys(s, {"description", "required"}, what, sink);
    if (const yaml::Node* d = s.find("description")) expect_string(*d, what + " 'description'", sink);
    if (const yaml::Node* r = s.find("required"); r && !is_boolean(*r))
      sink.report(*r, what + " 'required' must be true or false, not " + describe(*r));
  }
};

}  // namespace

const Rule& workflow_call() {
  static const WorkflowCall rule;
  return rule;
}

}  // namespace wfgen::lint::rules
