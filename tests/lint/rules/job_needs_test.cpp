#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using V = std::vector<std::string>;

TEST(JobNeedsRule, NeedsNameOtherJobs) {
  EXPECT_EQ(findings("on: push\njobs:\n  a: {runs-on: x, steps: [{run: x}]}\n"
                     "  b: {runs-on: x, needs: [a, c, B], steps: [{run: x}]}\n",
                     "job-needs"),
            (V{"4:30: job 'b' needs 'c', which is no job of this workflow",
               "4:33: job 'b' needs itself"}));
}

TEST(JobNeedsRule, ACycleIsReportedOnce) {
  EXPECT_EQ(findings("on: push\njobs:\n  a: {runs-on: x, needs: c, steps: [{run: x}]}\n"
                     "  b: {runs-on: x, needs: a, steps: [{run: x}]}\n"
                     "  c: {runs-on: x, needs: [b], steps: [{run: x}]}\n",
                     "job-needs"),
            (V{"4:26: jobs need each other in a cycle: a -> c -> b -> a"}));
}

// A chain of needs as long as the file has jobs is walked without recursion: 200,000
// jobs deep (a recursive walk overflowed the stack), then a cycle at its far end.
TEST(JobNeedsRule, ALongChainOfNeedsEndsInItsCycle) {
  constexpr int kChain = 200'000;
  std::string wf = "on: push\njobs:\n";
  for (int i = 0; i < kChain; ++i)
    wf += "  a" + std::to_string(i) + ": {runs-on: x, needs: " +
          (i + 1 < kChain ? "a" + std::to_string(i + 1) : std::string("z1")) +
          ", steps: [{run: x}]}\n";
  wf += "  z1: {runs-on: x, needs: z2, steps: [{run: x}]}\n";
  wf += "  z2: {runs-on: x, needs: z1, steps: [{run: x}]}\n";
  const int z2_line = 3 + kChain + 1;
  EXPECT_EQ(findings(wf, "job-needs"),
            (V{std::to_string(z2_line) + ":27: jobs need each other in a cycle: z1 -> z2 -> z1"}));
}

// A file whose lines end in "\r" alone: findings on its lines, in nodes and inside
// expressions alike (lines counted as the YAML reader counts them), with their excerpt.
TEST(JobNeedsRule, LinesBrokenByCarriageReturnsArePositionedAsOthers) {
  const std::string lf =
      "on: push\njobs:\n  a: {runs-on: x, steps: [{run: x}]}\n"
      "  b: {runs-on: x, needs: [a, c], if: needs.d.result, steps: [{run: x}]}\n";
  std::string cr = lf;
  for (char& c : cr)
    if (c == '\n') c = '\r';
  const V expected{"4:30: job 'b' needs 'c', which is no job of this workflow",
                   "4:38: needs.d.result: job 'b' does not need 'd' (add it to its needs)"};
  EXPECT_EQ(findings(lf, "job-needs"), expected);
  auto r = wfgen::testing::lint_text(cr);
  EXPECT_EQ(findings(r, "job-needs"), expected);
  for (const wfgen::lint::Finding& f : r.findings) {
    if (f.rule != "job-needs") continue;
    EXPECT_EQ(f.excerpt, "  b: {runs-on: x, needs: [a, c], if: needs.d.result, steps: [{run: x}]}");
  }
}

TEST(JobNeedsRule, NeedsContextReadsOnlyNeededJobsAndDeclaredOutputs) {
  EXPECT_EQ(findings("on: push\njobs:\n"
                     "  a:\n    runs-on: x\n    outputs: {sha: '${{ steps.s.outputs.sha }}'}\n"
                     "    steps: [{id: s, run: x}]\n"
                     "  b:\n    runs-on: x\n    needs: a\n"
                     "    if: needs.a.outputs.sha != '' && needs.c.result == 'success'\n"
                     "    steps:\n      - run: echo ${{ needs.a.outputs.shaa }} ${{ needs.A.outputs.SHA }}\n",
                     "job-needs"),
            (V{"10:38: needs.c.result: job 'b' does not need 'c' (add it to its needs)",
               "12:23: needs.a.outputs.shaa: job 'a' declares no output 'shaa'"}));
}
