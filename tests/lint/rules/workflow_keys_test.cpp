#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using V = std::vector<std::string>;

TEST(WorkflowKeysRule, AllTopLevelKeysPass) {
  EXPECT_EQ(findings("name: n\nrun-name: r\non: push\npermissions: read-all\nenv: {}\n"
                     "defaults: {run: {shell: bash}}\nconcurrency: c\njobs:\n  a: {}\n",
                     "workflow-keys"),
            (V{}));
}

TEST(WorkflowKeysRule, UnknownKeyWithAHint) {
  EXPECT_EQ(findings("on: push\njob:\n  a: {}\njobs:\n  a: {}\n", "workflow-keys"),
            (V{"2:1: unknown key 'job' in the workflow (did you mean 'jobs'?)"}));
  EXPECT_EQ(findings("on: push\nstuff: 1\njobs:\n  a: {}\n", "workflow-keys"),
            (V{"2:1: unknown key 'stuff' in the workflow (expected one of: name, run-name, on, "
              "permissions, env, defaults, concurrency, jobs)"}));
}

TEST(WorkflowKeysRule, OnWrittenAsABooleanByAYaml11Tool) {
  EXPECT_EQ(findings("true: push\njobs:\n  a: {}\n", "workflow-keys"),
            (V{"1:1: unknown key 'true' at the top level: a YAML 1.1 tool wrote `on:` as a "
              "boolean; write `on:` (or 'on':)"}));
}

TEST(WorkflowKeysRule, MissingOnAndJobs) {
  EXPECT_EQ(findings("name: x\n", "workflow-keys"),
            (V{"1:1: the workflow has no 'jobs'",
              "1:1: the workflow has no 'on': GitHub needs the events that trigger it"}));
}

TEST(WorkflowKeysRule, JobsMustBeANonEmptyMapping) {
  EXPECT_EQ(findings("on: push\njobs: []\n", "workflow-keys"),
            (V{"2:7: 'jobs' must be a mapping, not a list"}));
  EXPECT_EQ(findings("on: push\njobs: {}\n", "workflow-keys"),
            (V{"2:7: 'jobs' must define at least one job"}));
}

TEST(WorkflowKeysRule, NameIsAString) {
  EXPECT_EQ(findings("name: [a]\non: push\njobs:\n  a: {}\n", "workflow-keys"),
            (V{"1:7: 'name' must be a string, not a list"}));
  EXPECT_EQ(findings("name: 123\non: push\njobs:\n  a: {}\n", "workflow-keys"), (V{}));
}
