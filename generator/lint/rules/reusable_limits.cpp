// reusable-limits: the tree of reusable workflows a workflow calls stays within GitHub's
// limits ("Limitations of reusable workflows"): at most ten levels (the caller and nine
// reusable workflows below it), at most 50 unique reusable workflows in the whole tree,
// and no loops. Local callees (./.github/workflows/...) are read from the run, the disk
// or an interface file and followed; a remote callee counts once and as one level.
#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

constexpr size_t kMaxLevels = 10;
constexpr size_t kMaxUnique = 50;

std::string file_name(std::string_view path) {
  size_t slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

// What a workflow's calls reach.
struct Reach {
  size_t levels = 1;                // the longest chain starting at this workflow
  std::vector<std::string> chain;   // that chain, as file names
  std::set<std::string> workflows;  // every reusable workflow below it
  std::vector<std::string> loop;    // a loop found below it (file names), or empty
};

class Walker {
 public:
  explicit Walker(Context& ctx) : ctx_(ctx) {}

  struct Call {
    const yaml::Node* uses;
    std::string id;          // what makes it unique: a local file's path, or `uses`
    const Workflow* callee;  // local and found; else nullptr
  };

  // Asked twice for the workflow checked (its calls, then what they reach): kept.
  const std::vector<Call>& calls(const Workflow& wf) {
    auto [it, fresh] = calls_.try_emplace(&wf);
    if (fresh) it->second = find_calls(wf);
    return it->second;
  }

  const Reach& reach(const Workflow& wf) {
    if (auto it = memo_.find(wf.path()); it != memo_.end()) return it->second;
    active_.push_back(wf.path());
    Reach r;
    r.chain = {file_name(wf.path())};
    for (const Call& c : calls(wf)) {
      r.workflows.insert(c.id);
      if (!c.callee) {
        if (r.levels < 2) r.levels = 2, r.chain = {file_name(wf.path()), file_name(c.id)};
        continue;
      }
      auto on_stack = std::find(active_.begin(), active_.end(), c.callee->path());
      if (on_stack != active_.end()) {
        if (r.loop.empty()) {
          for (auto it = on_stack; it != active_.end(); ++it) r.loop.push_back(file_name(*it));
          r.loop.push_back(file_name(c.callee->path()));
        }
        continue;
      }
      const Reach& below = reach(*c.callee);
      r.workflows.insert(below.workflows.begin(), below.workflows.end());
      if (r.loop.empty()) r.loop = below.loop;
      if (below.levels + 1 > r.levels) {
        r.levels = below.levels + 1;
        r.chain = {file_name(wf.path())};
        r.chain.insert(r.chain.end(), below.chain.begin(), below.chain.end());
      }
    }
    active_.pop_back();
    return memo_.emplace(wf.path(), std::move(r)).first->second;
  }

 private:
  std::vector<Call> find_calls(const Workflow& wf) {
    std::vector<Call> out;
    if (!wf.root()) return out;
    for (const Workflow::Job& job : wf.jobs()) {
      if (!job.calls_workflow()) continue;
      const yaml::Node* uses = job.body->find("uses");
      if (!uses->is_string()) continue;
      const std::string ref(uses->resolved().value());
      if (ref.find("${{") != std::string::npos) continue;
      const Workflow* callee = ref.rfind("./", 0) == 0 ? ctx_.local_workflow(wf, ref) : nullptr;
      out.push_back({uses, callee ? callee->path() : ref, callee});
    }
    return out;
  }

  Context& ctx_;
  std::map<std::string, Reach> memo_;
  std::map<const Workflow*, std::vector<Call>> calls_;
  std::vector<std::string> active_;
};

std::string joined(const std::vector<std::string>& chain) {
  std::string s;
  for (size_t i = 0; i < chain.size(); ++i) s += (i ? " -> " : "") + chain[i];
  return s;
}

class ReusableLimits final : public Rule {
 public:
  ReusableLimits()
      : Rule({"reusable-limits",
              "reusable workflows nest at most 10 levels, at most 50 unique per workflow, and "
              "never in a loop",
              Severity::Error}) {}

  void check(const Workflow& wf, Context& ctx, Sink& sink) const override {
    Walker walker(ctx);
    const std::vector<Walker::Call>& calls = walker.calls(wf);
    if (calls.empty()) return;
    for (const Walker::Call& c : calls) {
      if (!c.callee) continue;
      if (c.callee == &wf) {
        sink.report(*c.uses,
                    "this workflow calls itself; GitHub does not permit loops of "
                    "reusable workflows");
        continue;
      }
      const Reach& below = walker.reach(*c.callee);
      if (!below.loop.empty()) {
        sink.report(*c.uses,
                    "the reusable workflows this call reaches call each other in a "
                    "loop (" +
                        joined(below.loop) + "); GitHub does not permit loops");
        continue;
      }
      if (below.workflows.count(wf.path())) {
        sink.report(*c.uses,
                    "this call leads back to this workflow; GitHub does not permit "
                    "loops of reusable workflows");
        continue;
      }
      if (below.levels + 1 > kMaxLevels) {
        std::vector<std::string> chain = {file_name(wf.path())};
        chain.insert(chain.end(), below.chain.begin(), below.chain.end());
        sink.report(*c.uses, "this call makes a chain of " + std::to_string(below.levels + 1) +
                                 " workflows (" + joined(chain) +
                                 "); GitHub connects at most 10 levels: the caller and nine "
                                 "reusable workflows");
      }
    }
    const Reach& all = walker.reach(wf);
    if (all.workflows.size() > kMaxUnique) {
      const yaml::Node* jobs = wf.root()->find("jobs");
      sink.report(jobs ? *jobs : *wf.root(),
                  "this workflow's tree of calls reaches " + std::to_string(all.workflows.size()) +
                      " unique reusable workflows; GitHub allows at most 50");
    }
  }
};

}  // namespace

const Rule& reusable_limits() {
  static const ReusableLimits rule;
  return rule;
}

}  // namespace wfgen::lint::rules
