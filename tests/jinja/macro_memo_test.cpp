// Memoizable macros (analysis/macro_purity.h) and their memo (runtime/macro_memo.h): which
// macros print a function of their arguments, and that a call answered from the memo is
// indistinguishable from one that runs: same bytes, same errors, same limits.
#include "jinja/analysis/macro_purity.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "jinja/error.h"
#include "jinja/runtime/environment.h"
#include "jinja/runtime/macro_memo.h"
#include "jinja/runtime/output.h"
#include "jinja/runtime/source_trace.h"
#include "jinja/syntax/template.h"

namespace wfgen::jinja {
namespace {

// Whether the macro `m` that `source` defines (at its top level, or inside an if) is
// memoizable.
bool memoizable(const std::string& source) {
  Environment env;
  auto tmpl = env.from_string(source);
  const MacroDef* found = nullptr;
  std::function<void(const Body&)> find = [&](const Body& body) {
    for (const StmtPtr& s : body) {
      if (s->kind == StmtKind::Macro && static_cast<const MacroStmt&>(*s).def->name == "m")
        found = static_cast<const MacroStmt&>(*s).def.get();
      if (s->kind == StmtKind::If)
        for (const auto& [test, inner] : static_cast<const IfStmt&>(*s).branches) find(inner);
    }
  };
  find(tmpl->body());
  EXPECT_NE(found, nullptr) << source;
  return found && found->memoizable;
}

std::string macro(const std::string& params, const std::string& body) {
  return "{% macro m(" + params + ") %}" + body + "{% endmacro %}";
}

TEST(MacroPurity, PrintingAndBranchingOnParametersIsMemoizable) {
  // The shape of templates/common.yml.j2's scalar().
  EXPECT_TRUE(memoizable(macro(
      "v",
      "{% if v is string %}{% if v == '' or v[0] in '-:' or (v|replace('.', '', 1)).isdigit() "
      "or v|float(none) is not none or v|int(none, 0) is not none or v[:4].isdigit() "
      "%}'{{ v|replace(\"'\", \"''\") }}'{% else %}{{ v }}{% endif %}"
      "{% elif v is sameas true %}true{% elif v is none %}null{% else %}{{ v }}{% endif %}")));
  EXPECT_TRUE(memoizable(macro("a, b=1", "{{ a ~ b }} {{ a.upper() }} {{ [a, b]|join(',') }}")));
  EXPECT_TRUE(memoizable(macro("", "constant text")));
  EXPECT_TRUE(memoizable("{% if true %}" + macro("v", "{{ v }}") + "{% endif %}"));  // nested
}

TEST(MacroPurity, AnythingElseTheOutputCouldDependOnIsNot) {
  EXPECT_FALSE(memoizable(macro("v", "{{ v ~ suffix }}")));         // a template variable
  EXPECT_FALSE(memoizable(macro("v", "{{ v }}{{ loop.index }}")));  // the caller's loop
  EXPECT_FALSE(memoizable(macro("v", "{{ caller() }}")));
  EXPECT_FALSE(memoizable(macro("v", "{{ varargs }}")));
  EXPECT_FALSE(memoizable(macro("v", "{{ kwargs }}")));
  EXPECT_FALSE(memoizable(macro("v", "{{ range(v)|list }}")));     // a call of a name
  EXPECT_FALSE(memoizable(macro("v", "{% set w = v %}{{ w }}")));  // set, for: not yet
  EXPECT_FALSE(memoizable(macro("v", "{% for c in v %}{{ c }}{% endfor %}")));
  EXPECT_FALSE(memoizable(macro("v", "{{ v.append(1) }}")));  // changes its argument
  EXPECT_FALSE(memoizable(macro("v", "{{ v|random }}")));     // reads the context
  EXPECT_FALSE(memoizable(macro("v", "{{ [v]|map('upper')|list }}")));
  EXPECT_FALSE(memoizable(macro("v", "{% if v|no_such_filter %}x{% endif %}")));  // raises then
  EXPECT_FALSE(memoizable(macro("v, w", "{{ v is sameas w }}")));  // identity, not value
  EXPECT_FALSE(memoizable(macro("v", "{{ v is sameas 'x' }}")));
  EXPECT_FALSE(memoizable(macro("v", "{% include 'x' %}")));
}

struct Rendered {
  std::string output;
  size_t kept = 0;  // outputs in the environment's memo after the render
};

Rendered render(const std::string& source, EnvironmentOptions options = {}) {
  Environment env(options);
  Rendered r;
  r.output = env.render(*env.from_string(source), Value::dict());
  r.kept = env.macro_memo().size();
  return r;
}

const std::string kShow = macro("v", "{{ v is sameas true }}-{{ v }}");

TEST(MacroMemo, EqualArgumentsOfOneTypeShareAnOutput) {
  // 1, 1.0, true and '1' are equal or print alike, but each prints as its type does.
  Rendered r =
      render(kShow + "{% for v in [1, 1.0, true, '1', 1, true, '1'] %}[{{ m(v) }}]{% endfor %}");
  EXPECT_EQ(r.output, "[False-1][False-1.0][True-True][False-1][False-1][True-True][False-1]");
  EXPECT_EQ(r.kept, 4u);
  // Markup and str apart; -0.0 and 0.0 apart.
  r = render(kShow + "{{ m('<a>'|safe) }}{{ m('<a>') }}{{ m(-0.0) }}{{ m(0.0) }}{{ m(0.0) }}");
  EXPECT_EQ(r.output, "False-<a>False-<a>False--0.0False-0.0False-0.0");
  EXPECT_EQ(r.kept, 4u);
}

TEST(MacroMemo, ReturnedAndPrintedCallsAgree) {
  // Kept when returned, given back printed; and the other way round.
  Rendered r = render(kShow +
                      "{% set x = m('a') %}[{{ x }}][{{ m('a') }}][{{ m('b') }}]"
                      "{% set y = m('b') %}[{{ y }}][{{ m('b') ~ '!' }}]");
  EXPECT_EQ(r.output, "[False-a][False-a][False-b][False-b][False-b!]");
  EXPECT_EQ(r.kept, 2u);
}

TEST(MacroMemo, OnlyScalarArgumentsAndPlainCallsAreKept) {
  Rendered r =
      render(kShow + "{{ m([1]) }}{{ m([1]) }}{{ m({'a': 1}) }}{{ m(v='k') }}{{ m(v='k') }}");
  EXPECT_EQ(r.output, "False-[1]False-[1]False-{'a': 1}False-kFalse-k");
  EXPECT_EQ(r.kept, 0u);
  // Escaping in play: what prints depends on where the macro is defined and where it is
  // called (Jinja2 prints the same).
  r = render("{% autoescape true %}" + kShow + "{{ m('<') }}{{ m('<') }}{% endautoescape %}");
  EXPECT_EQ(r.output, "False-&lt;False-&lt;");
  EXPECT_EQ(r.kept, 0u);
  r = render(kShow +
             "{% autoescape true %}{{ m('<') }}{% endautoescape %}{{ m('<') }}{{ m('<') }}");
  EXPECT_EQ(r.output, "False-<False-<False-<");
  EXPECT_EQ(r.kept, 1u);  // the calls outside
}

TEST(MacroMemo, NothingIsKeptUnderATrace) {
  Environment env;
  auto tmpl = env.from_string(kShow + "{{ m('a') }}{{ m('a') }}");
  Output out;
  SourceTrace trace;
  env.render(*tmpl, Value::dict(), out, &trace);
  EXPECT_EQ(out.str(), "False-aFalse-a");
  EXPECT_EQ(env.macro_memo().size(), 0u);
}

// Where `source` (named `name`) fails, and the message.
std::string error_of(Environment& env, const std::string& source, const std::string& name = "t") {
  try {
    env.render(*env.from_string(source, name), Value::dict());
  } catch (const TemplateError& e) {
    return e.where().file + ":" + std::to_string(e.where().line) + ":" +
           std::to_string(e.where().col) + ": " + e.message();
  }
  return "(no error)";
}

TEST(MacroMemo, AFailingCallIsNotKept) {
  Environment env;
  const std::string bad = macro("v", "{{ v + 1 }}");
  EXPECT_EQ(error_of(env, bad + "{{ m('a') }}"), error_of(env, bad + "{{ m('a') }}"));
  EXPECT_NE(error_of(env, bad + "{{ m('a') }}").find("can only concatenate str"),
            std::string::npos);
  EXPECT_EQ(env.macro_memo().size(), 0u);
}

TEST(MacroMemo, LimitsHoldForKeptOutputs) {
  EnvironmentOptions options;
  options.limits.max_string = 8;     // a captured result
  options.limits.max_recursion = 3;  // nested calls
  // `m` twice, on line 1: memoizable, and the same macro reading an undefined name (which
  // prints nothing, and makes it not memoizable). What follows, on line 2, must fail alike.
  const std::string kept = macro("v", "{{ v }}{{ v }}{{ v }}{{ '' }}") + "\n";
  const std::string runs = macro("v", "{{ v }}{{ v }}{{ v }}{{ g  }}") + "\n";
  ASSERT_TRUE(memoizable(kept));
  ASSERT_FALSE(memoizable(runs));
  // Printed, 'abcd' makes 12 bytes (no limit but max_output); returned, it is over
  // max_string, kept or not.
  const std::string captured = "{{ m('abcd') }}{% set x = m('abcd') %}";
  Environment env(options);
  const std::string expected = error_of(env, runs + captured);
  EXPECT_NE(expected.find("max_string"), std::string::npos) << expected;
  EXPECT_EQ(error_of(env, kept + captured), expected);
  // Printed where the output has less room than the kept answer: the body fails at its
  // own piece, not at the call.
  EnvironmentOptions small;
  small.limits.max_output = 10;
  Environment printing(small);
  const std::string twice = "{{ m('abc') }}{{ m('abc') }}";
  const std::string over = error_of(printing, runs + twice);
  EXPECT_NE(over.find("t:1:"), std::string::npos) << over;  // in the macro
  EXPECT_EQ(error_of(printing, kept + twice), over);
  // A kept call at a depth no call may reach fails as a call that runs.
  const std::string deep =
      "{% macro a() %}{{ b() }}{% endmacro %}{% macro b() %}{{ c() }}"
      "{% endmacro %}{% macro c() %}{{ m('x') }}{% endmacro %}"
      "{{ m('x') }}{{ a() }}";
  const std::string too_deep = error_of(env, runs + deep);
  EXPECT_NE(too_deep.find("max_recursion"), std::string::npos) << too_deep;
  EXPECT_EQ(error_of(env, kept + deep), too_deep);
}

// At the call that goes too deep (`q('x')` in a()), whether the call runs or is kept.
TEST(MacroMemo, AKeptCallTooDeepFailsAtItsCall) {
  EnvironmentOptions options;
  options.limits.max_recursion = 1;
  const std::string main =
      "{% from 'm.j2' import q %}{% macro a() %}{{ q('x') }}{% endmacro %}{{ q('x') }}{{ a() }}";
  auto error_with = [&](const std::string& macros) {
    Environment env(options,
                    std::make_shared<MapLoader>(
                        std::map<std::string, std::string, std::less<>>{{"m.j2", macros}}));
    return error_of(env, main, "main.j2");
  };
  const std::string runs = error_with("{% macro q(v) %}{{ v }}{{ g }}{% endmacro %}");
  EXPECT_EQ(runs.rfind("main.j2:1:46: ", 0), 0u) << runs;
  EXPECT_EQ(error_with("{% macro q(v) %}{{ v }}{{ '' }}{% endmacro %}"), runs);
}

// A call answered from the memo takes the steps its run took: a render stops where it
// would, had no call been kept.
TEST(MacroMemo, AKeptCallTakesTheStepsOfItsRun) {
  EnvironmentOptions options;
  options.limits.max_steps = 120;
  // m() compares two lists of 10: 11 steps a call, its own included; the 10th call is one
  // too many. The same macro with a `set` (which takes no step) is never kept.
  const std::string ten = "[v, v, v, v, v, v, v, v, v, v]";
  auto source = [&](const std::string& tail) {
    return "{% macro m(v) %}{{ " + ten + " == " + ten + " }}" + tail +
           "{% endmacro %}{% for i in range(20) %}{{ m('x') }}{% endfor %}";
  };
  Environment kept(options, std::make_shared<MapLoader>(
                                std::map<std::string, std::string, std::less<>>{}));
  Environment runs(options, std::make_shared<MapLoader>(
                                std::map<std::string, std::string, std::less<>>{}));
  const std::string run_error = error_of(runs, source("{% set _ = 1 %}"));
  EXPECT_EQ(runs.macro_memo().size(), 0u);
  EXPECT_EQ(run_error, "t:1:20: the render took more than 120 steps (loop iterations, calls "
                       "and compared items) (limit max_steps = 120)");
  EXPECT_EQ(error_of(kept, source("")), run_error);
  EXPECT_EQ(kept.macro_memo().size(), 1u);
}

TEST(MacroMemo, IsBounded) {
  MacroMemo memo;
  auto def = std::make_shared<MacroDef>();
  memo.add(def, "k", std::string(MacroMemo::kMaxOutput + 1, 'x'), 1);
  EXPECT_EQ(memo.size(), 0u);
  memo.add(def, "k", "out", 3);
  memo.add(def, "k", "other", 4);  // the first output stays
  EXPECT_EQ(memo.size(), 1u);
  ASSERT_NE(memo.find(*def, "k"), nullptr);
  EXPECT_EQ(memo.find(*def, "k")->output, "out");
  EXPECT_EQ(memo.find(*def, "k")->steps, 3u);
  EXPECT_EQ(memo.find(*def, "j"), nullptr);
}

}  // namespace
}  // namespace wfgen::jinja
