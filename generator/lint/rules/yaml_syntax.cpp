// yaml-syntax: the file is one well-formed YAML document whose top level is a mapping.
// GitHub refuses a file it cannot parse, and reads only a single document.
#include <string>

#include "lint/rule.h"

namespace wfgen::lint::rules {

namespace {

class YamlSyntax final : public Rule {
 public:
  YamlSyntax()
      : Rule({"yaml-syntax",
              "the file is one well-formed YAML document (no tabs in indentation) whose top "
              "level is a mapping",
              Severity::Error, /*reads_unparsed=*/true}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    const yaml::Tree& tree = wf.yaml();
    if (const yaml::Diagnostic* e = wf.parse_error()) {
      report(*e, sink);
      return;
    }
    // Values no reader can take (`!!int abc`): the file parses, the value does not.
    for (const yaml::Diagnostic& d : tree.diagnostics())
      if (d.kind == yaml::DiagKind::InvalidValue) report(d, sink);
    const yaml::Node* root = tree.root();
    if (!root || root->is_null()) {
      sink.report(Position{1, 1},
                  "the file holds no YAML document: a workflow is a mapping "
                  "with at least 'on' and 'jobs'");
      return;
    }
    if (!root->is_mapping())
      sink.report(*root, "the top level must be a mapping of workflow keys, not " +
                             std::string(root->is_sequence() ? "a list" : "a scalar"));
    if (tree.documents().size() > 1) {
      Position second{tree.documents()[1].start.line, tree.documents()[1].start.col};
      sink.report(second,
                  "a second YAML document starts here: a workflow file is one "
                  "document (GitHub stops at the first)");
    }
  }

 private:
  static void report(const yaml::Diagnostic& d, Sink& sink) {
    Position at{d.mark.line, d.mark.col};
    if (d.kind == yaml::DiagKind::Tab)
      sink.report(at, "a tab in the indentation: YAML indents with spaces only");
    else
      sink.report(at, "invalid YAML: " + d.message);
  }
};

}  // namespace

const Rule& yaml_syntax() {
  static const YamlSyntax rule;
  return rule;
}

}  // namespace wfgen::lint::rules
