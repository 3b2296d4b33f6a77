// dispatch-input-count: `workflow_dispatch` defines at most 25 inputs ("The maximum number
// of top-level properties for `inputs` is 25", GitHub's workflow syntax reference; it was
// 10 until December 2025). GitHub refuses the whole file past it.
#include <string>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

constexpr size_t kMaxInputs = 25;

class DispatchInputCount final : public Rule {
 public:
  DispatchInputCount()
      : Rule({"dispatch-input-count", "workflow_dispatch defines at most 25 inputs",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    const yaml::Node* on = wf.root()->find("on");
    const yaml::Node* dispatch = on && on->is_mapping() ? on->find("workflow_dispatch") : nullptr;
    const yaml::Node* inputs =
        dispatch && dispatch->is_mapping() ? dispatch->find("inputs") : nullptr;
    if (!inputs || !inputs->is_mapping() || inputs->pairs().size() <= kMaxInputs) return;
    const yaml::Pair& first_extra = inputs->pairs()[kMaxInputs];
    sink.report(*first_extra.key, "workflow_dispatch defines " +
                                      std::to_string(inputs->pairs().size()) +
                                      " inputs; GitHub allows at most 25 (this is input 26, '" +
                                      std::string(key_text(*first_extra.key)) + "')");
  }
};

}  // namespace

const Rule& dispatch_input_count() {
  static const DispatchInputCount rule;
  return rule;
}

}  // namespace wfgen::lint::rules
