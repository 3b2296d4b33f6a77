#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using V = std::vector<std::string>;

TEST(PersistedCredentialsRule, CheckoutKeepingTheTokenBeforeAnUpload) {
  EXPECT_EQ(findings("on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n"
                     "      - uses: actions/checkout@v4\n"
                     "      - uses: actions/upload-artifact@v4\n        with: {path: .}\n"
                     "  b:\n    runs-on: x\n    steps:\n"
                     "      - uses: actions/checkout@v4\n        with: {persist-credentials: false}\n"
                     "      - uses: actions/upload-artifact@v4\n"
                     "  c:\n    runs-on: x\n    steps:\n      - uses: actions/checkout@v4\n",
                     "persisted-credentials"),
            (V{"6:15: job 'a' checks out with the token kept in .git/config and later uploads an "
               "artifact: set 'persist-credentials: false' on the checkout"}));
}
