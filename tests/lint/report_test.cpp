// The four report formats over one set of findings.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "lint/github_log.h"
#include "lint/report.h"

using namespace wfgen::lint;

namespace {

LintResult sample() {
  LintResult r;
  r.files = 2;
  Finding a;
  a.rule = "duplicate-key";
  a.file = "gen/w,1.yml";
  a.line = 4;
  a.col = 7;
  a.message = "key 'x' is defined twice\n100% sure";
  a.excerpt = "\t  x: 2";
  a.notes = {{"gen/w,1.yml", 3, 7, "first here"}, {"t.j2", 0, 0, "the template"},
             {"", 0, 0, "no file"}};
  Finding b;
  b.rule = "schedule";
  b.severity = Severity::Warning;
  b.file = "é/w.yml";
  b.line = 2;
  b.col = 9;
  b.message = "too often";
  b.excerpt = "é: '* * * * *'";
  b.waiver = "accepted: a, b";
  r.findings = {a, b};
  return r;
}

}  // namespace

TEST(Report, Text) {
  EXPECT_EQ(format_report(sample(), Format::Text),
            // A line break in a message is shown, not printed: no line of it is a line of its own.
            "gen/w,1.yml:4:7: error: key 'x' is defined twice\\n100% sure [duplicate-key]\n"
            "  \t  x: 2\n  \t     ^\n"
            "  note: gen/w,1.yml:3:7: first here\n"
            "  note: t.j2: the template\n"
            "  note: no file\n"
            "é/w.yml:2:9: warning: too often [schedule] (waived)\n"
            "waived: 1 schedule finding: accepted: a, b\n"
            "wfgen lint: 2 files, 1 error, 0 warnings (1 waived)\n");
}

TEST(Report, TextSaysEachWaiverReasonOnce) {
  LintResult r = sample();
  Finding c = r.findings[1];
  c.line = 3;
  r.findings.push_back(c);   // the same rule and reason: counted
  c.waiver = "another";
  r.findings.push_back(c);   // another reason: its own line
  c.rule = "duplicate-key";
  c.waiver = "accepted: a, b";
  r.findings.push_back(c);   // the same reason for another rule: its own line
  std::string text = format_report(r, Format::Text, {.summary = false});
  EXPECT_EQ(text.substr(text.find("waived: ")),
            "waived: 2 schedule findings: accepted: a, b\n"
            "waived: 1 schedule finding: another\n"
            "waived: 1 duplicate-key finding: accepted: a, b\n");
}

TEST(Report, GithubAnnotationsEscapeDataAndProperties) {
  EXPECT_EQ(format_report(sample(), Format::Github),
            "::error file=gen/w%2C1.yml,line=4,col=7,title=duplicate-key::key 'x' is defined "
            "twice%0A100%25 sure%0Anote: gen/w,1.yml:3:7: first here%0Anote: t.j2: the "
            "template%0Anote: no file\n"
            "::notice file=é/w.yml,line=2,col=9,title=schedule::too often (waived: accepted: a, "
            "b)\n"
            "wfgen lint: 2 files, 1 error, 0 warnings (1 waived)\n");
  EXPECT_EQ(github_escape_property("a:b,c%d\r\n"), "a%3Ab%2Cc%25d%0D%0A");
  EXPECT_EQ(github_escape_data("a:b,c%d\r\n"), "a:b,c%25d%0D%0A");
  EXPECT_EQ(github_escape_data("a\x1b]0;t\x07\t"), "a\\x1b]0;t\\x07\\t");
  EXPECT_EQ(github_escape_property("\x1b:"), "\\x1b%3A");
}

// Text printed as it is sits between ::stop-commands:: and the token that resumes them,
// a token the text does not hold (in any case), whatever the text is.
TEST(Report, GithubInertTextCannotResumeCommands) {
  EXPECT_EQ(github_inert(""), "");
  EXPECT_EQ(github_inert("  ::add-mask::x\n"),
            "::stop-commands::wfgen-resume-0\n  ::add-mask::x\n::wfgen-resume-0::\n");
  EXPECT_EQ(github_inert("no newline"),
            "::stop-commands::wfgen-resume-0\nno newline\n::wfgen-resume-0::\n");
  // The tokens the text names are passed over, with or without their case.
  EXPECT_EQ(github_inert("::WFGEN-RESUME-0::\n##[wfgen-resume-1]\n::wfgen-resume-3::\n"),
            "::stop-commands::wfgen-resume-2\n::WFGEN-RESUME-0::\n##[wfgen-resume-1]\n"
            "::wfgen-resume-3::\n::wfgen-resume-2::\n");
  // With every number the prefix is followed by taken, one past them is free; a huge
  // number takes none.
  std::string text = "wfgen-resume-99999999999999999999999\n";
  for (int i = 0; i < 50; ++i) text += "::wfgen-resume-" + std::to_string(i) + "::\n";
  const std::string inert = github_inert(text);
  EXPECT_EQ(inert.substr(0, inert.find('\n')), "::stop-commands::wfgen-resume-50");
  EXPECT_EQ(inert.substr(inert.size() - 21), "\n::wfgen-resume-50::\n");
}

