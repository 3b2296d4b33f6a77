// dispatch-inputs: `on.workflow_dispatch` takes only `inputs`; each input has a valid
// name, known keys, a known type, a default of that type, and `options` exactly when it
// is a choice (with the default among them).
#include <string>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

class DispatchInputs final : public Rule {
 public:
  DispatchInputs()
      : Rule({"dispatch-inputs",
              "workflow_dispatch inputs have valid names, known keys, a known type and a "
              "default of that type",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    const yaml::Node* on = wf.root()->find("on");
    const yaml::Node* dispatch = on && on->is_mapping() ? on->find("workflow_dispatch") : nullptr;
    if (!dispatch || dispatch->is_null()) return;
    if (!dispatch->is_mapping()) {
      sink.report(*dispatch, "'workflow_dispatch' must be null or a mapping with 'inputs', not " +
                                 describe(*dispatch));
      return;
    }
    check_keys(*dispatch, {"inputs"}, "'workflow_dispatch'", sink);
    const yaml::Node* inputs = dispatch->find("inputs");
    if (!inputs || !expect_mapping(*inputs, "'workflow_dispatch' 'inputs'", sink)) return;
    for (const yaml::Pair& p : inputs->pairs()) input(p, sink);
  }

 private:
  static void input(const yaml::Pair& p, Sink& sink) {
    std::string name(key_text(*p.key));
    if (!is_identifier(name))
      sink.report(*p.key, "input name '" + name +
                              "' must start with a letter or '_' and hold only letters, digits, "
                              "'-' and '_'");
    std::string what = "input '" + name + "'";
    if (!expect_mapping(*p.value, what, sink)) return;
    const yaml::Node& in = p.value->resolved();
    check_keys(in, {"description", "required", "default", "type", "options", "deprecationMessage"},
               what, sink);
    if (const yaml::Node* d = in.find("description"))
      expect_string(*d, what + " 'description'", sink);
    if (const yaml::Node* d = in.find("deprecationMessage"))
      expect_string(*d, what + " 'deprecationMessage'", sink);
    if (const yaml::Node* r = in.find("required"); r && !is_boolean(*r))
      sink.report(*r, what + " 'required' must be true or false, not " + describe(*r));

    std::string type = "string";
    if (const yaml::Node* t = in.find("type")) {
      if (!expect_one_of(*t, what + " 'type'",
                         {"string", "choice", "boolean", "number", "environment"}, sink))
        return;
      type = t->resolved().value();
    }
    const yaml::Node* options = in.find("options");
    if (type == "choice") {
      if (!options) {
        sink.report(*p.key, "choice " + what + " needs 'options'");
      } else if (expect_sequence(*options, what + " 'options'", sink)) {
        if (options->items().empty()) sink.report(*options, what + " 'options' must not be empty");
        for (const yaml::Node* o : options->items()) expect_string(*o, "an option of " + what, sink);
      }
    } else if (options) {
      sink.report(*options, what + " has 'options' but its type is '" + type +
                                "'; options are for type: choice");
    }

    const yaml::Node* def = in.find("default");
    if (!def || def->is_null()) return;
    if (type == "boolean" && !is_boolean(*def)) {
      sink.report(
          *def, "the default of boolean " + what + " must be true or false, not " + describe(*def));
    } else if (type == "number" && !is_number(*def)) {
      sink.report(*def,
                  "the default of number " + what + " must be a number, not " + describe(*def));
    } else if ((type == "string" || type == "choice" || type == "environment") &&
               !def->is_string()) {
      sink.report(*def, "the default of " + type + " " + what + " must be a string, not " +
                            describe(*def) + " (quote it)");
    } else if (type == "choice" && options && options->is_sequence()) {
      bool found = false;
      for (const yaml::Node* o : options->items())
        found = found || (o->is_scalar() && o->resolved().value() == def->resolved().value());
      if (!found)
        sink.report(*def, "the default '" + std::string(def->resolved().value()) + "' of " + what +
                              " is not one of its options");
    }
  }
};

}  // namespace

const Rule& dispatch_inputs() {
  static const DispatchInputs rule;
  return rule;
}

}  // namespace wfgen::lint::rules
