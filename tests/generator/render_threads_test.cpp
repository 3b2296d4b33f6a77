// Rendering on several threads: the same outputs, byte for byte, and the same first error,
// whatever the thread count.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "files/tree.h"
#include "pipeline/manifest.h"
#include "pipeline/render.h"
#include "support/temp_dir.h"

namespace {

namespace fs = std::filesystem;
using wfgen::pipeline::Output;
using wfgen::pipeline::ProjectError;
using wfgen::testing::spit;

std::vector<Output> render(const fs::path& root, unsigned threads) {
  auto project = std::make_shared<const wfgen::files::Tree>(root, "the project directory");
  wfgen::pipeline::Manifest m = wfgen::pipeline::load_manifest(*project, root.string());
  return wfgen::pipeline::render_project(project, m, {}, threads);
}

// Everything an output is, as one comparable string.
std::string describe(const std::vector<Output>& outputs) {
  std::string s;
  for (const Output& o : outputs) {
    s += o.path + " | " + o.family + " | " + o.template_name + " | " + o.matrix + " | " +
         std::to_string(o.row) + " | " + o.item + " | " + std::to_string(o.row_origin.line) +
         ":" + std::to_string(o.row_origin.col) + " | rows";
    for (int r : o.rows) s += " " + std::to_string(r);
    s += "\n" + o.content + "\n";
  }
  return s;
}

// The error rendering fails with on 1, 2 and 4 threads, expected the same every time.
std::string error_on_any_thread_count(const fs::path& root) {
  std::string first;
  for (unsigned threads : {1u, 2u, 4u}) {
    try {
      render(root, threads);
      ADD_FAILURE() << "no error with " << threads << " threads";
    } catch (const ProjectError& e) {
      if (first.empty()) first = e.what();
      EXPECT_EQ(e.what(), first) << threads;
    }
  }
  return first;
}

class RenderThreads : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root = fs::temp_directory_path() /
           ("wfgen-threads-" + std::string(info->name()) + "-" + std::to_string(::getpid()));
    fs::remove_all(root);
    // Every kind of family: per row (with `where`), one per item of a row, all rows, none.
    spit(root / "wfgen.yml",
         "engine: {variable_start: '!{{', trim_blocks: true, lstrip_blocks: true, "
         "strict_undefined: true}\n"
         "header: Threads test.\n"
         "vars: {org: acme}\n"
         "families:\n"
         "  - {name: jobs, template: job.yml.j2, matrix: matrices/jobs.yml,\n"
         "     where: 'shard % 3 != 0', output: 'jobs/!{{ shard }}-!{{ python }}.yml'}\n"
         "  - {name: steps, template: step.yml.j2, matrix: matrices/jobs.yml,\n"
         "     each: step in steps, output: 'steps/!{{ shard }}-!{{ python }}-!{{ step }}.yml'}\n"
         "  - {name: all, template: all.md.j2, matrix: matrices/jobs.yml, mode: all_rows,\n"
         "     output: all.md}\n"
         "  - {name: one, template: one.json.j2, output: one.json}\n");
    std::string shards;
    for (int i = 1; i <= 60; ++i) shards += (i > 1 ? ", " : "") + std::to_string(i);
    spit(root / "matrices/jobs.yml",
         "fields:\n  shard: int\n  python: string\n  steps: {type: list, default: [lint, test]}\n"
         "axes:\n  python: ['3.11', '3.12']\n  shard: [" + shards + "]\n");
    spit(root / "templates/common.yml.j2",
         "{% macro runner(shard) %}linux.!{{ '4' if shard % 2 else '2' }}xlarge{% endmacro %}\n");
    spit(root / "templates/job.yml.j2",
         "{% import 'common.yml.j2' as common %}\n"
         "name: !{{ org }} !{{ shard }} py!{{ python }}\non: push\njobs:\n"
         "{% for s in steps %}\n  !{{ s }}:\n    runs-on: !{{ common.runner(shard) }}\n"
         "    steps: [{run: 'python!{{ python }} -m !{{ s }} --shard !{{ shard }}'}]\n"
         "{% endfor %}\n");
    spit(root / "templates/step.yml.j2", "name: !{{ step }} !{{ shard }}\non: push\n");
    spit(root / "templates/all.md.j2",
         "{% for r in rows %}\n- !{{ r.shard }} !{{ r.python }}\n{% endfor %}\n");
    spit(root / "templates/one.json.j2", "{\"org\": \"!{{ org }}\"}\n");
  }
  void TearDown() override { fs::remove_all(root); }

  fs::path root;
};

