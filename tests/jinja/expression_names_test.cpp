// expression_names: every variable an expression can read, once each, in order; names
// that are attributes, keys, filter or test names, or keyword arguments are not variables.
#include "jinja/analysis/expression_names.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

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

}  // namespace
}  // namespace wfgen::jinja
