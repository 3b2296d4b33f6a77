// The parser alone: the tree it builds (precedence, filters and tests, statements) and
// its compile-time errors.
#include <gtest/gtest.h>

#include "jinja/analysis/compile.h"
#include "jinja/error.h"
#include "jinja/python/ops.h"
#include "jinja/runtime/environment.h"
#include "jinja/syntax/parser.h"
#include "jinja/syntax/template.h"

namespace {

using namespace wfgen::jinja;

// A compact s-expression of an expression tree.
std::string show(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Const:
      return to_repr(static_cast<const ConstExpr&>(e).value);
    case ExprKind::Name:
      return static_cast<const NameExpr&>(e).name;
    case ExprKind::Getattr: {
      const auto& g = static_cast<const GetattrExpr&>(e);
      return show(*g.obj) + "." + g.attr;
    }
    case ExprKind::Getitem: {
      const auto& g = static_cast<const GetitemExpr&>(e);
      return show(*g.obj) + "[" + show(*g.arg) + "]";
    }
    case ExprKind::Filter: {
      const auto& f = static_cast<const FilterExpr&>(e);
      return "(|" + f.name + " " + (f.input ? show(*f.input) : "_") + ")";
    }
    case ExprKind::Test: {
      const auto& t = static_cast<const TestExpr&>(e);
      return "(is " + t.name + " " + show(*t.input) + ")";
    }
    case ExprKind::Unary: {
      const auto& u = static_cast<const UnaryExpr&>(e);
      const char* op = u.op == UnaryOp::Not ? "not" : u.op == UnaryOp::Neg ? "neg" : "pos";
      return std::string("(") + op + " " + show(*u.operand) + ")";
    }
    case ExprKind::Binary: {
      const auto& b = static_cast<const BinaryExpr&>(e);
      static const char* ops[] = {"+", "-", "*", "/", "//", "%", "**", "~", "and", "or"};
      return std::string("(") + ops[static_cast<int>(b.op)] + " " + show(*b.left) + " " +
             show(*b.right) + ")";
    }
    case ExprKind::Compare: {
      const auto& c = static_cast<const CompareExpr&>(e);
      static const char* ops[] = {"==", "!=", "<", "<=", ">", ">=", "in", "notin"};
      std::string s = "(cmp " + show(*c.first);
      for (const auto& [op, rhs] : c.rest)
        s += std::string(" ") + ops[static_cast<int>(op)] + " " + show(*rhs);
      return s + ")";
    }
    case ExprKind::CondExpr: {
      const auto& c = static_cast<const CondExpr&>(e);
      return "(if " + show(*c.test) + " " + show(*c.then) + " " +
             (c.otherwise ? show(*c.otherwise) : "_") + ")";
    }
    case ExprKind::Call:
      return "(call " + show(*static_cast<const CallExpr&>(e).callee) + ")";
    default:
      return "?";
  }
}

std::string expr(const std::string& src) {
  auto t = parse_template("t", "{{ " + src + " }}", EnvironmentOptions{});
  return show(*static_cast<const PrintStmt&>(*t->body().at(0)).parts.at(0).expr);
}

TEST(Parser, ArithmeticPrecedence) {
  EXPECT_EQ(expr("1 + 2 * 3 ** 2"), "(+ 1 (* 2 (** 3 2)))");
  EXPECT_EQ(expr("a ~ b + c"), "(+ (~ a b) c)");      // ~ binds tighter than + in Jinja2
  EXPECT_EQ(expr("2 ** 3 ** 2"), "(** (** 2 3) 2)");  // Jinja2's ** is left-associative
}

TEST(Parser, UnaryMinusBindsBeforeFiltersAndPower) {
  EXPECT_EQ(expr("-x|abs"), "(|abs (neg x))");
  EXPECT_EQ(expr("-2 ** 2"), "(** (neg 2) 2)");
}

TEST(Parser, LogicAndComparisons) {
  EXPECT_EQ(expr("not a == b and c or d"), "(or (and (not (cmp a == b)) c) d)");
  EXPECT_EQ(expr("1 < x <= 3"), "(cmp 1 < x <= 3)");
  EXPECT_EQ(expr("a not in b"), "(cmp a notin b)");
}

TEST(Parser, TestsFiltersAndPostfix) {
  EXPECT_EQ(expr("x is divisibleby 3"), "(is divisibleby x)");
  EXPECT_EQ(expr("x is not defined"), "(not (is defined x))");
  EXPECT_EQ(expr("d.k[0]|upper"), "(|upper d.k[0])");
  EXPECT_EQ(expr("a if b"), "(if b a _)");
  EXPECT_EQ(expr("f(1)(2)"), "(call (call f))");
}

TEST(Parser, BlocksAreCollected) {
  auto t = parse_template("t", "{% block a %}{% block b %}{% endblock %}{% endblock a %}",
                          EnvironmentOptions{});
  EXPECT_NE(t->block("a"), nullptr);
  EXPECT_NE(t->block("b"), nullptr);
}

TEST(Parser, CompileTimeErrors) {
  for (const char* bad :
       {"{% for %}", "{% endif %}", "{% if x %}", "{{ x|nofilter }}", "{{ x is notatest }}",
        "{% set 1 = 2 %}", "{% macro m(a=1, b) %}{% endmacro %}",
        "{% block a %}{% endblock %}{% block a %}{% endblock %}", "{{ f(a=1, 2) }}",
        "{{ f(a=1, a=2) }}", "{% block a-b %}{% endblock %}"}) {
    try {
      compile_template("t", bad, EnvironmentOptions{});
      ADD_FAILURE() << "accepted " << bad;
    } catch (const TemplateError& e) {
      EXPECT_TRUE(e.located()) << bad;
    }
  }
}

TEST(Parser, UnknownFilterInsideIfIsDeferredToRuntime) {
  EXPECT_NO_THROW(
      compile_template("t", "{% if x %}{{ y|nofilter }}{% endif %}", EnvironmentOptions{}));
}

}  // namespace
