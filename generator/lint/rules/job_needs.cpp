// job-needs: `needs` names jobs of the workflow, never the job itself, and the jobs do not
// need each other in a cycle (GitHub refuses such a file); an expression reads
// `needs.<job>` only for a job its own job needs, and `needs.<job>.outputs.<name>` only
// for an output that job declares.
#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "lint/ascii_case.h"
#include "lint/expression/check.h"
#include "lint/expression/in_workflow.h"
#include "lint/rule.h"

namespace wfgen::lint::rules {

namespace {

struct JobInfo {
  const Workflow::Job* job = nullptr;
  std::vector<const yaml::Node*> needs;  // the scalars of `needs`
  std::set<std::string> needed;          // their names, lowercased
  const yaml::Node* outputs = nullptr;   // a mapping written in the job (not a call's)
};

class JobNeeds final : public Rule {
 public:
  JobNeeds()
      : Rule({"job-needs",
              "needs names other jobs of the workflow, without cycles; needs.<job> reads only "
              "a needed job and outputs it declares",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    const std::vector<Workflow::Job>& jobs = wf.jobs();
    std::map<std::string, JobInfo> info;  // by lowercased id: GitHub compares them so
    for (const Workflow::Job& job : jobs) {
      if (!job.body->is_mapping()) continue;
      JobInfo& i = info[lower_case(job.id())];
      i.job = &job;
      if (const yaml::Node* needs = job.body->find("needs")) {
        if (needs->is_scalar()) i.needs.push_back(needs);
        if (needs->is_sequence())
          for (const yaml::Node* n : needs->items())
            if (n->is_scalar()) i.needs.push_back(n);
      }
      for (const yaml::Node* n : i.needs) i.needed.insert(lower_case(n->resolved().value()));
      const yaml::Node* out = job.body->find("outputs");
      if (out && out->is_mapping() && !job.calls_workflow()) i.outputs = out;
    }
    for (auto& [id, i] : info)
      for (const yaml::Node* n : i.needs) {
        std::string name = lower_case(n->resolved().value());
        if (name == id)
          sink.report(*n, "job '" + std::string(i.job->id()) + "' needs itself");
        else if (!info.count(name))
          sink.report(*n, "job '" + std::string(i.job->id()) + "' needs '" +
                              std::string(n->resolved().value()) +
                              "', which is no job of this workflow");
      }
    report_cycle(info, sink);
    check_reads(wf, info, sink);
  }

 private:
  // One finding per cycle, at the `needs` item that closes it.
  static void report_cycle(std::map<std::string, JobInfo>& info, Sink& sink) {
    std::map<std::string, int> state;  // 0 new, 1 on the path, 2 done
    std::vector<std::string> path;
    std::function<bool(const std::string&)> visit = [&](const std::string& id) -> bool {
      state[id] = 1;
      path.push_back(id);
      const JobInfo& i = info[id];
      for (const yaml::Node* n : i.needs) {
        std::string next = lower_case(n->resolved().value());
        if (next == id || !info.count(next)) continue;
        if (state[next] == 1) {
          std::string chain;
          auto from = std::find(path.begin(), path.end(), next);
          for (auto it = from; it != path.end(); ++it)
            chain += std::string(info[*it].job->id()) + " -> ";
          sink.report(*n, "jobs need each other in a cycle: " + chain +
                              std::string(info[next].job->id()));
          return true;
        }
        if (state[next] == 0 && visit(next)) return true;
      }
      path.pop_back();
      state[id] = 2;
      return false;
    };
    for (auto& [id, i] : info)
      if (state[id] == 0 && visit(id)) return;
  }

  static void check_reads(const Workflow& wf, const std::map<std::string, JobInfo>& info,
                          Sink& sink) {
    expr::for_each_expression(wf, [&](const expr::Occurrence& e) {
      auto reads_needs = [](const expr::Access& a) {
        return a.path.size() >= 2 && a.path[0] == "needs" && a.path[1] != "*";
      };
      if (std::none_of(e.accesses.begin(), e.accesses.end(), reads_needs)) return;
      std::string_view job = expr::job_of(e.path);
      if (job.empty()) return;
      auto self = info.find(lower_case(job));
      if (self == info.end()) return;
      for (const expr::Access& a : e.accesses) {
        if (!reads_needs(a)) continue;
        const std::string& needed = a.path[1];
        if (!self->second.needed.count(needed)) {
          sink.report(e.position(wf, a.offset),
                      a.text() + ": job '" + std::string(job) + "' does not need '" + needed +
                          "' (add it to its needs)");
          continue;
        }
        auto other = info.find(needed);
        if (other == info.end() || !other->second.outputs || a.path.size() < 4 ||
            a.path[2] != "outputs" || a.path[3] == "*")
          continue;
        bool declared = false;
        for (const auto& pair : other->second.outputs->pairs())
          declared = declared || lower_case(pair.key->resolved().value()) == a.path[3];
        if (!declared)
          sink.report(e.position(wf, a.offset),
                      a.text() + ": job '" + std::string(other->second.job->id()) +
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
