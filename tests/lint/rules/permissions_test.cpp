#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using wfgen::testing::kJobs;
using V = std::vector<std::string>;

TEST(PermissionsRule, ValidForms) {
  for (const char* p : {"read-all", "write-all", "{}", "{contents: read, id-token: write}",
                        "{models: read, pull-requests: none, security-events: write}"})
    EXPECT_EQ(findings("on: push\npermissions: " + std::string(p) + "\n" + kJobs, "permissions"),
              (V{}))
        << p;
}

TEST(PermissionsRule, LevelsAndScopes) {
  EXPECT_EQ(findings("on: push\npermissions: {contents: admin}\n" + std::string(kJobs),
                     "permissions"),
            (V{"2:25: permission 'contents' must be one of read, write, none, not 'admin'"}));
  EXPECT_EQ(findings("on: push\npermissions: {id-token: read, models: write}\n" +
                         std::string(kJobs),
                     "permissions"),
            (V{"2:25: permission 'id-token' must be one of write, none, not 'read'",
              "2:39: permission 'models' must be one of read, none, not 'write'"}));
  EXPECT_EQ(findings("on: push\njobs:\n  a:\n    runs-on: x\n    permissions: {pull-request: "
                     "write}\n    steps: [{run: x}]\n",
                     "permissions"),
            (V{"5:19: unknown key 'pull-request' in the permissions of job 'a' (did you mean "
              "'pull-requests'?)"}));
}

TEST(PermissionsRule, Shorthands) {
  EXPECT_EQ(findings("on: push\npermissions: write\n" + std::string(kJobs), "permissions"),
            (V{"2:14: the permissions of the workflow must be one of read-all, write-all, not "
              "'write'"}));
  EXPECT_EQ(findings("on: push\npermissions: [read]\n" + std::string(kJobs), "permissions"),
            (V{"2:14: the permissions of the workflow must be read-all, write-all or a mapping of "
              "scopes, not a list"}));
}