TEST_F(RenderThreads, SameOutputsWhateverTheThreadCount) {
  const std::vector<Output> alone = render(root, 1);
  // 80 of 120 rows pass `where`, 120 rows x 2 steps, all.md, one.json.
  ASSERT_EQ(alone.size(), 80u + 240u + 2u);
  const std::string expected = describe(alone);
  EXPECT_NE(expected.find("runs-on: linux.4xlarge"), std::string::npos);
  for (unsigned threads : {2u, 3u, 8u}) EXPECT_EQ(describe(render(root, threads)), expected) << threads;
}

TEST_F(RenderThreads, SameFirstErrorWhateverTheThreadCount) {
  // Rows of shards 25 and 50 fail (their python 3.11 rows come first: rows 25 and 50).
  spit(root / "templates/step.yml.j2",
       "{% if shard % 25 == 0 %}!{{ no_such_variable }}{% endif %}\nname: !{{ step }}\n");
  const std::string first = error_on_any_thread_count(root);
  EXPECT_NE(first.find("templates/step.yml.j2:1:"), std::string::npos) << first;
  EXPECT_NE(first.find("'no_such_variable' is undefined"), std::string::npos) << first;
  EXPECT_NE(first.find("while rendering generated/steps/25-3.11-lint.yml (row 25, step 1 of "
                       "matrices/jobs.yml"),
            std::string::npos)
      << first;
}

TEST_F(RenderThreads, SameCollisionWhateverTheThreadCount) {
  // Two rows per shard (one per python) write the same file: the first pair is reported.
  spit(root / "wfgen.yml",
       "engine: {variable_start: '!{{'}\nfamilies:\n"
       "  - {name: jobs, template: step.yml.j2, matrix: matrices/jobs.yml,\n"
       "     output: 'jobs/!{{ shard }}.yml'}\n");
  spit(root / "templates/step.yml.j2", "name: !{{ shard }}\n");
  const std::string first = error_on_any_thread_count(root);
  EXPECT_NE(first.find("two rows write generated/jobs/1.yml: this one and row 1 of family 'jobs'"),
            std::string::npos)
      << first;
}

TEST_F(RenderThreads, SamePlanningErrorWhileEarlierFamiliesRender) {
  // The third family fails while it is planned, after workers have started on the jobs of
  // the first two: every count reports it (the outputs before it render fine), and none
  // hangs waiting for jobs that never come.
  spit(root / "wfgen.yml",
       "engine: {variable_start: '!{{'}\nfamilies:\n"
       "  - {name: jobs, template: step.yml.j2, matrix: matrices/jobs.yml,\n"
       "     output: 'jobs/!{{ shard }}-!{{ python }}.yml'}\n"
       "  - {name: more, template: step.yml.j2, matrix: matrices/jobs.yml,\n"
       "     output: 'more/!{{ shard }}-!{{ python }}.yml'}\n"
       "  - {name: steps, template: step.yml.j2, matrix: matrices/jobs.yml,\n"
       "     each: step in no_such_field, output: 'steps/!{{ step }}.yml'}\n");
  spit(root / "templates/step.yml.j2", "name: !{{ shard }}\n");
  const std::string first = error_on_any_thread_count(root);
  EXPECT_EQ(first,
            "wfgen.yml:8:12: error: unknown field 'no_such_field' (expected one of: shard, "
            "python, steps) in matrices/jobs.yml\n"
            "       each: step in no_such_field, output: 'steps/!{{ step }}.yml'}\n"
            "             ^\n");
}

TEST_F(RenderThreads, AnEarlierRenderErrorWinsOverALaterPlanningError) {
  // Row 30 of the first family fails to render while the last family fails to plan: a
  // single thread meets the render error first, and so does every count.
  spit(root / "wfgen.yml",
       "engine: {variable_start: '!{{', strict_undefined: true}\nfamilies:\n"
       "  - {name: jobs, template: step.yml.j2, matrix: matrices/jobs.yml,\n"
       "     output: 'jobs/!{{ shard }}-!{{ python }}.yml'}\n"
       "  - {name: steps, template: step.yml.j2, matrix: matrices/jobs.yml,\n"
       "     each: step in no_such_field, output: 'steps/!{{ step }}.yml'}\n");
  spit(root / "templates/step.yml.j2",
       "{% if shard == 30 %}!{{ no_such_variable }}{% endif %}\nname: !{{ shard }}\n");
  const std::string first = error_on_any_thread_count(root);
  EXPECT_NE(first.find("'no_such_variable' is undefined"), std::string::npos) << first;
  EXPECT_NE(first.find("while rendering generated/jobs/30-3.11.yml (row 30 of"), std::string::npos)
      << first;
}