TEST(Report, Json) {
  auto j = nlohmann::json::parse(format_report(sample(), Format::Json));
  EXPECT_EQ(j["files"], 2);
  EXPECT_EQ(j["errors"], 1);
  EXPECT_EQ(j["warnings"], 0);
  EXPECT_EQ(j["waived"], 1);
  ASSERT_EQ(j["findings"].size(), 2u);
  EXPECT_EQ(j["findings"][0]["rule"], "duplicate-key");
  EXPECT_EQ(j["findings"][0]["severity"], "error");
  EXPECT_EQ(j["findings"][0]["line"], 4);
  EXPECT_EQ(j["findings"][0]["excerpt"], "\t  x: 2");
  EXPECT_EQ(j["findings"][0]["notes"][0]["text"], "first here");
  EXPECT_EQ(j["findings"][0]["waived"], false);
  EXPECT_FALSE(j["findings"][0].contains("waiver_reason"));
  EXPECT_EQ(j["findings"][1]["waiver_reason"], "accepted: a, b");
}

TEST(Report, SarifShape) {
  auto log = nlohmann::json::parse(format_report(sample(), Format::Sarif));
  EXPECT_EQ(log["version"], "2.1.0");
  EXPECT_EQ(log["$schema"], "https://json.schemastore.org/sarif-2.1.0.json");
  ASSERT_EQ(log["runs"].size(), 1u);
  const auto& run = log["runs"][0];
  EXPECT_EQ(run["tool"]["driver"]["name"], "wfgen");
  const auto& rules = run["tool"]["driver"]["rules"];
  ASSERT_GE(rules.size(), 20u);
  const auto& results = run["results"];
  ASSERT_EQ(results.size(), 2u);
  const auto& a = results[0];
  EXPECT_EQ(a["ruleId"], "duplicate-key");
  EXPECT_EQ(rules[a["ruleIndex"].get<size_t>()]["id"], "duplicate-key");
  EXPECT_EQ(a["level"], "error");
  EXPECT_EQ(a["message"]["text"], "key 'x' is defined twice\n100% sure\nnote: no file");
  const auto& loc = a["locations"][0]["physicalLocation"];
  EXPECT_EQ(loc["artifactLocation"]["uri"], "gen/w%2C1.yml");
  EXPECT_EQ(loc["region"]["startLine"], 4);
  EXPECT_EQ(loc["region"]["startColumn"], 7);
  EXPECT_EQ(loc["region"]["snippet"]["text"], "\t  x: 2");
  ASSERT_EQ(a["relatedLocations"].size(), 2u);
  EXPECT_EQ(a["relatedLocations"][1]["physicalLocation"]["artifactLocation"]["uri"], "t.j2");
  EXPECT_FALSE(a["relatedLocations"][1]["physicalLocation"].contains("region"));
  const auto& b = results[1];
  EXPECT_EQ(b["level"], "warning");
  // Columns are counted in code points: "é" is two bytes, one character.
  EXPECT_EQ(b["locations"][0]["physicalLocation"]["region"]["startColumn"], 8);
  EXPECT_EQ(b["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "%C3%A9/w.yml");
  EXPECT_EQ(b["suppressions"][0]["kind"], "external");
  EXPECT_EQ(b["suppressions"][0]["justification"], "accepted: a, b");
}

// A file that is not valid UTF-8 gives findings whose excerpt holds its bytes; JSON and
// SARIF say them with U+FFFD instead of failing (lint_fuzz found the throw).
TEST(Report, InvalidUtf8IsReplacedInJsonAndSarif) {
  LintResult r;
  r.files = 1;
  Finding f;
  f.rule = "yaml-syntax";
  f.file = "w.yml";
  f.line = 1;
  f.col = 21;
  f.message = "invalid UTF-8";
  f.excerpt = "on: push\njobs: {a: \xa2}";
  r.findings = {f};
  auto j = nlohmann::json::parse(format_report(r, Format::Json));
  EXPECT_EQ(j["findings"][0]["excerpt"], "on: push\njobs: {a: \xef\xbf\xbd}");
  auto log = nlohmann::json::parse(format_report(r, Format::Sarif));
  EXPECT_EQ(log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["snippet"]["text"],
            "on: push\njobs: {a: \xef\xbf\xbd}");
}

TEST(Report, SummaryWithoutFindings) {
  LintResult r;
  r.files = 3;
  EXPECT_EQ(format_report(r, Format::Text), "wfgen lint: 3 files, no findings\n");
}
