// expression_names: every variable an expression can read, once each, in order; names
// that are attributes, keys, filter or test names, or keyword arguments are not variables.
#include "jinja/analysis/expression_names.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "jinja/python/methods.h"
#include "jinja/runtime/environment.h"

namespace wfgen::jinja {
namespace {

std::vector<std::string> names_of(const std::string& expr) {
  Environment env;
  return expression_names(*env.compile_expression(expr));
}

using Names = std::vector<std::string>;

TEST(ExpressionNames, EveryVariableOnceInOrder) {
  EXPECT_EQ(names_of("platform == 'linux'"), (Names{"platform"}));
  EXPECT_EQ(names_of("a.b[c] ~ a | join(sep) if d is divisibleby(e) else f(g, key=h)"),
            (Names{"a", "c", "sep", "d", "e", "f", "g", "h"}));
  EXPECT_EQ(names_of("[x, (y, {z: w})][1:n:m] + -q"),
            (Names{"x", "y", "z", "w", "n", "m", "q"}));
  EXPECT_EQ(names_of("builds | selectattr('os', 'eq', os) | map(attribute='x') | list"),
            (Names{"builds", "os"}));
  EXPECT_EQ(names_of("1 + 2"), Names{});
}

bool pure(const std::string& expr) {
  Environment env;
  return expression_is_pure(*env.compile_expression(expr));
}

// Pure: calls of names (global functions) and of methods that leave their object as it is;
// filters and tests. Not pure: a method that changes its object, or a call of anything but
// a name or an attribute (which could be such a method).
TEST(ExpressionNames, PureWhenNoCallCanChangeAValue) {
  EXPECT_TRUE(pure("os.startswith('linux') and os.split('-')[0] in range(3) | list"));
  EXPECT_TRUE(pure("d.get('a', d.items() | list) ~ l.index(1) ~ l.count(2) ~ dict(a=1)"));
  EXPECT_TRUE(pure("builds | selectattr('os', 'eq', os) | map(attribute='pop') | list"));
  EXPECT_FALSE(pure("l.append(1) or l"));
  EXPECT_FALSE(pure("[d.update(x)] and d"));
  EXPECT_FALSE(pure("x if y else (l | first).pop()"));
  EXPECT_FALSE(pure("(l.pop,)[0]()"));
  EXPECT_FALSE(pure("(l | attr('clear'))()"));
  // `sameas` tells an object from an equal copy, and a kept value is a copy: as a test, or
  // named to a select filter (a name not written as a constant may be it).
  EXPECT_TRUE(pure("l | select | list ~ (l | selectattr('a', 'eq', x) | list) ~ (l | reject('odd') | list)"));
  EXPECT_FALSE(pure("x is sameas y"));
  EXPECT_FALSE(pure("l | select('sameas', x) | list"));
  EXPECT_FALSE(pure("l | rejectattr('a', 'sameas', x) | list"));
  EXPECT_FALSE(pure("l | selectattr('a', t, x) | list"));
}

// The names method_changes_its_object gives are the list and dict methods that change
// their object: each one called on a fresh list or dict changes it, and each other method
// of the two leaves it as it was.
TEST(ExpressionNames, MethodsThatChangeTheirObject) {
  struct Call {
    const char* method;
    const char* on;    // a list or dict
    const char* args;  // what to call it with
  };
  const Call calls[] = {
      {"append", "[3, 1]", "2"},  {"extend", "[3, 1]", "[2]"},      {"insert", "[3, 1]", "0, 2"},
      {"pop", "[3, 1]", ""},      {"remove", "[3, 1]", "1"},        {"reverse", "[3, 1]", ""},
      {"sort", "[3, 1]", ""},     {"clear", "[3, 1]", ""},          {"index", "[3, 1]", "1"},
      {"count", "[3, 1]", "1"},   {"copy", "[3, 1]", ""},           {"get", "{'a': 1}", "'a'"},
      {"keys", "{'a': 1}", ""},   {"values", "{'a': 1}", ""},       {"items", "{'a': 1}", ""},
      {"copy", "{'a': 1}", ""},   {"pop", "{'a': 1}", "'a'"},       {"popitem", "{'a': 1}", ""},
      {"setdefault", "{'a': 1}", "'b', 2"}, {"update", "{'a': 1}", "b=2"},
      {"clear", "{'a': 1}", ""},  {"fromkeys", "{'a': 1}", "'x'"},
  };
  Environment env;
  for (const Call& c : calls) {
    const std::string call = std::string("x.") + c.method + "(" + c.args + ")";
    const std::string changed = env.render(
        *env.from_string("{% set x = " + std::string(c.on) + " %}{% set r = " + call + " %}{{ x != " +
                         c.on + " }}"),
        Value::dict());
    EXPECT_EQ(changed == "True", method_changes_its_object(c.method)) << call;
  }
}

}  // namespace
}  // namespace wfgen::jinja
