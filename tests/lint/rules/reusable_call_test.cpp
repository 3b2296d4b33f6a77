#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using V = std::vector<std::string>;

namespace {
std::vector<std::string> call(const std::string& body) {
  return findings("on: push\njobs:\n  c:\n" + body, "reusable-call");
}
}  // namespace

TEST(ReusableCallRule, LocalAndRemoteCalls) {
  EXPECT_EQ(call("    uses: ./.github/workflows/build.yml\n    with: {a: 1, b: x, c: true, d: }\n"
                 "    secrets: {token: '${{ secrets.T }}'}\n"),
            (V{}));
  EXPECT_EQ(call("    uses: octo/ci/.github/workflows/deploy.yaml@0123abc\n    secrets: inherit\n"),
            (V{}));
}

TEST(ReusableCallRule, References) {
  EXPECT_EQ(call("    uses: ./workflows/build.yml\n"),
            (V{"4:11: 'uses: ./workflows/build.yml' must name a .yml or .yaml file directly in "
              "./.github/workflows/"}));
  EXPECT_EQ(call("    uses: ./.github/workflows/sub/build.yml\n"),
            (V{"4:11: 'uses: ./.github/workflows/sub/build.yml' must name a .yml or .yaml file "
              "directly in ./.github/workflows/"}));
  EXPECT_EQ(call("    uses: octo/ci/.github/workflows/deploy.yml\n"),
            (V{"4:11: 'uses: octo/ci/.github/workflows/deploy.yml' must be "
              "./.github/workflows/FILE.yml or OWNER/REPO/.github/workflows/FILE.yml@REF"}));
  EXPECT_EQ(call("    uses: octo/ci/deploy.yml@v1\n"),
            (V{"4:11: 'uses: octo/ci/deploy.yml@v1' must be ./.github/workflows/FILE.yml or "
              "OWNER/REPO/.github/workflows/FILE.yml@REF"}));
  EXPECT_EQ(call("    uses: ${{ inputs.w }}\n"),
            (V{"4:11: 'uses' cannot hold an expression: GitHub resolves the called workflow "
              "before the run starts"}));
}

TEST(ReusableCallRule, WithAndSecrets) {
  EXPECT_EQ(call("    uses: ./.github/workflows/b.yml\n    with: {a: [1]}\n    secrets: {s: {x: 1}}\n"),
            (V{"5:15: input 'a' must be a string, number or boolean, not a list",
              "6:18: secret 's' must be a string, not a mapping"}));
  EXPECT_EQ(call("    uses: ./.github/workflows/b.yml\n    secrets: inherits\n"),
            (V{"5:14: job 'c' 'secrets' must be one of inherit, not 'inherits' (did you mean "
              "'inherit'?)"}));
}
