#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using wfgen::testing::lint_text;
using V = std::vector<std::string>;

namespace {
const char* kWorkflow =
    "on: push\njobs:\n"
    "  a:\n    runs-on: x\n    steps:\n"
    "      - uses: actions/checkout@v4\n"
    "      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n"
    "      - uses: ./local/action\n"
    "      - uses: docker://alpine:3\n"
    "      - uses: Pytorch/test-infra/.github/actions/setup@main\n"
    "  b:\n    uses: other/repo/.github/workflows/w.yml@v2\n";
}

TEST(UnpinnedUsesRule, RefsOfOtherOwners) {
  EXPECT_EQ(findings(kWorkflow, "unpinned-uses"),
            (V{"6:15: action 'actions/checkout@v4' is not pinned to a commit: 'v4' can be moved to "
               "other code by actions; pin the 40-hex SHA (the tag in a comment), or list 'actions' "
               "in lint.trusted_owners",
               "10:15: action 'Pytorch/test-infra/.github/actions/setup@main' is not pinned to a "
               "commit: 'main' can be moved to other code by Pytorch; pin the 40-hex SHA (the tag "
               "in a comment), or list 'Pytorch' in lint.trusted_owners",
               "12:11: reusable workflow 'other/repo/.github/workflows/w.yml@v2' is not pinned to a "
               "commit: 'v2' can be moved to other code by other; pin the 40-hex SHA (the tag in a "
               "comment), or list 'other' in lint.trusted_owners"}));
}

TEST(UnpinnedUsesRule, TrustedOwnersAreCaseInsensitive) {
  wfgen::lint::Config config;
  config.trusted_owners = {"pytorch", "actions"};
  EXPECT_EQ(findings(lint_text(kWorkflow, "w.yml", config), "unpinned-uses").size(), 1u);
}
