// Positions inside values: `${{ }}` spans found as GitHub finds them, and each value byte
// mapped back to its line:col in every YAML style.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "lint/expression_spans.h"
#include "lint/workflow.h"

using namespace wfgen::lint;
namespace yaml = wfgen::yaml;

namespace {

std::string pos(const Workflow& wf, const yaml::Node& n, size_t offset) {
  Position p = wf.position_in(n, offset);
  return std::to_string(p.line) + ":" + std::to_string(p.col);
}

// Where the first `${{` of the value of `key` is written.
std::string expr_pos(const std::string& text, const std::string& key) {
  Workflow wf({"w.yml", text, {}, {}});
  const yaml::Node* n = wf.root()->find(key);
  auto spans = wf.expressions(*n);
  if (spans.empty()) return "none";
  return pos(wf, *n, spans[0].begin);
}

}  // namespace

TEST(ExpressionSpans, FoundAsGitHubFindsThem) {
  auto spans = find_expressions("a ${{ x }} b ${{ '}}' }} c");
  ASSERT_EQ(spans.size(), 2u);
  EXPECT_EQ(spans[0].begin, 2u);
  EXPECT_EQ(spans[0].end, 10u);
  EXPECT_EQ(spans[0].inner("a ${{ x }} b ${{ '}}' }} c"), " x ");
  EXPECT_EQ(spans[1].begin, 13u);
  EXPECT_EQ(spans[1].inner("a ${{ x }} b ${{ '}}' }} c"), " '}}' ");
  auto open = find_expressions("x ${{ y");
  ASSERT_EQ(open.size(), 1u);
  EXPECT_FALSE(open[0].closed);
  EXPECT_EQ(open[0].inner("x ${{ y"), "");
  EXPECT_TRUE(find_expressions("no $ {{ here }}").empty());
  EXPECT_TRUE(is_whole_expression("${{ a && b }}"));
  EXPECT_FALSE(is_whole_expression(" ${{ a }}"));
  EXPECT_FALSE(is_whole_expression("${{ a }}${{ b }}"));
}

namespace {

// The rule stated directly: an expression opened at `${{` closes at the first `}}` with an
// even number of quotes between the two (outside a single-quoted literal).
std::vector<ExpressionSpan> spans_by_rule(std::string_view value) {
  std::vector<ExpressionSpan> out;
  for (size_t open = value.find("${{"); open != std::string_view::npos;) {
    const size_t body = open + 3;
    size_t close = std::string_view::npos;
    for (size_t at = value.find("}}", body); at != std::string_view::npos;
         at = value.find("}}", at + 1)) {
      const auto quotes = std::count(value.begin() + static_cast<std::ptrdiff_t>(body),
                                     value.begin() + static_cast<std::ptrdiff_t>(at), '\'');
      if (quotes % 2 == 0) {
        close = at + 2;
        break;
      }
    }
    if (close == std::string_view::npos) {
      out.push_back({open, value.size(), false});
      break;
    }
    out.push_back({open, close, true});
    open = value.find("${{", close);
  }
  return out;
}

}  // namespace

TEST(ExpressionSpans, AgreeWithTheRuleStatedDirectlyOnRandomText) {
  // Texts of the characters that matter, at lengths around the 16-byte steps.
  const std::string alphabet = "${}' a{}}$'";
  uint64_t state = 20261130;
  auto next = [&] {
    state = state * 6364136223846793005u + 1442695040888963407u;
    return static_cast<size_t>(state >> 33);
  };
  for (int n = 0; n < 20000; ++n) {
    std::string text;
    const size_t len = next() % 70;
    for (size_t i = 0; i < len; ++i) text += alphabet[next() % alphabet.size()];
    if (next() % 2) text.insert(next() % (text.size() + 1), "${{");
    const auto got = find_expressions(text);
    const auto want = spans_by_rule(text);
    ASSERT_EQ(got.size(), want.size()) << text;
    for (size_t k = 0; k < got.size(); ++k) {
      EXPECT_EQ(got[k].begin, want[k].begin) << text;
      EXPECT_EQ(got[k].end, want[k].end) << text;
      EXPECT_EQ(got[k].closed, want[k].closed) << text;
    }
  }
}

