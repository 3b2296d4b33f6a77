#include "graph/compare.h"

#include <algorithm>
#include <map>

namespace wfgen::graph {

namespace {

std::string join(const std::vector<std::string>& items) {
  if (items.empty()) return "(none)";
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

std::string quoted_or_none(const std::string& s) {
  return s.empty() ? "(none)" : "`" + s + "`";
}

std::string matrix_text(const Job& j) {
  if (!j.has_matrix) return "(none)";
  if (!j.matrix_jobs) return "computed at run time";
  return std::to_string(*j.matrix_jobs) + (*j.matrix_jobs == 1 ? " job" : " jobs");
}

std::string shards_text(size_t n) {
  return std::to_string(n) + (n == 1 ? " shard" : " shards");
}

void compare_jobs(const Job& a, const Job& b, std::vector<Change>& out) {
  auto add = [&](ChangeKind k, std::string detail) { out.push_back({k, b.id, std::move(detail)}); };
  if (a.needs != b.needs) add(ChangeKind::Needs, "needs: " + join(a.needs) + " -> " + join(b.needs));
  if (a.condition != b.condition)
    add(ChangeKind::Condition,
        "if: " + quoted_or_none(a.condition) + " -> " + quoted_or_none(b.condition));
  if (a.uses != b.uses)
    add(ChangeKind::Uses, "calls: " + quoted_or_none(a.uses) + " -> " + quoted_or_none(b.uses));
  if (a.has_matrix != b.has_matrix || a.matrix_jobs != b.matrix_jobs)
    add(ChangeKind::Matrix, "matrix: " + matrix_text(a) + " -> " + matrix_text(b));
  // Test shards, per config: counts that changed, configs added, configs removed.
  auto shards_of = [](const Job& j, const std::string& config) -> size_t {
    for (const TestConfig& c : j.test_matrix)
      if (c.config == config) return c.shards;
    return 0;
  };
  for (const TestConfig& c : b.test_matrix) {
    size_t before = shards_of(a, c.config);
    if (before == c.shards) continue;
    add(ChangeKind::TestShards,
        before ? "test shards of " + c.config + ": " + std::to_string(before) + " -> " +
                     std::to_string(c.shards)
               : "test config " + c.config + " added (" + shards_text(c.shards) + ")");
  }
  for (const TestConfig& c : a.test_matrix)
    if (!shards_of(b, c.config))
      add(ChangeKind::TestShards,
          "test config " + c.config + " removed (was " + shards_text(c.shards) + ")");
}

struct KindNames {
  const char* one;
  const char* many;
};

KindNames kind_names(ChangeKind k) {
  switch (k) {
    case ChangeKind::JobAdded: return {"job added", "jobs added"};
    case ChangeKind::JobRemoved: return {"job removed", "jobs removed"};
    case ChangeKind::Needs: return {"needs list changed", "needs lists changed"};
    case ChangeKind::Condition: return {"condition changed", "conditions changed"};
    case ChangeKind::Uses: return {"reusable workflow changed", "reusable workflows changed"};
    case ChangeKind::Matrix: return {"matrix size changed", "matrix sizes changed"};
    case ChangeKind::TestShards: return {"test shard count changed", "test shard counts changed"};
  }
  return {"", ""};
}

}  // namespace

WorkflowChanges compare_graphs(const JobGraph* before, const JobGraph* after) {
  WorkflowChanges w;
  const JobGraph empty;
  const JobGraph& a = before ? *before : empty;
  const JobGraph& b = after ? *after : empty;
  w.path = after ? after->path : before ? before->path : "";
  w.merged.path = w.path;
  w.merged.name = after ? b.name : a.name;
  for (const Job& job : b.jobs) {
    w.merged.jobs.push_back(job);
    const Job* old = a.find(job.id);
    if (!old) {
      w.changes.push_back({ChangeKind::JobAdded, job.id, ""});
      w.marks[job.id] = JobMark::Added;
      continue;
    }
    size_t count = w.changes.size();
    compare_jobs(*old, job, w.changes);
    if (w.changes.size() != count) w.marks[job.id] = JobMark::Changed;
  }
  for (const Job& job : a.jobs)
    if (!b.find(job.id)) {
      w.merged.jobs.push_back(job);
      w.changes.push_back({ChangeKind::JobRemoved, job.id, ""});
      w.marks[job.id] = JobMark::Removed;
    }
  w.status = !before ? WorkflowStatus::Added
             : !after ? WorkflowStatus::Removed
             : w.changes.empty() ? WorkflowStatus::Same
                                 : WorkflowStatus::Changed;
  return w;
}

std::string change_summary(const WorkflowChanges& w) {
  auto jobs = [](size_t n) { return std::to_string(n) + (n == 1 ? " job" : " jobs"); };
  if (w.status == WorkflowStatus::Added) return "new workflow, " + jobs(w.merged.jobs.size());
  if (w.status == WorkflowStatus::Removed)
    return "workflow removed (" + jobs(w.merged.jobs.size()) + ")";
  if (w.status == WorkflowStatus::Same) return "no change to the job graph";
  std::map<ChangeKind, size_t> counts;
  for (const Change& c : w.changes) ++counts[c.kind];
  std::string out;
  for (const auto& [kind, n] : counts) {
    KindNames names = kind_names(kind);
    out += (out.empty() ? "" : ", ") + std::to_string(n) + " " + (n == 1 ? names.one : names.many);
  }
  return out;
}

std::string change_line(const Change& c, const WorkflowChanges& w) {
  if (c.kind == ChangeKind::JobRemoved) return "- job " + c.job;
  if (c.kind != ChangeKind::JobAdded) return "~ job " + c.job + ": " + c.detail;
  const Job& job = *w.merged.find(c.job);
  std::vector<std::string> facts;
  for (std::string& line : job_label(job, 200)) facts.push_back(std::move(line));
  facts.erase(facts.begin());  // the id
  if (!job.needs.empty()) facts.push_back("needs " + join(job.needs));
  std::string out = "+ job " + c.job;
  if (!facts.empty()) {
    out += " (";
    for (size_t i = 0; i < facts.size(); ++i) out += (i ? "; " : "") + facts[i];
    out += ")";
  }
  return out;
}

}  // namespace wfgen::graph
