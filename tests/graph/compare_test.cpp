// Comparing job graphs: every kind of change, the summary a reviewer reads first, the
// lines after it, and the marks a drawing of the change gets.
#include <gtest/gtest.h>

#include "data/load.h"
#include "graph/compare.h"
#include "graph/draw.h"

using namespace wfgen::graph;

namespace {

JobGraph graph_of(const std::string& text) {
  return job_graph(wfgen::data::parse_yaml(text, "w.yml").root(), "w.yml");
}

const char* kBefore = R"y(jobs:
  build:
    uses: ./.github/workflows/_build.yml
    with:
      test-matrix: |
        { include: [
          { config: "default", shard: 1, num_shards: 2 },
          { config: "default", shard: 2, num_shards: 2 },
          { config: "slow", shard: 1, num_shards: 1 },
        ]}
  test: {needs: build, uses: ./.github/workflows/_test.yml}
  smoke: {needs: build, if: always(), runs-on: x, strategy: {matrix: {a: [1, 2]}}, steps: [{run: x}]}
  old: {runs-on: x, steps: [{run: x}]}
)y";

const char* kAfter = R"y(jobs:
  build:
    uses: ./.github/workflows/_build.yml
    with:
      test-matrix: |
        { include: [
          { config: "default", shard: 1, num_shards: 3 },
          { config: "default", shard: 2, num_shards: 3 },
          { config: "default", shard: 3, num_shards: 3 },
          { config: "perf", shard: 1, num_shards: 1 },
        ]}
  test: {needs: [build, docs], uses: ./.github/workflows/_test-v2.yml}
  smoke: {needs: build, if: "!cancelled()", runs-on: x, strategy: {matrix: {a: [1, 2, 3]}}, steps: [{run: x}]}
  docs: {needs: build, runs-on: x, steps: [{run: x}]}
)y";

}  // namespace

TEST(CompareGraphs, EveryKindOfChange) {
  JobGraph a = graph_of(kBefore), b = graph_of(kAfter);
  WorkflowChanges w = compare_graphs(&a, &b);
  EXPECT_EQ(w.status, WorkflowStatus::Changed);
  EXPECT_EQ(change_summary(w),
            "1 job added, 1 job removed, 1 needs list changed, 1 condition changed, 1 reusable "
            "workflow changed, 1 matrix size changed, 3 test shard counts changed");
  std::string lines;
  for (const Change& c : w.changes) lines += change_line(c, w) + "\n";
  EXPECT_EQ(lines,
            "~ job build: test shards of default: 2 -> 3\n"
            "~ job build: test config perf added (1 shard)\n"
            "~ job build: test config slow removed (was 1 shard)\n"
            "~ job test: needs: build -> build, docs\n"
            "~ job test: calls: `./.github/workflows/_test.yml` -> `./.github/workflows/_test-v2.yml`\n"
            "~ job smoke: if: `always()` -> `!cancelled()`\n"
            "~ job smoke: matrix: 2 jobs -> 3 jobs\n"
            "+ job docs (needs build)\n"
            "- job old\n");
  // The drawing of the change: the new jobs in order, then the removed one, each marked.
  ASSERT_EQ(w.merged.jobs.size(), 5u);
  EXPECT_EQ(w.merged.jobs[4].id, "old");
  EXPECT_EQ(w.marks.at("build"), JobMark::Changed);
  EXPECT_EQ(w.marks.at("docs"), JobMark::Added);
  EXPECT_EQ(w.marks.at("old"), JobMark::Removed);
}

TEST(CompareGraphs, SameGraphDifferentStepsIsNoChange) {
  JobGraph a = graph_of("jobs: {x: {runs-on: a, steps: [{run: one}]}}\n");
  JobGraph b = graph_of("jobs: {x: {runs-on: b, steps: [{run: two}]}}\n");
  WorkflowChanges w = compare_graphs(&a, &b);
  EXPECT_EQ(w.status, WorkflowStatus::Same);
  EXPECT_TRUE(w.changes.empty());
  EXPECT_EQ(change_summary(w), "no change to the job graph");
}

TEST(CompareGraphs, WorkflowAddedAndRemoved) {
  JobGraph g = graph_of("jobs:\n  a: {uses: o/r/.github/workflows/x.yml@v1}\n  b: {needs: a, runs-on: x}\n");
  WorkflowChanges added = compare_graphs(nullptr, &g);
  EXPECT_EQ(added.status, WorkflowStatus::Added);
  EXPECT_EQ(change_summary(added), "new workflow, 2 jobs");
  EXPECT_EQ(change_line(added.changes[0], added), "+ job a (calls o/r/x.yml@v1)");
  EXPECT_EQ(change_line(added.changes[1], added), "+ job b (needs a)");
  WorkflowChanges removed = compare_graphs(&g, nullptr);
  EXPECT_EQ(removed.status, WorkflowStatus::Removed);
  EXPECT_EQ(change_summary(removed), "workflow removed (2 jobs)");
  EXPECT_EQ(change_line(removed.changes[1], removed), "- job b");
}

TEST(CompareGraphs, MatrixBecomingDynamic) {
  JobGraph a = graph_of("jobs: {x: {runs-on: a, strategy: {matrix: {a: [1]}}}}\n");
  JobGraph b = graph_of("jobs: {x: {runs-on: a, strategy: {matrix: '${{ fromJSON(m) }}'}}}\n");
  JobGraph c = graph_of("jobs: {x: {runs-on: a}}\n");
  WorkflowChanges w = compare_graphs(&a, &b);
  EXPECT_EQ(w.changes[0].detail, "matrix: 1 job -> computed at run time");
  EXPECT_EQ(compare_graphs(&b, &c).changes[0].detail, "matrix: computed at run time -> (none)");
}
