#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using V = std::vector<std::string>;

namespace {
std::string list(int n) {
  std::string s = "[";
  for (int i = 0; i < n; ++i) s += (i ? ", " : "") + std::to_string(i);
  return s + "]";
}
std::vector<std::string> matrix(const std::string& body) {
  return findings("on: push\njobs:\n  a:\n    runs-on: x\n    steps: [{run: x}]\n    strategy:\n"
                  "      matrix:\n" + body,
                  "matrix-size");
}
}  // namespace

TEST(MatrixSizeRule, ExactlyTheLimitPasses) {
  EXPECT_EQ(matrix("        a: " + list(16) + "\n        b: " + list(16) + "\n"), (V{}));
  EXPECT_EQ(matrix("        a: ${{ fromJSON(x) }}\n        b: " + list(300) + "\n"), (V{}));
}

TEST(MatrixSizeRule, OverTheLimit) {
  EXPECT_EQ(matrix("        a: " + list(16) + "\n        b: " + list(17) + "\n"),
            (V{"8:9: the matrix of job 'a' makes 272 jobs; GitHub allows at most 256"}));
}

TEST(MatrixSizeRule, ExcludeAndIncludeAsGitHubCountsThem) {
  // 16 x 17 = 272; the exclude removes every b = 0 combination (16): 256 left.
  EXPECT_EQ(matrix("        a: " + list(16) + "\n        b: " + list(17) +
                   "\n        exclude: [{b: 0}]\n"),
            (V{}));
  // An include that extends existing combinations adds nothing; one that agrees with no
  // combination adds a job: 257.
  EXPECT_EQ(matrix("        a: " + list(16) + "\n        b: " + list(17) +
                   "\n        exclude: [{b: 0}]\n        include: [{a: 1, extra: x}, {a: 99}]\n"),
            (V{"8:9: the matrix of job 'a' makes 257 jobs; GitHub allows at most 256"}));
}

TEST(MatrixSizeRule, OnlyIncludes) {
  std::string items;
  for (int i = 0; i < 257; ++i) items += (i ? ", " : "") + std::string("{n: ") + std::to_string(i) + "}";
  EXPECT_EQ(matrix("        include: [" + items + "]\n"),
            (V{"8:9: the matrix of job 'a' makes 257 jobs; GitHub allows at most 256"}));
}

TEST(MatrixSizeRule, HugeProductsAreBoundedNotExpanded) {
  std::string axes;
  for (char c = 'a'; c <= 'h'; ++c) axes += std::string("        ") + c + ": " + list(10) + "\n";
  EXPECT_EQ(matrix(axes), (V{"8:9: the matrix of job 'a' makes at least 100000000 jobs; GitHub "
                            "allows at most 256"}));
}
