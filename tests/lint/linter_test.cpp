// The linter as a whole: every rule over every file, findings sorted, origin notes on
// every finding of a generated file, waivers that mark (not drop) findings, the config.
#include <gtest/gtest.h>

#include "data/load.h"
#include "lint/config.h"
#include "lint/lint_test_util.h"
#include "lint/registry.h"
#include "support/shared_dir.h"

using namespace wfgen::lint;
using V = std::vector<std::string>;

// Appended to each workflow here, so that excessive-permissions (a warning) stays out of
// what these tests count.
const std::string kPermissions = "permissions: {}\n";

TEST(Registry, NamesAreUniqueAndDescribed) {
  std::set<std::string> names;
  for (const Rule* r : all_rules()) {
    EXPECT_TRUE(names.insert(std::string(r->name())).second) << r->name();
    EXPECT_FALSE(r->description().empty()) << r->name();
    EXPECT_EQ(find_rule(r->name()), r);
  }
  EXPECT_EQ(find_rule("no-such-rule"), nullptr);
}

// docs/lint.md's table of rules is the registry: every rule, in order, with its severity
// and its one-line description.
TEST(Registry, DocsTableIsTheList) {
  std::string docs = wfgen::testing::read_file(wfgen::testing::source_dir() / "docs/lint.md");
  std::string expected = "| rule | severity | what it checks |\n| --- | --- | --- |\n";
  for (const Rule* r : all_rules())
    expected += "| `" + std::string(r->name()) + "` | " +
                std::string(severity_name(r->severity())) + " | " + std::string(r->description()) +
                " |\n";
  EXPECT_NE(docs.find("\n" + expected + "\n"), std::string::npos)
      << "docs/lint.md should hold this table:\n" << expected;
}

TEST(Linter, FindingsFromEveryFileSortedWithExcerptAndOriginNotes) {
  Note from_template{"templates/x.yml.j2", 0, 0, "the template"};
  Note from_row{"matrices/x.yml", 7, 5, "row 2"};
  auto r = Linter().run({
      {"b.yml", "on: push\njobs:\n  a: {runs-on: x, steps: [{run: x, shell: [sh]}]}\n" + kPermissions, "fam",
       {from_template, from_row}},
      {"a.yml", "on: pushh\n" + std::string(wfgen::testing::kJobs) + kPermissions, {}, {}},
  });
  ASSERT_EQ(r.files, 2u);
  ASSERT_EQ(r.findings.size(), 2u);
  EXPECT_EQ(r.findings[0].file, "a.yml");
  EXPECT_EQ(r.findings[0].excerpt, "on: pushh");
  EXPECT_TRUE(r.findings[0].notes.empty());
  const Finding& f = r.findings[1];
  EXPECT_EQ(f.file, "b.yml");
  EXPECT_EQ(f.rule, "steps");
  EXPECT_EQ(f.line, 3);
  EXPECT_EQ(f.col, 43);
  EXPECT_EQ(f.excerpt, "  a: {runs-on: x, steps: [{run: x, shell: [sh]}]}");
  ASSERT_EQ(f.notes.size(), 2u);
  EXPECT_EQ(f.notes[0].file, "templates/x.yml.j2");
  EXPECT_EQ(f.notes[1].line, 7);
  EXPECT_EQ(r.count(Severity::Error), 2u);
  EXPECT_TRUE(r.failed());
}

// A borrowed text (the pipeline lends its outputs) is read where it is: the same findings,
// positions and excerpts as the same text handed over, on one thread or several.
TEST(Linter, ABorrowedTextLintsAsAnOwnedOne) {
  const std::string a = "on: pushh\n" + std::string(wfgen::testing::kJobs) + kPermissions;
  const std::string b = "on: push\njobs:\n  a: {runs-on: x, steps: [{run: x, shell: [sh]}]}\n" +
                        kPermissions;
  auto show = [](const wfgen::lint::LintResult& r) {
    std::vector<std::string> out;
    for (const Finding& f : r.findings)
      out.push_back(f.file + ":" + std::to_string(f.line) + ":" + std::to_string(f.col) + " [" +
                    f.rule + "] " + f.message + " | " + f.excerpt);
    return out;
  };
  auto owned = Linter().run({{"a.yml", a, {}, {}}, {"b.yml", b, {}, {}}});
  for (unsigned threads : {1u, 2u}) {
    SourceFile la{"a.yml", {}, {}, {}}, lb{"b.yml", {}, {}, {}};
    la.borrowed_text = &a;
    lb.borrowed_text = &b;
    auto borrowed = Linter().run({la, lb}, threads);
    EXPECT_EQ(borrowed.files, 2u);
    EXPECT_EQ(show(borrowed), show(owned));
  }
  ASSERT_EQ(owned.findings.size(), 2u);
  EXPECT_EQ(owned.findings[1].excerpt, "  a: {runs-on: x, steps: [{run: x, shell: [sh]}]}");
}

TEST(Linter, RuleNotesComeBeforeOriginNotes) {
  auto r = Linter().run({{"g.yml", "on: push\nenv: {A: 1, A: 2}\n" + std::string(wfgen::testing::kJobs) + kPermissions,
                          "fam", {{"t.j2", 0, 0, "template"}}}});
  ASSERT_EQ(r.findings.size(), 1u);
  ASSERT_EQ(r.findings[0].notes.size(), 2u);
  EXPECT_EQ(r.findings[0].notes[0].text, "'A' is first defined here");
  EXPECT_EQ(r.findings[0].notes[1].text, "template");
}

