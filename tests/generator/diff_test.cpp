// The unified diff against GNU `diff -u` as the oracle (run on the same two files in the
// test, never a copied output): hunks, ranges, context merging, missing final newlines,
// and a seeded set of random edits. Then what GNU cannot check: that every diff applies,
// the bound on printed lines, and the cost bound on files with nothing in common.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "pipeline/diff.h"
#include "support/run_cli.h"
#include "support/temp_dir.h"

using wfgen::pipeline::Diff;
using wfgen::pipeline::kUnbounded;
using wfgen::pipeline::unified_diff;
using wfgen::testing::shell_quote;
using wfgen::testing::spit;

namespace {

std::string drop_two_lines(const std::string& s) {
  size_t at = 0;
  for (int i = 0; i < 2 && at != std::string::npos; ++i) at = s.find('\n', at) + 1;
  return at == std::string::npos ? "" : s.substr(at);
}

class DiffOracle : public ::testing::Test {
 protected:
  // GNU diff's hunks (its "---"/"+++" lines, which carry dates, dropped).
  std::string gnu(const std::string& old_text, const std::string& new_text, int context = 3) {
    spit(dir / "old", old_text);
    spit(dir / "new", new_text);
    std::string cmd = "diff -U" + std::to_string(context) + " " + shell_quote((dir / "old").string()) +
                      " " + shell_quote((dir / "new").string());
    FILE* pipe = ::popen(cmd.c_str(), "r");
    EXPECT_NE(pipe, nullptr) << "cannot run " << cmd;
    if (!pipe) return "";
    std::string out;
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, n);
    const int status = ::pclose(pipe);
    // 0: same, 1: different; 2 (trouble) or 127 (no diff installed) must fail loudly.
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) <= 1) << cmd << " failed: " << status;
    return drop_two_lines(out);
  }

  void expect_as_gnu(const std::string& old_text, const std::string& new_text, int context = 3) {
    Diff d = unified_diff(old_text, new_text, "a", "b", context, kUnbounded);
    EXPECT_EQ(drop_two_lines(d.text), gnu(old_text, new_text, context))
        << "old:\n" << old_text << "\nnew:\n" << new_text;
    if (!d.text.empty()) {
      EXPECT_EQ(d.text.substr(0, 12), "--- a\n+++ b\n");
    }
  }

  wfgen::testing::TempDir dir;
};

std::string lines(std::initializer_list<const char*> ls) {
  std::string s;
  for (const char* l : ls) s += std::string(l) + "\n";
  return s;
}

std::string numbered(int from, int to, const std::string& prefix = "line") {
  std::string s;
  for (int i = from; i <= to; ++i) s += prefix + std::to_string(i) + "\n";
  return s;
}

// Applies a unified diff to `old_text` (the test's own reading of the format).
std::string patch(const std::string& old_text, const std::string& diff) {
  std::vector<std::string> old_lines;
  for (size_t p = 0; p < old_text.size();) {
    size_t e = old_text.find('\n', p);
    e = e == std::string::npos ? old_text.size() : e + 1;
    old_lines.push_back(old_text.substr(p, e - p));
    p = e;
  }
  std::string out;
  size_t next = 0;  // first old line not yet copied
  std::vector<std::string> dl;
  for (size_t p = 0; p < diff.size();) {
    size_t e = diff.find('\n', p);
    dl.push_back(diff.substr(p, e - p + 1));
    p = e + 1;
  }
  for (size_t i = 2; i < dl.size(); ++i) {
    const std::string& l = dl[i];
    if (l[0] == '@') {
      size_t start = std::stoul(l.substr(4));
      bool empty = l.substr(4, l.find(' ', 4) - 4).find(",0") != std::string::npos;
      size_t first = empty ? start : start - 1;
      while (next < first) out += old_lines[next++];
      continue;
    }
    std::string text = l.substr(1);
    if (i + 1 < dl.size() && dl[i + 1][0] == '\\') text.pop_back();  // no final newline
    if (l[0] == ' ') out += old_lines[next++];
    if (l[0] == '-') ++next;
    if (l[0] == '+') out += text;
  }
  while (next < old_lines.size()) out += old_lines[next++];
  return out;
}

}  // namespace

TEST_F(DiffOracle, EditsAtEveryPlace) {
  const std::string base = numbered(1, 12);
  expect_as_gnu(base, numbered(1, 5) + "changed\n" + numbered(7, 12));  // one line replaced
  expect_as_gnu(base, "new first\n" + base);                             // inserted at the top
  expect_as_gnu(base, base + "new last\n");                              // appended
  expect_as_gnu(base, numbered(2, 12));                                  // first line deleted
  expect_as_gnu(base, numbered(1, 11));                                  // last line deleted
  expect_as_gnu(base, numbered(1, 4) + numbered(9, 12));                 // a block deleted
  expect_as_gnu(base, numbered(1, 4) + "x\ny\nz\n" + numbered(5, 12));   // a block inserted
  expect_as_gnu("", base);                                               // from nothing
  expect_as_gnu(base, "");                                               // to nothing
  expect_as_gnu("one\n", "two\n");
}

TEST_F(DiffOracle, HunksMergeWithinTwiceTheContext) {
  const std::string base = numbered(1, 30);
  // Changes 6, 7 and 8 unchanged lines apart: one hunk, one hunk, two hunks.
  for (int gap : {6, 7, 8}) {
    std::string changed = numbered(1, 4) + "A\n" + numbered(6, 5 + gap) + "B\n" +
                          numbered(7 + gap, 30);
    expect_as_gnu(base, changed);
  }
  expect_as_gnu(base, numbered(1, 9) + "X\n" + numbered(11, 30), 0);  // -U0
  expect_as_gnu(base, numbered(1, 9) + "X\n" + numbered(11, 30), 1);
}

