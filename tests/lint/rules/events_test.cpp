#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using wfgen::testing::kJobs;
using V = std::vector<std::string>;

namespace {
std::vector<std::string> events(const std::string& on) {
  return findings(on + kJobs, "events");
}
}  // namespace

TEST(EventsRule, TheThreeFormsPass) {
  EXPECT_EQ(events("on: push\n"), (V{}));
  EXPECT_EQ(events("on: [push, fork, workflow_dispatch]\n"), (V{}));
  EXPECT_EQ(events("on:\n  push:\n    branches: [main]\n    paths-ignore: ['**.md']\n"
                   "  pull_request_target:\n    types: [opened, labeled]\n"
                   "  repository_dispatch:\n    types: [anything-goes]\n  release:\n"
                   "  merge_group:\n    branches: [main]\n"),
            (V{}));
}

TEST(EventsRule, UnknownEventWithAHint) {
  EXPECT_EQ(events("on: pul_request\n"),
            (V{"1:5: unknown event 'pul_request' (did you mean 'pull_request'?)"}));
  EXPECT_EQ(events("on:\n  - push\n  - nope\n"), (V{"3:5: unknown event 'nope'"}));
}

TEST(EventsRule, ScheduleNeedsItsCrons) {
  EXPECT_EQ(events("on: schedule\n"),
            (V{"1:5: 'schedule' needs its cron times: write `schedule: [{cron: ...}]` under a "
              "mapping `on:`"}));
}

TEST(EventsRule, FiltersBelongToTheirEvents) {
  EXPECT_EQ(events("on:\n  pull_request:\n    tags: [v1]\n"),
            (V{"3:5: unknown key 'tags' in 'pull_request' (expected one of: types, branches, "
              "branches-ignore, paths, paths-ignore)"}));
  EXPECT_EQ(events("on:\n  fork:\n    types: [created]\n"),
            (V{"3:5: 'fork' takes no filters (unknown key 'types')"}));
  EXPECT_EQ(events("on:\n  push:\n    tags: [v1]\n    tags-ignore: [v0]\n"),
            (V{"4:5: 'push' cannot have both 'tags' and 'tags-ignore': use 'tags' with '!' "
              "patterns"}));
}

TEST(EventsRule, ActivityTypes) {
  EXPECT_EQ(events("on:\n  issues:\n    types: [opened, typed, reopend]\n"),
            (V{"3:28: an activity type of 'issues' must be one of opened, edited, deleted, "
              "transferred, pinned, unpinned, closed, reopened, assigned, unassigned, labeled, "
              "unlabeled, locked, unlocked, milestoned, demilestoned, typed, untyped, not "
              "'reopend' (did you mean 'reopened'?)"}));
  EXPECT_EQ(events("on:\n  release:\n    types: []\n"),
            (V{"3:12: the 'types' of 'release' must not be empty"}));
}

TEST(EventsRule, GlobsAreNonEmptyListsOfPatterns) {
  EXPECT_EQ(events("on:\n  push:\n    branches: main\n"),
            (V{"3:15: 'push' 'branches' must be a list of patterns, not the string 'main'"}));
  EXPECT_EQ(events("on:\n  push:\n    paths: ['']\n"),
            (V{"3:13: a pattern in 'push' 'paths' must not be empty"}));
}

TEST(EventsRule, WorkflowRunNeedsWorkflows) {
  EXPECT_EQ(events("on:\n  workflow_run:\n    types: [completed]\n"),
            (V{"3:5: 'workflow_run' needs 'workflows': the names of the workflows whose runs "
              "trigger this one"}));
}

TEST(EventsRule, OnOfTheWrongShape) {
  EXPECT_EQ(events("on: {}\n"), (V{"1:5: 'on' must name at least one event"}));
  EXPECT_EQ(events("on:\n  push: [main]\n"),
            (V{"2:9: 'push' must be null or a mapping of its filters, not a list"}));
}
