// expression: every `${{` is closed by its `}}`; every `${{ }}` (and every bare job or
// step `if:`) parses with GitHub's grammar, calls functions that exist with the arguments
// they take, reads known contexts, and gives format() the arguments its placeholders
// name. GitHub rejects the file for all but the last; an unused format() argument is a
// warning.
#include "lint/expression/check.h"
#include "lint/expression/in_workflow.h"
#include "lint/rule.h"

namespace wfgen::lint::rules {

namespace {

class Expression final : public Rule {
 public:
  Expression()
      : Rule({"expression",
              "expressions parse with GitHub's grammar; functions exist and get their "
              "arguments; contexts are known; format() placeholders match its arguments",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    // GitHub refuses the file: "The expression is not closed. An unescaped ${{ sequence
    // was found, but the closing }} sequence was not found."
    for (const expr::Index::Unclosed& u : expr::index_of(wf).unclosed)
      sink.report(wf.position_in(*u.scalar, u.offset),
                  "this '${{' is not closed: no '}}' follows it outside a string literal");
    expr::for_each_expression(wf, [&](const expr::Occurrence& e) {
      if (e.parsed.error) {
        sink.report(e.position(wf, e.parsed.error->offset),
                    "invalid expression: " + e.parsed.error->message);
        return;
      }
      for (const expr::Problem& p : expr::check(*e.parsed.root))
        sink.report(e.position(wf, p.offset), p.message, p.severity);
    });
  }
};

}  // namespace

const Rule& expression() {
  static const Expression rule;
  return rule;
}

}  // namespace wfgen::lint::rules
