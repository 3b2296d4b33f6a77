// One analysis per distinct expression text for a whole run, shared by its files, and each
// finding still placed in its own file.
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "lint/expression/analyses.h"
#include "lint/expression/in_workflow.h"
#include "lint/lint_test_util.h"

namespace expr = wfgen::lint::expr;
using V = std::vector<std::string>;

TEST(ExpressionAnalyses, OnePerDistinctText) {
  expr::Analyses a;
  const expr::Analysis& x = a.of("github.ref == 'main'");
  EXPECT_EQ(&a.of(std::string("github.ref") + " == 'main'"), &x);
  EXPECT_NE(&a.of("github.ref == 'dev'"), &x);
  ASSERT_TRUE(x.parsed.root);
  ASSERT_EQ(x.accesses.size(), 1u);
  EXPECT_EQ(x.accesses[0].text(), "github.ref");
  const expr::Analysis& bad = a.of("a ==");
  EXPECT_FALSE(bad.parsed.root);
  ASSERT_TRUE(bad.parsed.error);
  EXPECT_EQ(&a.of("a =="), &bad);
}

TEST(ExpressionAnalyses, ThreadsAskingForOneTextGetOneAnalysis) {
  expr::Analyses a;
  std::vector<const expr::Analysis*> got(4);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < got.size(); ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) got[t] = &a.of("matrix.os == " + std::to_string(i % 7));
      got[t] = &a.of("matrix.os == 3");
    });
  for (auto& t : threads) t.join();
  for (const expr::Analysis* g : got) EXPECT_EQ(g, got[0]);
}

TEST(ExpressionAnalyses, ABatchFindsWhatIsKnownAndKeepsEachNewTextOnce) {
  expr::Analyses a;
  const expr::Analysis& known = a.of("github.sha");
  std::vector<const expr::Analysis*> got =
      a.of_all({"github.ref", "github.sha", "github.ref", "a ==", "github.ref"});
  ASSERT_EQ(got.size(), 5u);
  EXPECT_EQ(got[1], &known);                // known before the batch
  EXPECT_EQ(got[0], got[2]);                // new, repeated in the batch: one analysis
  EXPECT_EQ(got[0], got[4]);
  EXPECT_EQ(got[0], &a.of("github.ref"));   // kept for the next
  ASSERT_EQ(got[0]->accesses.size(), 1u);
  EXPECT_EQ(got[0]->accesses[0].text(), "github.ref");
  EXPECT_FALSE(got[3]->parsed.root);        // one that does not parse is kept too
  EXPECT_EQ(got[3], &a.of("a =="));
  EXPECT_TRUE(a.of_all({}).empty());
}

TEST(ExpressionAnalyses, ThreadsAskingForOneBatchGetOneAnalysisEachText) {
  expr::Analyses a;
  std::vector<std::vector<const expr::Analysis*>> got(4);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < got.size(); ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 50; ++i) {
        std::vector<std::string> owned;
        for (int k = 0; k < 9; ++k)
          owned.push_back("matrix.os == " + std::to_string((i + k) % 11));
        std::vector<std::string_view> texts(owned.begin(), owned.end());
        a.of_all(texts);
      }
      got[t] = a.of_all({"matrix.os == 3", "matrix.os == 10"});
    });
  for (auto& t : threads) t.join();
  for (const auto& g : got) EXPECT_EQ(g, got[0]);
  EXPECT_EQ(got[0][0], &a.of("matrix.os == 3"));
}

TEST(ExpressionAnalyses, WorkflowsOfARunShareThemAndKeepTheirOwnPositions) {
  using namespace wfgen;
  const std::string a = "on: push\njobs:\n  j:\n    runs-on: x\n    steps:\n      - run: ${{ foo( }}\n";
  const std::string b = "on: push\njobs:\n  k:\n    runs-on: x\n    steps:\n      - run: echo\n"
                        "      - run: echo ${{ foo( }}\n";
  lint::LintResult r = lint::Linter().run({{"a.yml", a, {}, {}}, {"b.yml", b, {}, {}}});
  std::vector<std::string> got;
  for (const lint::Finding& f : r.findings)
    if (f.rule == "expression")
      got.push_back(f.file + ":" + std::to_string(f.line) + ":" + std::to_string(f.col));
  EXPECT_EQ(got, (V{"a.yml:6:23", "b.yml:7:28"}));

  expr::Analyses shared;
  lint::Workflow wa({"a.yml", a, {}, {}}, &shared), wb({"b.yml", b, {}, {}}, &shared);
  ASSERT_EQ(expr::index_of(wa).entries.size(), 1u);
  ASSERT_EQ(expr::index_of(wb).entries.size(), 1u);
  EXPECT_EQ(expr::index_of(wa).entries[0].analysis, expr::index_of(wb).entries[0].analysis);
  EXPECT_EQ(expr::index_of(wa).entries[0].analysis, &shared.of(" foo( "));
}
