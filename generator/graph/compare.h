// What a change does to a workflow's job graph: jobs added and removed, and per job the
// `needs`, the condition, the reusable workflow called, the matrix size and the test
// shards per config. A reviewer reads "2 jobs added, 1 test shard count changed" before
// the YAML. Step and input details are not the graph's: they show in the file's diff.
#pragma once

#include <string>
#include <vector>

#include "graph/draw.h"
#include "graph/job_graph.h"

namespace wfgen::graph {

enum class ChangeKind { JobAdded, JobRemoved, Needs, Condition, Uses, Matrix, TestShards };

struct Change {
  ChangeKind kind;
  std::string job;
  std::string detail;  // "needs: build -> build, docs" ("" for a job added or removed)
};

enum class WorkflowStatus { Same, Changed, Added, Removed };

struct WorkflowChanges {
  std::string path;
  WorkflowStatus status = WorkflowStatus::Same;
  std::vector<Change> changes;  // jobs in the new file's order, then the removed ones
  // Both graphs in one (the new jobs, then the removed ones) and what each job became.
  JobGraph merged;
  std::map<std::string, JobMark> marks;
};

// Compares the job graph before (null: the workflow is new) with the one after (null: it
// is gone).
WorkflowChanges compare_graphs(const JobGraph* before, const JobGraph* after);

// "2 jobs added, 1 test shard count changed"; "new workflow, 9 jobs".
std::string change_summary(const WorkflowChanges& w);
// One change for a reader: "+ job build (calls _linux-build.yml; needs get-label-type)",
// "~ job test: needs: build -> build, docs", "- job old".
std::string change_line(const Change& c, const WorkflowChanges& w);

}  // namespace wfgen::graph