TEST_F(DiffOracle, MissingFinalNewline) {
  expect_as_gnu("a\nb\nc", "a\nb\nc\n");
  expect_as_gnu("a\nb\nc\n", "a\nb\nc");
  expect_as_gnu("a\nb\nc", "a\nB\nc");
  expect_as_gnu("a\nb\nc", "a\nb\nd");
}

TEST_F(DiffOracle, RepeatedLinesSlideAsGnuDoes) {
  expect_as_gnu(lines({"a", "x", "x", "x", "b"}), lines({"a", "x", "x", "b"}));
  expect_as_gnu(lines({"a", "b", "a", "b"}), lines({"a", "b"}));
  expect_as_gnu(lines({"}", "}", "x", "}"}), lines({"}", "x", "}", "}"}));
  expect_as_gnu(lines({"- a", "", "- b", "", "- c"}), lines({"- a", "", "- c"}));
  expect_as_gnu(lines({"  steps:", "    - run: a", "  steps:", "    - run: b"}),
                lines({"  steps:", "    - run: b"}));
}

// Random small files over a small alphabet: many equal lines, so many ties to break.
TEST_F(DiffOracle, SeededRandomEdits) {
  std::mt19937 rng(20251125);
  auto random_text = [&](size_t n) {
    std::string s;
    for (size_t i = 0; i < n; ++i) s += std::string(1, static_cast<char>('a' + rng() % 12)) + "\n";
    return s;
  };
  for (int round = 0; round < 200; ++round) {
    std::string a = random_text(rng() % 16), b = a;
    // A few edits of b: replace, insert, delete one line each.
    for (int k = rng() % 4; k >= 0; --k) {
      size_t at = b.empty() ? 0 : 2 * (rng() % (b.size() / 2 + 1));
      switch (rng() % 3) {
        case 0: b.insert(at, std::string(1, static_cast<char>('a' + rng() % 12)) + "\n"); break;
        case 1: if (at < b.size()) b.erase(at, 2); break;
        default: if (at < b.size()) b[at] = static_cast<char>('a' + rng() % 12);
      }
    }
    SCOPED_TRACE("round " + std::to_string(round));
    expect_as_gnu(a, b);
  }
}

TEST(Diff, EveryDiffApplies) {
  std::mt19937 rng(7);
  for (int round = 0; round < 300; ++round) {
    std::string a, b;
    for (size_t i = rng() % 40; i > 0; --i) a += std::to_string(rng() % 6) + "\n";
    for (size_t i = rng() % 40; i > 0; --i) b += std::to_string(rng() % 6) + "\n";
    if (rng() % 4 == 0 && !b.empty()) b.pop_back();  // no final newline
    Diff d = unified_diff(a, b, "a", "b", rng() % 4, kUnbounded);
    EXPECT_EQ(patch(a, d.text), b) << d.text;
  }
}

TEST(Diff, EqualTextsMakeNoDiff) {
  Diff d = unified_diff("a\nb\n", "a\nb\n", "a", "b");
  EXPECT_EQ(d.text, "");
  EXPECT_TRUE(d.old_lines.empty());
}

TEST(Diff, HunkStartsAreTheAnnotationLines) {
  Diff d = unified_diff(numbered(1, 40), numbered(1, 4) + "X\n" + numbered(6, 29) + "Y\n" +
                                             numbered(31, 40), "a", "b");
  EXPECT_EQ(d.old_lines, (std::vector<int>{2, 27}));
}

// Printed hunk lines stop at the bound; what is left out is counted, not printed.
TEST(Diff, PrintedLinesAreBounded) {
  std::string a, b;
  for (int i = 0; i < 500; ++i) a += "x" + std::to_string(i) + "\n", b += "y" + std::to_string(i) + "\n";
  Diff d = unified_diff(a, b, "o", "n", 3, 80);
  EXPECT_EQ(d.text, "--- o\n+++ n\n@@ -1,500 +1,500 @@\n" + [&] {
    std::string body;
    for (int i = 0; i < 80; ++i) body += "-x" + std::to_string(i) + "\n";
    return body;
  }());
  EXPECT_EQ(d.omitted, 1000u - 80u);
  EXPECT_EQ(d.old_lines, std::vector<int>{1});
}

// Files with nothing in common pass the search's cost bound: one region replaced,
// still a diff that applies.
TEST(Diff, BeyondTheCostBoundOneRegionIsReplaced) {
  std::string a = "same head\n", b = "same head\n";
  for (int i = 0; i < 20000; ++i) a += "old " + std::to_string(i) + "\n", b += "new " + std::to_string(i) + "\n";
  a += "same tail\n", b += "same tail\n";
  Diff d = unified_diff(a, b, "a", "b", 3, kUnbounded);
  EXPECT_TRUE(d.coarse);
  EXPECT_EQ(patch(a, d.text), b);
  EXPECT_EQ(d.text.substr(0, d.text.find('\n', 12) + 1), "--- a\n+++ b\n@@ -1,20002 +1,20002 @@\n");
  // A small edit in a large file stays exact.
  std::string c = a;
  c.replace(c.find("old 777\n"), 8, "changed\n");
  Diff e = unified_diff(a, c, "a", "c", 3, kUnbounded);
  EXPECT_FALSE(e.coarse);
  EXPECT_EQ(patch(a, e.text), c);
  EXPECT_EQ(e.old_lines, std::vector<int>{776});
}
