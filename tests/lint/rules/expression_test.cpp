#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using V = std::vector<std::string>;

TEST(ExpressionRule, ErrorsArePlacedInTheFile) {
  EXPECT_EQ(findings("on: push\njobs:\n  a:\n    runs-on: ${{ matrix.os }\n"
                     "    steps:\n      - run: echo ${{ contains(github.ref) }}\n"
                     "      - run: echo ${{ format('{1}', 'x') }} and ${{ foo.bar }}\n",
                     "expression"),
            (V{"4:14: this '${{' is not closed: no '}}' follows it outside a string literal",
               "6:23: contains() takes 2 arguments, not 1",
               "7:30: format string refers to {1}, but 1 argument follow it",
               "7:37: format string has no {0}: argument 1 is never used",
               "7:53: unknown context 'foo' (github, env, vars, job, jobs, steps, runner, secrets, "
               "strategy, matrix, needs, inputs)"}));
}

TEST(ExpressionRule, BareConditionsAreExpressions) {
  EXPECT_EQ(findings("on: push\njobs:\n  a:\n    if: github.event_name == 'push' &&\n"
                     "    runs-on: x\n    steps:\n      - if: success() || always(1)\n        run: x\n",
                     "expression"),
            (V{"4:39: invalid expression: the expression ends where an operand was expected",
               "7:26: always() takes 0 arguments, not 1"}));
  // A string that merely looks like a condition elsewhere is text.
  EXPECT_EQ(findings("on: push\njobs:\n  a:\n    runs-on: x\n    steps: [{run: 'a && (', name: 'b &&'}]\n",
                     "expression"),
            V{});
}

TEST(ExpressionRule, ARepeatedExpressionIsReportedWhereverItIsWritten) {
  // The index parses a text written several times once; each place still gets its finding,
  // at its own line and column, as the bare condition and a `${{ }}` of the same text do.
  EXPECT_EQ(findings("on: push\njobs:\n  a:\n    runs-on: ${{ contains(github.ref) }}\n"
                     "    steps:\n      - run: echo ${{ contains(github.ref) }}\n"
                     "        if: contains(github.ref)\n"
                     "      - run: x ${{ contains(github.ref) }} ${{ contains(github.ref) }}\n",
                     "expression"),
            (V{"4:18: contains() takes 2 arguments, not 1", "6:23: contains() takes 2 arguments, not 1",
               "7:13: contains() takes 2 arguments, not 1",
               "8:20: contains() takes 2 arguments, not 1",
               "8:48: contains() takes 2 arguments, not 1"}));
}

// GitHub refuses a `${{` without its `}}` ("The expression is not closed"): reported at
// the `${{`, in every YAML style, also after closed ones and when a `}}` is inside a
// string literal; a value without `${{` is text.
TEST(ExpressionRule, AnUnclosedExpressionIsAnError) {
  EXPECT_EQ(findings("on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n"
                     "      - run: \"echo ${{ github.sha\"\n"
                     "      - run: echo ${{ github.sha }} ${{ 'a }}' \n"
                     "      - run: |\n          echo ok\n          echo ${{ github.ref }\n"
                     "        if: ${{ success()\n"
                     "      - run: echo $ {{ x }} }} {{\n",
                     "expression"),
            (V{"6:20: this '${{' is not closed: no '}}' follows it outside a string literal",
               "7:37: this '${{' is not closed: no '}}' follows it outside a string literal",
               "10:16: this '${{' is not closed: no '}}' follows it outside a string literal",
               "11:13: this '${{' is not closed: no '}}' follows it outside a string literal"}));
}
