#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using V = std::vector<std::string>;

TEST(ExcessivePermissionsRule, NoPermissionsAnywhere) {
  EXPECT_EQ(findings("on: push\njobs:\n  a: {runs-on: x, steps: [{run: x}]}\n"
                     "  b: {runs-on: x, permissions: {}, steps: [{run: x}]}\n"
                     "  c: {runs-on: x, steps: [{run: x}]}\n",
                     "excessive-permissions"),
            (V{"2:1: no top-level 'permissions', and jobs 'a', 'c' set none: they get the "
               "repository's default token (possibly read-write on everything); set 'permissions: "
               "{contents: read}' at the top and widen it per job"}));
}

TEST(ExcessivePermissionsRule, WriteAllAndTheSafeShapes) {
  EXPECT_EQ(findings("on: push\npermissions: write-all\njobs:\n"
                     "  a: {runs-on: x, permissions: write-all, steps: [{run: x}]}\n"
                     "  b: {runs-on: x, steps: [{run: x}]}\n",
                     "excessive-permissions"),
            (V{"2:14: the workflow gives its token write-all: name the scopes it writes instead",
               "4:32: job 'a' gives its token write-all: name the scopes it writes instead"}));
  EXPECT_EQ(findings("on: push\npermissions: {contents: read}\njobs:\n  a: {runs-on: x, steps: [{run: x}]}\n",
                     "excessive-permissions"),
            V{});
}

TEST(ExcessivePermissionsRule, ManyJobsAreCountedNotAllNamed) {
  EXPECT_EQ(findings("on: push\njobs:\n  a: {runs-on: x, steps: [{run: x}]}\n"
                     "  b: {runs-on: x, steps: [{run: x}]}\n"
                     "  c: {runs-on: x, steps: [{run: x}]}\n"
                     "  d: {runs-on: x, steps: [{run: x}]}\n"
                     "  e: {runs-on: x, steps: [{run: x}]}\n",
                     "excessive-permissions"),
            (V{"2:1: no top-level 'permissions', and jobs 'a', 'b', 'c' and 2 more set none: they "
               "get the repository's default token (possibly read-write on everything); set "
               "'permissions: {contents: read}' at the top and widen it per job"}));
  EXPECT_EQ(findings("on: push\njobs:\n  a: {runs-on: x, steps: [{run: x}]}\n",
                     "excessive-permissions"),
            (V{"2:1: no top-level 'permissions', and job 'a' sets none: it gets the "
               "repository's default token (possibly read-write on everything); set "
               "'permissions: {contents: read}' at the top and widen it per job"}));
}
