// The engine's source trace: every output line maps to the exact template line:col that
// wrote it (text, an output expression), through includes, macros, blocks, whitespace
// control and loops; and a traced render writes the same bytes as an untraced one.
// Expected positions are found in the template sources, not written down.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "data/json_convert.h"
#include "jinja/runtime/environment.h"
#include "jinja/runtime/output.h"
#include "jinja/runtime/source_trace.h"
#include "support/text_position.h"

namespace {

using wfgen::jinja::Environment;
using wfgen::jinja::EnvironmentOptions;
using wfgen::jinja::MapLoader;
using wfgen::jinja::SourceLoc;
using wfgen::jinja::SourceTrace;
using wfgen::jinja::TraceOrigin;
using wfgen::jinja::TraceSiteKind;
using Templates = std::map<std::string, std::string, std::less<>>;

// The line:col of the first `needle` in template `name`.
SourceLoc find_in(const Templates& t, const std::string& name, const std::string& needle) {
  wfgen::testing::TextPosition p = wfgen::testing::position_of(t.at(name), needle);
  EXPECT_GT(p.line, 0) << needle << " is not in " << name;
  return SourceLoc{name, p.line, p.col};
}

class Traced {
 public:
  Traced(Templates templates, const std::string& vars = "{}", EnvironmentOptions opt = {})
      : templates_(std::move(templates)),
        env_(opt, std::make_shared<MapLoader>(templates_)) {
    auto context = wfgen::data::to_value(nlohmann::json::parse(vars));
    plain_ = env_.render("main", context);
    wfgen::jinja::Output traced;
    env_.render(*env_.get_template("main"), context, traced, &trace_);
    out_ = traced.str();
  }

  const std::string& out() const { return out_; }
  const std::string& plain() const { return plain_; }
  const Templates& templates() const { return templates_; }

  // The origin of the byte at `col` (1-based) of output line `line`.
  TraceOrigin at(int line, int col = 1) const {
    size_t offset = 0;
    for (int l = 1; l < line; ++l) offset = out_.find('\n', offset) + 1;
    auto o = trace_.origin(offset + static_cast<size_t>(col - 1));
    EXPECT_TRUE(o.has_value()) << "no origin for " << line << ":" << col;
    return o.value_or(TraceOrigin{});
  }
  // The origin of the first byte of output text `needle`.
  TraceOrigin of(const std::string& needle) const {
    size_t at = out_.find(needle);
    EXPECT_NE(at, std::string::npos) << needle << " is not in the output:\n" << out_;
    auto o = trace_.origin(at);
    EXPECT_TRUE(o.has_value()) << "no origin for " << needle;
    return o.value_or(TraceOrigin{});
  }

