// job-needs: `needs` names jobs of the workflow, never the job itself, and the jobs do not
// need each other in a cycle (GitHub refuses such a file); an expression reads
// `needs.<job>` only for a job its own job needs, and `needs.<job>.outputs.<name>` only
// for an output that job declares.
#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "lint/ascii_case.h"
#include "lint/expression/check.h"
#include "lint/expression/in_workflow.h"
#include "lint/rule.h"

namespace wfgen::lint::rules {

namespace {

// One job id of the workflow (jobs whose ids differ only in case are one: GitHub compares
// ids so, and duplicate-key reports the second).
struct JobInfo {
  std::string id;                        // lowercased
  const Workflow::Job* job = nullptr;    // the last job with this id
  std::vector<const yaml::Node*> needs;  // the scalars of `needs`
  std::vector<std::string> needed;       // their names, lowercased
  std::vector<size_t> needed_jobs;       // the jobs they name, when there are such jobs
  const yaml::Node* outputs = nullptr;   // a mapping written in the job (not a call's)
};

// The jobs by index, found by lowercased id. Indices instead of a map of strings: large
// workflows have hundreds of jobs, each read several times.
struct Jobs {
  std::vector<JobInfo> info;
  std::unordered_map<std::string, size_t> by_id;
  std::vector<size_t> in_id_order;  // the order findings and the cycle search go in

  const JobInfo* find(const std::string& lowered) const {
    auto it = by_id.find(lowered);
    return it == by_id.end() ? nullptr : &info[it->second];
  }
};

class JobNeeds final : public Rule {
 public:
  JobNeeds()
      : Rule({"job-needs",
              "needs names other jobs of the workflow, without cycles; needs.<job> reads only "
              "a needed job and outputs it declares",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    Jobs jobs = read_jobs(wf);
    for (size_t index : jobs.in_id_order) {
      const JobInfo& i = jobs.info[index];
      for (size_t k = 0; k < i.needs.size(); ++k) {
        const yaml::Node* n = i.needs[k];
        if (i.needed[k] == i.id)
          sink.report(*n, "job '" + std::string(i.job->id()) + "' needs itself");
        else if (i.needed_jobs[k] == SIZE_MAX)
          sink.report(*n, "job '" + std::string(i.job->id()) + "' needs '" +
                              std::string(n->resolved().value()) +
                              "', which is no job of this workflow");
      }
    }
    report_cycle(jobs, sink);
    check_reads(wf, jobs, sink);
  }

 private:
  static Jobs read_jobs(const Workflow& wf) {
    Jobs jobs;
    for (const Workflow::Job& job : wf.jobs()) {
      if (!job.body->is_mapping()) continue;
      std::string id = lower_case(job.id());
      auto [it, fresh] = jobs.by_id.try_emplace(id, jobs.info.size());
      if (fresh) jobs.info.emplace_back().id = std::move(id);
      JobInfo& i = jobs.info[it->second];
      i.job = &job;
      if (const yaml::Node* needs = job.body->find("needs")) {
        if (needs->is_scalar()) i.needs.push_back(needs);
        if (needs->is_sequence())
          for (const yaml::Node* n : needs->items())
            if (n->is_scalar()) i.needs.push_back(n);
      }
      const yaml::Node* out = job.body->find("outputs");
      if (out && out->is_mapping() && !job.calls_workflow()) i.outputs = out;
    }
    // What each job needs, by name and as indices (a job needing itself or no job is
    // left out of the indices).
    for (size_t index = 0; index < jobs.info.size(); ++index) {
      JobInfo& i = jobs.info[index];
      for (const yaml::Node* n : i.needs) {
        std::string name = lower_case(n->resolved().value());
        auto it = jobs.by_id.find(name);
        i.needed_jobs.push_back(it == jobs.by_id.end() || it->second == index ? SIZE_MAX
                                                                               : it->second);
        i.needed.push_back(std::move(name));
      }
    }
    jobs.in_id_order.resize(jobs.info.size());
    for (size_t k = 0; k < jobs.info.size(); ++k) jobs.in_id_order[k] = k;
    std::sort(jobs.in_id_order.begin(), jobs.in_id_order.end(),
              [&](size_t a, size_t b) { return jobs.info[a].id < jobs.info[b].id; });
    return jobs;
  }

  // One finding per cycle, at the `needs` item that closes it.
  // A depth-first walk with a stack of its own: a chain of needs may be as long as the
  // file has jobs (100,000 would overflow the thread's stack through recursion).
  static void report_cycle(const Jobs& jobs, Sink& sink) {
    enum : char { kNew, kOnPath, kDone };
    std::vector<char> state(jobs.info.size(), kNew);
    struct Step {
      size_t job;
      size_t next_need = 0;  // the index in its needs of the edge to follow next
    };
    std::vector<Step> path;
    for (size_t start : jobs.in_id_order) {
      if (state[start] != kNew) continue;
      state[start] = kOnPath;
      path.push_back({start});
      while (!path.empty()) {
        Step& step = path.back();
        const JobInfo& i = jobs.info[step.job];
        if (step.next_need == i.needs.size()) {
          state[step.job] = kDone;
          path.pop_back();
          continue;
        }
        const size_t k = step.next_need++;
        const size_t next = i.needed_jobs[k];
        if (next == SIZE_MAX || state[next] == kDone) continue;
        if (state[next] == kOnPath) {
          std::string chain;
          auto from = std::find_if(path.begin(), path.end(),
                                   [&](const Step& s) { return s.job == next; });
          for (auto it = from; it != path.end(); ++it)
            chain += std::string(jobs.info[it->job].job->id()) + " -> ";
          sink.report(*i.needs[k], "jobs need each other in a cycle: " + chain +
                                       std::string(jobs.info[next].job->id()));
          return;
        }
        state[next] = kOnPath;
        path.push_back({next});  // `step` is not used past this point
      }
    }
  }

  static void check_reads(const Workflow& wf, const Jobs& jobs, Sink& sink) {
    expr::for_each_expression(wf, [&](const expr::Occurrence& e) {
      auto reads_needs = [](const expr::Access& a) {
        return a.path.size() >= 2 && a.path[0] == "needs" && a.path[1] != "*";
      };
      if (std::none_of(e.accesses.begin(), e.accesses.end(), reads_needs)) return;
      std::string_view job = expr::job_of(e.path);
      if (job.empty()) return;
      const JobInfo* self = jobs.find(lower_case(job));
      if (!self) return;
      for (const expr::Access& a : e.accesses) {
        if (!reads_needs(a)) continue;
        const std::string& needed = a.path[1];
        if (std::find(self->needed.begin(), self->needed.end(), needed) == self->needed.end()) {
          sink.report(e.position(wf, a.offset),
                      a.text() + ": job '" + std::string(job) + "' does not need '" + needed +
                          "' (add it to its needs)");
          continue;
        }
        const JobInfo* other = jobs.find(needed);
        if (!other || !other->outputs || a.path.size() < 4 || a.path[2] != "outputs" ||
            a.path[3] == "*")
          continue;
        bool declared = false;
        for (const auto& pair : other->outputs->pairs())
          declared = declared || equal_folded(pair.key->resolved().value(), a.path[3]);
        if (!declared)
          sink.report(e.position(wf, a.offset),
                      a.text() + ": job '" + std::string(other->job->id()) +
                          "' declares no output '" + a.path[3] + "'");
      }
    });
  }
};

}  // namespace

const Rule& job_needs() {
  static const JobNeeds rule;
  return rule;
}

}  // namespace wfgen::lint::rules
