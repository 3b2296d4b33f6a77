// Reading a workflow's job graph: needs in both spellings, reusable calls, conditions in
// short, static matrices counted as GitHub expands them, PyTorch's test shard lists.
#include <gtest/gtest.h>

#include "data/load.h"
#include "graph/job_graph.h"

using wfgen::data::Json;
using wfgen::graph::job_graph;
using wfgen::graph::static_matrix_jobs;

namespace {

Json yaml(const std::string& text) {
  return wfgen::data::parse_yaml(text, "w.yml").root();
}

std::optional<size_t> jobs_of(const std::string& matrix) {
  return static_matrix_jobs(yaml(matrix));
}

}  // namespace

TEST(JobGraph, JobsNeedsCallsAndConditions) {
  auto g = job_graph(yaml(R"(name: CI
on: push
jobs:
  setup:
    uses: ./.github/workflows/setup.yml
  build:
    name: Build it
    needs: setup
    if: >-
      ${{
        github.event_name == 'push' &&
        needs.setup.outputs.ok
      }}
    runs-on: ubuntu-latest
    steps: [{run: make}]
  summary:
    needs: [setup, build]
    if: ${{ always() }} && true
    runs-on: ubuntu-latest
    steps: [{run: echo}]
)"),
                     "ci.yml");
  EXPECT_EQ(g.path, "ci.yml");
  EXPECT_EQ(g.name, "CI");
  ASSERT_EQ(g.jobs.size(), 3u);
  EXPECT_EQ(g.jobs[0].id, "setup");
  EXPECT_EQ(g.jobs[0].uses, "./.github/workflows/setup.yml");
  EXPECT_TRUE(g.jobs[0].needs.empty());
  EXPECT_EQ(g.jobs[1].name, "Build it");
  EXPECT_EQ(g.jobs[1].needs, std::vector<std::string>{"setup"});
  EXPECT_EQ(g.jobs[1].condition, "github.event_name == 'push' && needs.setup.outputs.ok");
  EXPECT_EQ(g.jobs[2].needs, (std::vector<std::string>{"setup", "build"}));
  // Not one expression around the whole: kept as written (on one line).
  EXPECT_EQ(g.jobs[2].condition, "${{ always() }} && true");
  EXPECT_EQ(g.find("build"), &g.jobs[1]);
  EXPECT_EQ(g.find("nope"), nullptr);
}

TEST(JobGraph, NotAWorkflowHasNoJobs) {
  EXPECT_FALSE(wfgen::graph::is_workflow(yaml("a: 1\n")));
  EXPECT_FALSE(wfgen::graph::is_workflow(yaml("jobs: [a]\n")));
  EXPECT_TRUE(job_graph(yaml("name: x\njobs: []\n"), "x.yml").jobs.empty());
}

TEST(JobGraph, StaticMatrixCountsAsGithubExpandsIt) {
  EXPECT_EQ(jobs_of("{os: [a, b], py: ['3.10', '3.12', '3.13']}"), 6u);
  // exclude drops every combination that has all of an item's pairs
  EXPECT_EQ(jobs_of("{os: [a, b], py: [1, 2], exclude: [{os: b}]}"), 2u);
  EXPECT_EQ(jobs_of("{os: [a, b], py: [1, 2], exclude: [{os: b, py: 1}]}"), 3u);
  // include: an item extending original combinations adds none; one extending none adds one
  EXPECT_EQ(jobs_of("{os: [a, b], include: [{os: a, extra: x}, {os: c}]}"), 3u);
  // an include may not overwrite an axis value: it becomes a new combination
  EXPECT_EQ(jobs_of("{os: [a], py: [1], include: [{os: a, py: 2}]}"), 2u);
  // only include: one job per item
  EXPECT_EQ(jobs_of("{include: [{a: 1}, {a: 2}, {a: 3}]}"), 3u);
  // an include matches combinations left after exclude only
  EXPECT_EQ(jobs_of("{os: [a, b], exclude: [{os: b}], include: [{os: b, x: 1}]}"), 2u);
}

TEST(JobGraph, MatrixBuiltByAnExpressionIsNotCounted) {
  EXPECT_EQ(jobs_of("'${{ fromJSON(needs.setup.outputs.m) }}'"), std::nullopt);
  EXPECT_EQ(jobs_of("{variant: '${{ fromJSON(x) }}'}"), std::nullopt);
  EXPECT_EQ(jobs_of("{os: [a, '${{ inputs.os }}']}"), std::nullopt);
  EXPECT_EQ(jobs_of("{os: [a], include: '${{ fromJSON(x) }}'}"), std::nullopt);
  EXPECT_EQ(jobs_of("{os: []}"), std::nullopt);
  // Past the limit it is not expanded.
  EXPECT_EQ(static_matrix_jobs(yaml("{a: [1, 2, 3], b: [1, 2, 3]}"), 8), std::nullopt);
  EXPECT_EQ(static_matrix_jobs(yaml("{a: [1, 2, 3], b: [1, 2, 3]}"), 9), 9u);
}

TEST(JobGraph, MatrixSizeOnTheJob) {
  auto g = job_graph(yaml(R"(jobs:
  fixed: {runs-on: x, strategy: {matrix: {a: [1, 2]}}, steps: [{run: x}]}
  dynamic: {runs-on: x, strategy: {matrix: '${{ fromJSON(y) }}'}, steps: [{run: x}]}
  none: {runs-on: x, steps: [{run: x}]}
)"),
                     "m.yml");
  EXPECT_TRUE(g.jobs[0].has_matrix);
  EXPECT_EQ(g.jobs[0].matrix_jobs, 2u);
  EXPECT_TRUE(g.jobs[1].has_matrix);
  EXPECT_EQ(g.jobs[1].matrix_jobs, std::nullopt);
  EXPECT_FALSE(g.jobs[2].has_matrix);
}

TEST(JobGraph, PytorchTestMatrixShardsPerConfig) {
  auto g = job_graph(yaml(R"(jobs:
  build:
    uses: ./.github/workflows/_linux-build.yml
    with:
      test-matrix: |
        { include: [
          { config: "default", shard: 1, num_shards: 2, runner: "linux.2xlarge" },
          { config: "default", shard: 2, num_shards: 2, runner: "linux.2xlarge" },
          { config: "docs_test", shard: 1, num_shards: 1, runner: "linux.2xlarge" },
          { config: "default", shard: 3, num_shards: 3, runner: "linux.2xlarge" },
        ]}
  test:
    needs: build
    uses: ./.github/workflows/_linux-test.yml
    with:
      test-matrix: ${{ needs.build.outputs.test-matrix }}
  odd:
    uses: ./x.yml
    with: {test-matrix: "{ include: [ unclosed"}
)"),
                     "p.yml");
  ASSERT_EQ(g.jobs[0].test_matrix.size(), 2u);
  EXPECT_EQ(g.jobs[0].test_matrix[0].config, "default");
  EXPECT_EQ(g.jobs[0].test_matrix[0].shards, 3u);
  EXPECT_EQ(g.jobs[0].test_matrix[1].config, "docs_test");
  EXPECT_EQ(g.jobs[0].test_matrix[1].shards, 1u);
  EXPECT_EQ(g.jobs[0].test_shards(), 4u);
  EXPECT_TRUE(g.jobs[1].test_matrix.empty());  // passed on: counted where it is made
  EXPECT_TRUE(g.jobs[2].test_matrix.empty());  // not YAML: nothing counted, no error
}