 private:
  Templates templates_;
  Environment env_;
  SourceTrace trace_;
  std::string plain_, out_;
};

void expect_at(const SourceLoc& got, const SourceLoc& want) {
  EXPECT_EQ(got.file, want.file);
  EXPECT_EQ(got.line, want.line) << want.file << ":" << want.line << ":" << want.col;
  EXPECT_EQ(got.col, want.col) << want.file << ":" << want.line << ":" << want.col;
}

// `origin` was reached through exactly one site, of `kind`, at `where`.
void expect_one_site(const TraceOrigin& origin, TraceSiteKind kind, const SourceLoc& where) {
  ASSERT_EQ(origin.via.size(), 1u);
  EXPECT_EQ(origin.via[0].kind, kind);
  expect_at(origin.via[0].where, where);
}

TEST(SourceTrace, DataTextAndOutputExpressions) {
  Traced t(Templates{{"main", "name: demo\nvalue: {{ x.y }} and {{ z|upper }}\n"}},
           R"({"x": {"y": "first"}, "z": "second"})");
  EXPECT_EQ(t.out(), t.plain());
  TraceOrigin name = t.at(1);
  expect_at(name.where, find_in(t.templates(), "main", "name"));
  EXPECT_EQ(name.expression, "");
  EXPECT_TRUE(name.via.empty());
  // Within a piece of text, each byte is its own column.
  expect_at(t.of("demo").where, find_in(t.templates(), "main", "demo"));
  expect_at(t.of(" and").where, find_in(t.templates(), "main", " and"));

  TraceOrigin first = t.of("first");
  expect_at(first.where, find_in(t.templates(), "main", "x.y"));
  EXPECT_EQ(first.expression, "x.y");
  TraceOrigin second = t.of("SECOND");
  expect_at(second.where, find_in(t.templates(), "main", "z|upper"));
  EXPECT_EQ(second.expression, "z|upper");
}

TEST(SourceTrace, IncludedTemplateAndItsCallSite) {
  Traced t(Templates{{"main", "top: 1\n{% include 'part' %}bottom: {{ n }}\n"},
            {"part", "inner: {{ n }}\nmore: text\n"}},
           R"({"n": 7})");
  EXPECT_EQ(t.out(), t.plain());
  expect_at(t.of("top").where, find_in(t.templates(), "main", "top"));
  TraceOrigin inner = t.of("inner");
  expect_at(inner.where, find_in(t.templates(), "part", "inner"));
  expect_one_site(inner, TraceSiteKind::Include, find_in(t.templates(), "main", "include"));
  TraceOrigin value = t.at(2, 8);  // the 7 of "inner: 7"
  expect_at(value.where, find_in(t.templates(), "part", "n }}"));
  EXPECT_EQ(value.expression, "n");
  expect_at(t.of("more").where, find_in(t.templates(), "part", "more"));
  TraceOrigin bottom = t.of("bottom");
  expect_at(bottom.where, find_in(t.templates(), "main", "bottom"));
  EXPECT_TRUE(bottom.via.empty());
}

TEST(SourceTrace, MacroBodyAndCallerBlockWithTheirCallSites) {
  Traced t(Templates{{"main",
             "{% from 'macros' import field, wrap %}\n"
             "jobs:\n"
             "{{ field('runs-on', 'linux') }}"
             "{% call wrap() %}  inside: call\n{% endcall %}"
             "end: {{ field('a', 'b') | trim }}\n"},
            {"macros",
             "{% macro field(k, v) %}  {{ k }}: {{ v }}\n{% endmacro %}"
             "{% macro wrap() %}wrapped:\n{{ caller() }}{% endmacro %}"}});
  EXPECT_EQ(t.out(), t.plain());
  TraceOrigin key = t.of("runs-on");
  expect_at(key.where, find_in(t.templates(), "macros", "k }}"));
  EXPECT_EQ(key.expression, "k");
  expect_one_site(key, TraceSiteKind::Call, find_in(t.templates(), "main", "field('runs-on'"));
  expect_at(t.at(3, 1).where, find_in(t.templates(), "macros", "  {{ k"));

  expect_at(t.of("wrapped").where, find_in(t.templates(), "macros", "wrapped"));
  TraceOrigin inside = t.of("inside");
  expect_at(inside.where, find_in(t.templates(), "main", "inside"));
  ASSERT_EQ(inside.via.size(), 2u);  // caller() in the macro, called from the call block
  expect_at(inside.via[0].where, find_in(t.templates(), "macros", "caller()"));
  expect_at(inside.via[1].where, find_in(t.templates(), "main", "wrap()"));

  // A macro's value changed by a filter is the expression's.
  TraceOrigin filtered = t.of("a: b");
  expect_at(filtered.where, find_in(t.templates(), "main", "field('a'"));
  EXPECT_EQ(filtered.expression, "field('a', 'b') | trim");
}

TEST(SourceTrace, BlocksOfAChildAndSuper) {
  Traced t(Templates{{"main",
             "{% extends 'base' %}{% block body %}child: line\n{{ super() }}{% endblock %}"},
            {"base", "head: 1\n{% block body %}base: default\n{% endblock %}tail: 2\n"}});
  EXPECT_EQ(t.out(), t.plain());
  expect_at(t.of("head").where, find_in(t.templates(), "base", "head"));
  TraceOrigin child = t.of("child");
  expect_at(child.where, find_in(t.templates(), "main", "child"));
  expect_one_site(child, TraceSiteKind::Block, find_in(t.templates(), "base", "block body"));
  // super() writes the parent's block, traced to the parent's text.
  TraceOrigin parent = t.of("base: default");
  expect_at(parent.where, find_in(t.templates(), "base", "base: default"));
  ASSERT_EQ(parent.via.size(), 2u);
  expect_at(parent.via[0].where, find_in(t.templates(), "main", "super()"));
  expect_at(t.of("tail").where, find_in(t.templates(), "base", "tail"));
}

TEST(SourceTrace, WhitespaceControlAndLoopsKeepExactColumns) {
  EnvironmentOptions opt;
  opt.trim_blocks = true;
  opt.lstrip_blocks = true;
  Traced t(Templates{{"main",
             "list:\n"
             "    {% for i in items %}\n"
             "  - item {{ i }}\n"
             "    {% endfor %}\n"
             "after:   {{- ' x' -}}   \n"
             "   tail\n"}},
           R"({"items": ["one", "two", "three"]})", opt);
  EXPECT_EQ(t.out(), t.plain());
  for (int line = 2; line <= 4; ++line) {
    expect_at(t.at(line, 1).where, find_in(t.templates(), "main", "  - item"));
    TraceOrigin value = t.at(line, 10);
    expect_at(value.where, find_in(t.templates(), "main", "i }}"));
    EXPECT_EQ(value.expression, "i");
  }
  // `{{-` and `-}}` strip the spaces around: what is left is still where it was written.
  expect_at(t.of("after:").where, find_in(t.templates(), "main", "after:"));
  EXPECT_EQ(t.of(" x").expression, "' x'");
  expect_at(t.of("tail").where, find_in(t.templates(), "main", "tail"));
}

TEST(SourceTrace, FilterBlockIsItsStatement) {
  Traced t(Templates{{"main", "a: 1\n{% filter upper %}b: 2\n{% endfilter %}"}});
  EXPECT_EQ(t.out(), t.plain());
  expect_at(t.of("B: 2").where, find_in(t.templates(), "main", "filter upper"));
}

}  // namespace
