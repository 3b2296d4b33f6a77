// The expression parser and checker on their own: what parses, each syntax error with its
// offset, function arity, contexts, format() strings, and access paths.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lint/expression/check.h"
#include "lint/expression/parser.h"

namespace expr = wfgen::lint::expr;
using V = std::vector<std::string>;

namespace {

// "OFFSET: message" of the syntax error, or "ok".
std::string syntax(const std::string& text) {
  expr::Parsed p = expr::parse(text);
  if (!p.error) return "ok";
  return std::to_string(p.error->offset) + ": " + p.error->message;
}

// The tree as a compact S-expression, to see precedence.
std::string tree(const expr::Node& n) {
  switch (n.kind) {
    case expr::Kind::Null: return "null";
    case expr::Kind::Boolean:
    case expr::Kind::Number:
    case expr::Kind::Context: return n.text;
    case expr::Kind::String: return "'" + n.text + "'";
    case expr::Kind::Property: return tree(*n.children[0]) + "." + n.text;
    case expr::Kind::Filter: return tree(*n.children[0]) + ".*";
    case expr::Kind::Index: return tree(*n.children[0]) + "[" + tree(*n.children[1]) + "]";
    case expr::Kind::Not: return "(!" + tree(*n.children[0]) + ")";
    case expr::Kind::Binary:
      return "(" + tree(*n.children[0]) + " " + n.text + " " + tree(*n.children[1]) + ")";
    case expr::Kind::Call: {
      std::string s = n.text + "(";
      for (size_t i = 0; i < n.children.size(); ++i) s += (i ? ", " : "") + tree(*n.children[i]);
      return s + ")";
    }
  }
  return "?";
}

std::string parsed(const std::string& text) {
  expr::Parsed p = expr::parse(text);
  return p.root ? tree(*p.root) : "error: " + p.error->message;
}

V problems(const std::string& text) {
  expr::Parsed p = expr::parse(text);
  if (!p.root) return {"syntax"};
  V out;
  for (const expr::Problem& pr : expr::check(*p.root))
    out.push_back(std::to_string(pr.offset) + ": " +
                  (pr.severity == wfgen::lint::Severity::Warning ? "warning: " : "") + pr.message);
  return out;
}

V paths(const std::string& text) {
  expr::Parsed p = expr::parse(text);
  V out;
  for (const expr::Access& a : expr::accesses(*p.root))
    out.push_back(std::to_string(a.offset) + " " + a.text());
  return out;
}

}  // namespace

TEST(ExpressionParser, PrecedenceAsGitHubDocumentsIt) {
  EXPECT_EQ(parsed("a.b || c && !d == e"), "(a.b || (c && ((!d) == e)))");
  EXPECT_EQ(parsed("a < b == c >= d"), "((a < b) == (c >= d))");
  EXPECT_EQ(parsed("(a || b) && c"), "((a || b) && c)");
  EXPECT_EQ(parsed("github.event.commits.*.message[0]"), "github.event.commits.*.message[0]");
  EXPECT_EQ(parsed("x[*].y['z']"), "x.*.y['z']");
  EXPECT_EQ(parsed("format('{0}-{1}', a, 'it''s')"), "format('{0}-{1}', a, 'it's')");
  EXPECT_EQ(parsed("-1.5e3 != 0x1F"), "(-1.5e3 != 0x1F)");
  EXPECT_EQ(parsed("a-b.c-d"), "a-b.c-d");  // '-' belongs to names
  EXPECT_EQ(parsed("true && null || NaN"), "((true && null) || NaN)");
}

TEST(ExpressionParser, SyntaxErrorsWithTheirOffsets) {
  EXPECT_EQ(syntax("  "), "2: the expression is empty");
  EXPECT_EQ(syntax("a &&"), "4: the expression ends where an operand was expected");
  EXPECT_EQ(syntax("a b"), "2: unexpected 'b' after the expression");
  EXPECT_EQ(syntax("'abc"), "0: a string literal is not closed (a ' is written '' inside one)");
  EXPECT_EQ(syntax("a == \"x\""), "5: '\"' is not valid in an expression (strings are in single quotes)");
  EXPECT_EQ(syntax("f(a, b"), "6: the expression ends to close the arguments of f()");
  EXPECT_EQ(syntax("(a"), "2: the expression ends to close the parenthesis");
  EXPECT_EQ(syntax("a[1"), "3: the expression ends to close the index");
  EXPECT_EQ(syntax("a.(b)"), "2: unexpected '(' after '.' (a property name or * follows it)");
  EXPECT_EQ(syntax("a = b"), "2: '=' is not valid in an expression");
  EXPECT_EQ(syntax("1.2.3"), "0: '1.2.3' is not valid in an expression");
}

