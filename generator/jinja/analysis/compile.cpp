#include "jinja/analysis/compile.h"

#include "jinja/analysis/constant_folding.h"
#include "jinja/analysis/idtracking.h"
#include "jinja/analysis/macro_purity.h"
#include "jinja/analysis/unknown_filters_tests.h"
#include "jinja/builtins/registry.h"
#include "jinja/syntax/node_children.h"
#include "jinja/syntax/parser.h"
#include "jinja/syntax/template.h"

namespace wfgen::jinja {

namespace {

// Looks up every filter and test in the registry.
void resolve_builtins(Expr* e) {
  for_each_child(*e, [](Expr* child) { resolve_builtins(child); });
  if (e->kind == ExprKind::Filter) {
    auto* f = static_cast<FilterExpr*>(e);
    f->builtin = find_filter(f->name);
  } else if (e->kind == ExprKind::Test) {
    auto* t = static_cast<TestExpr*>(e);
    t->builtin = find_test(t->name);
  }
}

// Then the constant slices (whether a node is constant depends on its builtins).
// `printed`: e is the whole of a {{ }}.
void annotate(Expr* e, bool printed) {
  resolve_builtins(e);
  mark_fold_chains(*e, printed);
}

void annotate(const Body& body) {
  for (const StmtPtr& s : body) {
    bool print = s->kind == StmtKind::Print;
    for_each_part(
        *s, [print](Expr* e) { annotate(e, print); },
        [](const Body& b) { annotate(b); });
  }
}

std::shared_ptr<Template> run_passes(std::shared_ptr<Template> tmpl) {
  annotate(tmpl->body());
  mark_memoizable_macros(tmpl->body());  // reads the builtins annotate found
  resolve_scopes(*tmpl);
  check_unknown_filters_tests(*tmpl);
  return tmpl;
}

}  // namespace

std::shared_ptr<Template> compile_template(std::string name, std::string_view source,
                                           const EnvironmentOptions& options,
                                           std::string filename) {
  return run_passes(parse_template(std::move(name), source, options, std::move(filename)));
}

std::shared_ptr<Template> compile_expression(std::string name, std::string_view source,
                                             const EnvironmentOptions& options,
                                             uint32_t result_symbol) {
  return run_passes(parse_expression_template(std::move(name), source, options, result_symbol));
}

}  // namespace wfgen::jinja