TEST(ScalarPositions, ExactInEveryStyle) {
  EXPECT_EQ(expr_pos("k: echo ${{ x }}\n", "k"), "1:9");
  EXPECT_EQ(expr_pos("k: 'it''s ${{ x }}'\n", "k"), "1:11");
  EXPECT_EQ(expr_pos("k: \"a\\tb\\\"c ${{ x }}\"\n", "k"), "1:13");
  EXPECT_EQ(expr_pos("k: \"\\u00e9 ${{ x }}\"\n", "k"), "1:12");
  EXPECT_EQ(expr_pos("k: |\n  line one\n    deeper ${{ x }}\n", "k"), "3:12");
  EXPECT_EQ(expr_pos("k: >-\n  folded\n  text ${{ x }}\n", "k"), "3:8");
  EXPECT_EQ(expr_pos("k: plain\n  continued ${{ x }}\n", "k"), "2:13");
  EXPECT_EQ(expr_pos("k: \"quoted\n  continued ${{ x }}\"\n", "k"), "2:13");
  EXPECT_EQ(expr_pos("k: \"line \\\n  joined ${{ x }}\"\n", "k"), "2:10");
  EXPECT_EQ(expr_pos("k: &a !!str ${{ x }}\n", "k"), "1:13");
}

TEST(ScalarPositions, EveryByteOfABlockScalar) {
  Workflow wf({"w.yml", "run: |\n  ab\n\n  c\n", {}, {}});
  const yaml::Node& run = *wf.root()->find("run");
  ASSERT_EQ(run.value(), "ab\n\nc\n");
  EXPECT_EQ(pos(wf, run, 0), "2:3");
  EXPECT_EQ(pos(wf, run, 1), "2:4");
  EXPECT_EQ(pos(wf, run, 4), "4:3");
}

TEST(WorkflowModel, JobsStepsAndScalarsWithPaths) {
  Workflow wf({"w.yml",
               "on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n      - run: one\n      - uses: "
               "b@c\n  b:\n    uses: ./.github/workflows/r.yml\n",
               {}, {}});
  auto jobs = wf.jobs();
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[0].id(), "a");
  EXPECT_FALSE(jobs[0].calls_workflow());
  EXPECT_TRUE(jobs[1].calls_workflow());
  EXPECT_EQ(Workflow::steps(jobs[0]).size(), 2u);
  std::vector<std::string> seen;
  wf.for_each_scalar([&](const yaml::Node& n, const NodePath& path, bool is_key) {
    if (is_key) return;
    std::string p;
    for (const PathItem& item : path)
      p += item.is_index() ? "[" + std::to_string(item.index) + "]" : "." + std::string(item.key);
    seen.push_back(p + "=" + std::string(n.value()));
  });
  EXPECT_EQ(seen, (std::vector<std::string>{".on=push", ".jobs.a.runs-on=x",
                                            ".jobs.a.steps[0].run=one", ".jobs.a.steps[1].uses=b@c",
                                            ".jobs.b.uses=./.github/workflows/r.yml"}));
  EXPECT_EQ(wf.line(4), "    runs-on: x");
  EXPECT_EQ(wf.line(99), "");
  EXPECT_EQ(wf.position_at(0).line, 1);
  EXPECT_EQ(wf.position_at(12).line, 2);
  EXPECT_EQ(wf.position_at(12).col, 4);
}

TEST(WorkflowModel, AnEmptyValueIsPositionedAtItsKey) {
  Workflow wf({"w.yml", "on: push\njobs:\n  build:\n  test: ~\n", {}, {}});
  const yaml::Node& jobs = *wf.root()->find("jobs");
  const yaml::Node& build = *jobs.pairs()[0].value;
  ASSERT_TRUE(build.empty());
  Position p = wf.position(build);
  EXPECT_EQ(std::to_string(p.line) + ":" + std::to_string(p.col), "3:3");
  // `~` is written: it is where it is.
  p = wf.position(*jobs.pairs()[1].value);
  EXPECT_EQ(std::to_string(p.line) + ":" + std::to_string(p.col), "4:9");
}

TEST(WorkflowModel, ParseErrorsKeepTheRulesOut) {
  Workflow tab({"w.yml", "on: push\njobs:\n\ta: {}\n", {}, {}});
  ASSERT_NE(tab.parse_error(), nullptr);
  EXPECT_EQ(tab.parse_error()->kind, yaml::DiagKind::Tab);
  EXPECT_EQ(tab.root(), nullptr);
  Workflow alias({"w.yml", "on: push\njobs: *nope\n", {}, {}});
  ASSERT_NE(alias.parse_error(), nullptr);
  EXPECT_EQ(alias.parse_error()->kind, yaml::DiagKind::BadAlias);
  EXPECT_EQ(alias.root(), nullptr);
  // A duplicate key is the duplicate-key rule's: the tree is kept.
  Workflow dup({"w.yml", "on: push\non: fork\njobs: {}\n", {}, {}});
  EXPECT_EQ(dup.parse_error(), nullptr);
  ASSERT_NE(dup.root(), nullptr);
  EXPECT_EQ(dup.root()->pairs().size(), 3u);
}