TEST(ExpressionParser, HostileDepthEndsInAnError) {
  EXPECT_EQ(syntax(std::string(300, '(') + "a" + std::string(300, ')')),
            "200: the expression nests deeper than 200 levels");
  EXPECT_EQ(syntax(std::string(100000, '!') + "a"), "200: the expression nests deeper than 200 levels");
  std::string chain = "a";
  for (int i = 0; i < 100000; ++i) chain += ".b";
  EXPECT_EQ(syntax(chain), "2003: the expression chains more than 1000 operands or property reads");
  std::string ors = "a";
  for (int i = 0; i < 100000; ++i) ors += "||a";
  EXPECT_EQ(syntax(ors), "2998: the expression chains more than 1000 operands or property reads");
}

TEST(ExpressionCheck, FunctionsAndTheirArity) {
  EXPECT_EQ(problems("contains(env.a, 'x') && startsWith(env.a, 1) && endsWith(2, 3) && "
                     "join(env) && join(env, ',') && toJSON(env) && fromJSON('1') && "
                     "hashFiles('a', 'b') && success() && always() && cancelled() && failure()"),
            V{});
  EXPECT_EQ(problems("toJson(github) && STARTSWITH('a', 'b')"), V{});  // case-insensitive
  EXPECT_EQ(problems("contains('a')"), V{"0: contains() takes 2 arguments, not 1"});
  EXPECT_EQ(problems("1 && join(1, 2, 3)"), V{"5: join() takes 1 or 2 arguments, not 3"});
  EXPECT_EQ(problems("hashFiles()"), V{"0: hashFiles() takes at least 1 argument, not 0"});
  EXPECT_EQ(problems("always(1)"), V{"0: always() takes 0 arguments, not 1"});
  EXPECT_EQ(problems("lower('A')"), V{"0: unknown function 'lower'"});
}

TEST(ExpressionCheck, Contexts) {
  EXPECT_EQ(problems("github.sha && env.A && vars.B && job.status && jobs.x && steps.s.outputs.o && "
                     "runner.os && secrets.T && strategy.job-index && matrix.os && needs.a && inputs.i"),
            V{});
  EXPECT_EQ(problems("GitHub.sha"), V{});
  EXPECT_EQ(problems("1 == gihtub.sha"),
            V{"5: unknown context 'gihtub' (github, env, vars, job, jobs, steps, runner, secrets, "
              "strategy, matrix, needs, inputs)"});
}

TEST(ExpressionCheck, FormatPlaceholdersAgainstArguments) {
  EXPECT_EQ(problems("format('{0} {{x}} {1}', 1, 2)"), V{});
  EXPECT_EQ(problems("format('{0} {2}', 1, 2, 3)"),
            V{"21: warning: format string has no {1}: argument 2 is never used"});
  EXPECT_EQ(problems("format('{1}', 1)"),
            (V{"7: format string refers to {1}, but 1 argument follow it",
               "14: warning: format string has no {0}: argument 1 is never used"}));
  EXPECT_EQ(problems("format('{x}', 1)"),
            V{"7: format string '{x}' has a '{' that opens no {N} placeholder (write {{ for a brace)"});
  EXPECT_EQ(problems("format('a}', 1)"),
            V{"7: format string 'a}' has a '}' that closes no {N} placeholder (write }} for a brace)"});
}

TEST(ExpressionCheck, AccessPaths) {
  EXPECT_EQ(paths("github.event.pull_request.title"), V{"0 github.event.pull_request.title"});
  EXPECT_EQ(paths("contains(github.event['issue'].Body, needs.b.outputs[matrix.k])"),
            (V{"9 github.event.issue.body", "37 needs.b.outputs.*", "53 matrix.k"}));
  EXPECT_EQ(paths("github.event.commits[*].message"), V{"0 github.event.commits.*.message"});
  EXPECT_EQ(paths("fromJSON(x).y"), V{"9 x"});
}
