// strategy: a job's `strategy` holds a `matrix` (a mapping of axes to non-empty lists,
// with `include`/`exclude` lists of mappings, or one expression), `fail-fast` and
// `max-parallel`. Static excludes name only the matrix's axes: GitHub refuses an exclude
// key that matches no axis.
#include <string>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

class Strategy final : public Rule {
 public:
  Strategy()
      : Rule({"strategy",
              "strategy has a matrix of non-empty axes with include/exclude lists of mappings, "
              "and valid fail-fast/max-parallel",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    for (const Workflow::Job& job : wf.jobs()) {
      // The pair's own value: `strategy: *s` is an alias, reported at (Sink::Through).
      const yaml::Pair* pair = job.body->is_mapping() ? job.body->find_pair("strategy") : nullptr;
      if (!pair) continue;
      const yaml::Node* strategy = pair->value;
      std::string what = "the strategy of job '" + std::string(job.id()) + "'";
      if (is_expression(*strategy)) continue;
      Sink::Through through(sink, *strategy);
      if (!expect_mapping(*strategy, what, sink)) continue;
      check_keys(*strategy, {"matrix", "fail-fast", "max-parallel"}, what, sink);
      if (const yaml::Node* ff = strategy->find("fail-fast"))
        expect_boolean_or_expression(*ff, "'fail-fast'", sink);
      if (const yaml::Node* mp = strategy->find("max-parallel")) {
        if (expect_number_or_expression(*mp, "'max-parallel'", sink) && is_number(*mp) &&
            !(number_value(*mp) >= 1))
          sink.report(*mp, "'max-parallel' must be at least 1");
      }
      // The pair's own value: an alias there is where its problems are reported.
      const yaml::Pair* matrix = strategy->find_pair("matrix");
      if (!matrix)
        sink.report(*strategy, what + " has no 'matrix'");
      else
        check_matrix(*matrix->value, sink);
    }
  }

 private:
  // Problems of a node reached through an alias (`os: *v`, `include: *inc`, an exclude
  // item `*e`, the whole `matrix: *m`) are reported at that alias (Sink::Through).
  static void check_matrix(const yaml::Node& matrix_node, Sink& sink) {
    if (is_expression(matrix_node)) return;
    if (!matrix_node.is_mapping()) {
      sink.report(matrix_node, "'matrix' must be a mapping of axes or a ${{ }} expression, not " +
                                   describe(matrix_node));
      return;
    }
    Sink::Through through(sink, matrix_node);
    const yaml::Node& matrix = matrix_node.resolved();
    if (matrix.pairs().empty()) sink.report(matrix_node, "'matrix' must define at least one axis");
    std::vector<std::string> axes;
    bool dynamic_axes = false;
    for (const yaml::Pair& p : matrix.pairs()) {
      std::string key(key_text(*p.key));
      if (key == "include" || key == "exclude") {
        combinations(*p.value, "'" + key + "'", sink);
        continue;
      }
      axes.push_back(key);
      if (is_expression(*p.value)) {
        dynamic_axes = true;
        continue;
      }
      if (!p.value->is_sequence()) {
        sink.report(*p.value, "matrix axis '" + key +
                                  "' must be a list of values or a ${{ }} expression, not " +
                                  describe(*p.value));
        continue;
      }
      if (p.value->resolved().items().empty())
        sink.report(*p.value, "matrix axis '" + key + "' must have at least one value");
    }
    const yaml::Pair* exclude_pair = matrix.find_pair("exclude");
    const yaml::Node* exclude = exclude_pair ? exclude_pair->value : nullptr;
    if (dynamic_axes || !exclude || !exclude->is_sequence()) return;
    Sink::Through through_exclude(sink, *exclude);
    for (const yaml::Node* item : exclude->resolved().items()) {
      if (!item->is_mapping()) continue;
      Sink::Through through_item(sink, *item);
      for (const yaml::Pair& p : item->resolved().pairs()) {
        std::string_view k = key_text(*p.key);
        bool known = false;
        for (const auto& a : axes) known = known || a == k;
        if (!known)
          sink.report(*p.key, "exclude key '" + std::string(k) +
                                  "' matches no axis of the matrix; GitHub refuses it");
      }
    }
  }

  // `include` / `exclude`: a non-empty list of mappings, or an expression.
  static void combinations(const yaml::Node& node, const std::string& what, Sink& sink) {
    if (is_expression(node)) return;
    if (!node.is_sequence()) {
      sink.report(node, what + " must be a list of mappings or a ${{ }} expression, not " +
                            describe(node));
      return;
    }
    Sink::Through through(sink, node);
    if (node.resolved().items().empty()) sink.report(node, what + " must not be empty");
    for (const yaml::Node* item : node.resolved().items())
      if (!is_expression(*item) && !item->is_mapping())
        sink.report(*item, "an item of " + what + " must be a mapping, not " + describe(*item));
  }
};

}  // namespace

const Rule& strategy() {
  static const Strategy rule;
  return rule;
}

}  // namespace wfgen::lint::rules