TEST(Linter, WaiversMarkFindingsByFamilyOrFileGlob) {
  Config config;
  config.waivers.push_back({"events", "fam", "", "the fork is renamed next week"});
  config.waivers.push_back({"workflow-keys", "", "legacy/**/*.yml", "legacy, being rewritten"});
  std::string bad_event = "on: pushh\n" + std::string(wfgen::testing::kJobs) + kPermissions;
  auto r = Linter(config).run({
      {"gen/a.yml", bad_event, "fam", {}},
      {"gen/b.yml", bad_event, "other", {}},
      {"legacy/x/old.yml", "on: push\nstuff: 1\n" + std::string(wfgen::testing::kJobs) + kPermissions, {}, {}},
  });
  ASSERT_EQ(r.findings.size(), 3u);
  EXPECT_EQ(r.findings[0].file, "gen/a.yml");
  EXPECT_EQ(r.findings[0].waiver, std::optional<std::string>("the fork is renamed next week"));
  EXPECT_FALSE(r.findings[1].waived());
  EXPECT_EQ(r.findings[2].waiver, std::optional<std::string>("legacy, being rewritten"));
  EXPECT_EQ(r.waived(), 2u);
  EXPECT_EQ(r.count(Severity::Error), 1u);
  EXPECT_EQ(r.count(Severity::Error, /*include_waived=*/true), 3u);
  EXPECT_TRUE(r.failed());
  r.findings.erase(r.findings.begin() + 1);
  EXPECT_FALSE(r.failed());
}

TEST(GlobMatch, SegmentsAndDoubleStars) {
  EXPECT_TRUE(glob_match("generated/**", "generated/a/b.yml"));
  EXPECT_TRUE(glob_match("generated/**/*.yml", "generated/x.yml"));
  EXPECT_TRUE(glob_match("*/ci-?.yml", "w/ci-1.yml"));
  EXPECT_FALSE(glob_match("*.yml", "a/b.yml"));
  EXPECT_FALSE(glob_match("generated/*.yml", "generated/a/b.yml"));
  EXPECT_TRUE(glob_match("**", "anything/at/all"));
}

namespace {
std::string config_error(const std::string& yaml) {
  auto doc = wfgen::data::parse_yaml(yaml, "wfgen.yml");
  try {
    read_config(doc, "/lint");
  } catch (const wfgen::data::DataError& e) {
    return e.format();
  }
  return "no error";
}
}  // namespace

TEST(LintConfig, ReadsWaiversOwnersAndInterfaces) {
  auto doc = wfgen::data::parse_yaml(
      "lint:\n  waivers:\n    - {rule: duplicate-key, file: 'a/**', reason: known}\n"
      "  trusted_owners: [pytorch]\n  interfaces:\n    ./.github/workflows/_b.yml: i/_b.yml\n",
      "wfgen.yml");
  Config c = read_config(doc, "/lint");
  ASSERT_EQ(c.waivers.size(), 1u);
  EXPECT_EQ(c.waivers[0].file, "a/**");
  EXPECT_EQ(c.trusted_owners, (V{"pytorch"}));
  EXPECT_EQ(c.interfaces.at("./.github/workflows/_b.yml"), "i/_b.yml");
}

TEST(LintConfig, MistakesArePositioned) {
  EXPECT_EQ(config_error("lint:\n  waivers:\n    - {rule: duplicate-keys, family: f, reason: r}\n"),
            "wfgen.yml:3:14: error: unknown rule 'duplicate-keys' (did you mean "
            "'duplicate-key'?)\n      - {rule: duplicate-keys, family: f, reason: r}\n"
            "               ^\n");
  EXPECT_EQ(config_error("lint:\n  waivers:\n    - {rule: events, family: f}\n"),
            "wfgen.yml:3:7: error: a waiver needs a 'reason': say why the finding is accepted\n"
            "      - {rule: events, family: f}\n        ^\n");
  EXPECT_EQ(config_error("lint:\n  waivers:\n    - {rule: events, family: f, file: x, reason: r}\n"),
            "wfgen.yml:3:7: error: a waiver names exactly one of 'family' or 'file'\n"
            "      - {rule: events, family: f, file: x, reason: r}\n        ^\n");
  EXPECT_EQ(config_error("lint:\n  waiver: []\n"),
            "wfgen.yml:2:3: error: unknown key 'waiver' (did you mean 'waivers'?)\n"
            "    waiver: []\n    ^\n");
  EXPECT_EQ(config_error("lint:\n  interfaces:\n    o/r/.github/workflows/x.yml@v1: i.yml\n"),
            "wfgen.yml:3:5: error: name the reusable workflow without its '@ref'\n"
            "      o/r/.github/workflows/x.yml@v1: i.yml\n      ^\n");
  EXPECT_EQ(config_error("lint:\n  interfaces:\n    ./.github/workflows/x.yml: a/../../x.yml\n"),
            "wfgen.yml:3:32: error: 'a/../../x.yml' must be a relative path inside the project\n"
            "      ./.github/workflows/x.yml: a/../../x.yml\n"
            "                                 ^\n");
}
