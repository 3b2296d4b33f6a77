#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using wfgen::testing::kJobs;
using wfgen::testing::lint_text;
using V = std::vector<std::string>;

namespace {
std::vector<std::string> cron(const std::string& c) {
  return findings("on:\n  schedule:\n    - cron: '" + c + "'\n" + kJobs, "schedule");
}
}  // namespace

TEST(ScheduleRule, ValidCrons) {
  EXPECT_EQ(cron("0 7 * * *"), (V{}));
  EXPECT_EQ(cron("*/15 0-6 1,15 JAN-jun mon-FRI"), (V{}));
  EXPECT_EQ(cron("5/10 */2 L * *").size(), 1u);  // L is not a value GitHub knows
  EXPECT_EQ(cron("0,30 12 * * 0"), (V{}));
}

TEST(ScheduleRule, FieldCountAndRanges) {
  EXPECT_EQ(cron("0 7 * *"),
            (V{"3:13: cron '0 7 * *' has 4 fields; it needs 5: minute hour day-of-month month "
              "day-of-week"}));
  EXPECT_EQ(cron("60 7 * * *"),
            (V{"3:14: cron '60 7 * * *': in the minute field '60', '60' is outside 0-59"}));
  EXPECT_EQ(cron("0 7 0 * *"),
            (V{"3:18: cron '0 7 0 * *': in the day-of-month field '0', '0' is outside 1-31"}));
  EXPECT_EQ(cron("0 7 * * 1,8"),
            (V{"3:24: cron '0 7 * * 1,8': in the day-of-week field '1,8', '8' is outside 0-6"}));
  EXPECT_EQ(cron("0 7 * FOO *"),
            (V{"3:20: cron '0 7 * FOO *': in the month field 'FOO', 'FOO' is not a value"}));
  EXPECT_EQ(cron("0 9-5 * * *"),
            (V{"3:16: cron '0 9-5 * * *': in the hour field '9-5', the range '9-5' ends before "
              "it starts"}));
  EXPECT_EQ(cron("*/0 * * * *"),
            (V{"3:14: cron '*/0 * * * *': in the minute field '*/0', the step '0' must be a "
              "number from 1 to 59"}));
}

TEST(ScheduleRule, MoreOftenThanEveryFiveMinutesIsAWarning) {
  auto r = lint_text("on:\n  schedule:\n    - cron: '*/2 * * * *'\n" + std::string(kJobs));
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].severity, wfgen::lint::Severity::Warning);
  EXPECT_EQ(findings(r, "schedule"),
            (V{"3:13: cron '*/2 * * * *' asks for runs less than 5 minutes apart; GitHub runs a "
              "schedule at most every 5 minutes"}));
  EXPECT_FALSE(r.failed());
  EXPECT_TRUE(r.failed(/*warnings_as_errors=*/true));
  EXPECT_EQ(cron("*/5 * * * *"), (V{}));
  EXPECT_EQ(cron("0,3 * * * *").size(), 1u);
}

TEST(ScheduleRule, Shape) {
  EXPECT_EQ(findings("on:\n  schedule: []\n" + std::string(kJobs), "schedule"),
            (V{"2:13: 'schedule' must list at least one cron"}));
  EXPECT_EQ(findings("on:\n  schedule:\n    - cron: '0 0 * * *'\n      tz: UTC\n" +
                         std::string(kJobs),
                     "schedule"),
            (V{"4:7: unknown key 'tz' in a 'schedule' entry (expected one of: cron, timezone)"}));
}