// Families sharing no matrix file are planned on several threads at once (a group each).
class RenderThreadsGroups : public RenderThreads {
 protected:
  // Families a (jobs.yml), b (other.yml), c (no matrix), d (third.yml, with `table` as a
  // table: b's group when it is other.yml) and e (jobs.yml again: a's group).
  void write_groups(const std::string& other_rows, const std::string& third_rows,
                    const std::string& table = "matrices/other.yml") {
    spit(root / "wfgen.yml",
         "engine: {variable_start: '!{{', strict_undefined: true}\nfamilies:\n"
         "  - {name: a, template: step.yml.j2, matrix: matrices/jobs.yml,\n"
         "     output: 'a/!{{ shard }}-!{{ python }}.yml'}\n"
         "  - {name: b, template: other.yml.j2, matrix: matrices/other.yml,\n"
         "     output: 'b/!{{ name }}.yml'}\n"
         "  - {name: c, template: one.json.j2, output: c.json, vars: {org: acme}}\n"
         "  - {name: d, template: third.yml.j2, matrix: matrices/third.yml,\n"
         "     tables: {others: " + table + "}, output: 'd/!{{ name }}.yml'}\n"
         "  - {name: e, template: step.yml.j2, matrix: matrices/jobs.yml,\n"
         "     output: 'e/!{{ shard }}-!{{ python }}.yml'}\n");
    spit(root / "matrices/other.yml", "fields: {name: string, size: int}\nentries:\n" + other_rows);
    spit(root / "matrices/fourth.yml", "fields: {size: int}\nentries: [{size: 4}]\n");
    spit(root / "matrices/third.yml",
         "fields: {name: string, size: {type: int, default: 1}}\nentries:\n" + third_rows);
    spit(root / "templates/step.yml.j2", "name: !{{ shard }}\n");
    spit(root / "templates/other.yml.j2", "name: !{{ name }} (!{{ size }})\n");
    spit(root / "templates/third.yml.j2",
         "name: !{{ name }}\nsizes: [{% for o in others %}!{{ o.size }}, {% endfor %}]\n");
  }
  // The error of every thread count (the same), with b and d each a group of their own
  // (d's table is fourth.yml).
  std::string first_error_apart(const std::string& other_rows, const std::string& third_rows) {
    write_groups(other_rows, third_rows, "matrices/fourth.yml");
    return error_on_any_thread_count(root);
  }
};

TEST_F(RenderThreadsGroups, SameOutputsWhateverTheThreadCount) {
  write_groups("  - {name: x, size: 1}\n  - {name: y, size: 2}\n",
               "  - {name: p}\n  - {name: q, size: 3}\n");
  const std::vector<Output> alone = render(root, 1);
  ASSERT_EQ(alone.size(), 120u + 2u + 1u + 2u + 120u);
  const std::string expected = describe(alone);
  EXPECT_NE(expected.find("sizes: [1, 2, ]"), std::string::npos) << expected;
  for (unsigned threads : {2u, 3u, 8u})
    EXPECT_EQ(describe(render(root, threads)), expected) << threads;
}

TEST_F(RenderThreadsGroups, TheFirstFamilyToFailInOrderIsReported) {
  // b and d fail: a single thread meets b's error, and so does every count, though on two
  // threads d (the last group) is planned first.
  EXPECT_EQ(first_error_apart("  - {name: x, size: one}\n", "  - {name: p, size: two}\n"),
            "matrices/other.yml:3:21: error: field 'size' must be of type int, not string\n"
            "    - {name: x, size: one}\n"
            "                      ^\n");
}

TEST_F(RenderThreadsGroups, ALaterGroupFailingAloneIsReported) {
  EXPECT_EQ(first_error_apart("  - {name: x, size: 1}\n", "  - {name: p, size: two}\n"),
            "matrices/third.yml:3:21: error: field 'size' must be of type int, not string\n"
            "    - {name: p, size: two}\n"
            "                      ^\n");
}

// This repository's own project: every template, macro library and matrix it has.
TEST(RenderThreadsProject, ThisProjectIsTheSameOnOneOrTwoThreads) {
  const fs::path root = WFGEN_SOURCE_DIR;
  const std::vector<Output> alone = render(root, 1);
  ASSERT_GT(alone.size(), 40u);
  EXPECT_EQ(describe(render(root, 2)), describe(alone));
}

}  // namespace
