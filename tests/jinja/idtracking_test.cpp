// Scope analysis: which names each scope starts with as missing, and which for loops
// bind `loop` (the rendering side is covered by tests/cases/assignments.yml).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "jinja/analysis/compile.h"
#include "jinja/options.h"
#include "jinja/syntax/interned_names.h"
#include "jinja/syntax/template.h"

namespace {

using namespace wfgen::jinja;

std::set<std::string> names(const Unbound& unbound) {
  std::set<std::string> out;
  for (uint32_t sym : unbound) out.insert(symbol_name(sym));
  return out;
}

std::shared_ptr<Template> parse(const std::string& source) {
  return compile_template("t", source, EnvironmentOptions{});
}

template <class T>
const T& first(const Body& body, StmtKind kind) {
  auto it = std::find_if(body.begin(), body.end(), [&](const auto& s) { return s->kind == kind; });
  EXPECT_NE(it, body.end());
  return static_cast<const T&>(**it);
}

TEST(Scoping, AssignedBeforeReadIsMissingAtTheTop) {
  auto t =
      parse("{% for b in [1] %}{{ x }}{% endfor %}{% set x = 2 %}{% macro m() %}{% endmacro %}");
  EXPECT_EQ(names(t->unbound()), (std::set<std::string>{"x", "m"}));
}

TEST(Scoping, ReadBeforeAssignedIsResolved) {
  auto t = parse("{{ x }}{% set x = 2 %}{% set y = y %}");
  EXPECT_TRUE(t->unbound().empty());
}

TEST(Scoping, AssignedOnlyInAnIfBranchIsResolved) {
  auto t = parse("{% if c %}{% set x = 1 %}{% else %}{% set y = 2 %}{% endif %}{% set z = 3 %}");
  EXPECT_EQ(names(t->unbound()), (std::set<std::string>{"z"}));
}

TEST(Scoping, EachKindOfScopeHasItsOwnList) {
  auto t = parse(
      "{% for i in s %}{% set a = 1 %}{% else %}{% set b = 1 %}{% endfor %}"
      "{% macro m(p, q=p) %}{% set p = 2 %}{% set c = 1 %}{% endmacro %}"
      "{% with w = 1 %}{% set d = 1 %}{% endwith %}"
      "{% set v %}{% set e = 1 %}{% endset %}"
      "{% filter upper %}{% set f = 1 %}{% endfilter %}"
      "{% block k %}{% set g = 1 %}{% endblock %}");
  const Body& body = t->body();
  const auto& loop = first<ForStmt>(body, StmtKind::For);
  EXPECT_EQ(names(loop.unbound), (std::set<std::string>{"a"}));
  EXPECT_EQ(names(loop.else_unbound), (std::set<std::string>{"b"}));
  // Parameters are never missing, even when the body assigns them.
  EXPECT_EQ(names(first<MacroStmt>(body, StmtKind::Macro).def->unbound),
            (std::set<std::string>{"c"}));
  EXPECT_EQ(names(first<WithStmt>(body, StmtKind::With).unbound),
            (std::set<std::string>{"w", "d"}));
  EXPECT_EQ(names(first<SetBlockStmt>(body, StmtKind::SetBlock).unbound),
            (std::set<std::string>{"e"}));
  EXPECT_EQ(names(first<FilterBlockStmt>(body, StmtKind::FilterBlock).unbound),
            (std::set<std::string>{"f"}));
  EXPECT_EQ(names(t->block("k")->unbound), (std::set<std::string>{"g"}));
  // The top level assigns m and v (w, a, ... belong to the inner scopes).
  EXPECT_EQ(names(t->unbound()), (std::set<std::string>{"m", "v"}));
}

TEST(Scoping, InnerAssignmentOfAnOuterNameIsNotMissing) {
  // `x` exists in the enclosing scope: the loop's own `x` starts as a copy of it.
  auto t = parse("{% set x = 1 %}{% for i in s %}{% set x = 2 %}{% endfor %}");
  EXPECT_TRUE(first<ForStmt>(t->body(), StmtKind::For).unbound.empty());
}

TEST(Scoping, LoopIsBoundOnlyWhenNeeded) {
  auto t = parse(
      "{% for i in s %}{{ i }}{% endfor %}"
      "{% for i in s %}{% if loop.first %}{% endif %}{% endfor %}"
      "{% for i in s recursive %}{% endfor %}"
      "{% for i in s %}{% block b scoped %}{% endblock %}{% endfor %}"
      "{% for i in s %}{% block c %}{{ loop }}{% endblock %}{% endfor %}");
  std::vector<bool> uses;
  for (const auto& s : t->body()) uses.push_back(static_cast<const ForStmt&>(*s).uses_loop);
  EXPECT_EQ(uses, (std::vector<bool>{false, true, true, true, false}));
}

}  // namespace
