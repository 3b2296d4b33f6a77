// excessive-permissions: the workflow says what its token may do. Without a top-level
// `permissions`, a job that sets none runs with the repository's default token, which
// may be read-write on everything; `write-all` grants every scope explicitly.
#include <string>
#include <vector>

#include "lint/rule.h"

namespace wfgen::lint::rules {

namespace {

// "job 'a'", "jobs 'a', 'b'", or past kShown names "jobs 'a', 'b', 'c' and 70 more": a
// generated workflow can have hundreds of jobs, and the message stays one line.
std::string job_list(const std::vector<std::string_view>& ids) {
  constexpr size_t kShown = 3;
  std::string out = ids.size() == 1 ? "job " : "jobs ";
  for (size_t i = 0; i < ids.size() && i < kShown; ++i)
    out += (i ? ", '" : "'") + std::string(ids[i]) + "'";
  if (ids.size() > kShown) out += " and " + std::to_string(ids.size() - kShown) + " more";
  return out;
}

class ExcessivePermissions final : public Rule {
 public:
  ExcessivePermissions()
      : Rule({"excessive-permissions",
              "the token's permissions are set (at the top, or on every job), and never "
              "write-all",
              Severity::Warning}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    const yaml::Node* top = wf.root()->find("permissions");
    if (top) flag_write_all(*top, "the workflow", sink);
    std::vector<std::string_view> bare;  // jobs without permissions, when the workflow sets none
    for (const Workflow::Job& job : wf.jobs()) {
      if (!job.body->is_mapping()) continue;
      const yaml::Node* p = job.body->find("permissions");
      if (p) flag_write_all(*p, "job '" + std::string(job.id()) + "'", sink);
      else if (!top) bare.push_back(job.id());
    }
    if (!bare.empty()) {
      const yaml::Node* jobs = wf.root()->find("jobs");
      const yaml::Node* at = nullptr;
      for (const auto& pair : wf.root()->pairs())
        if (pair.key->resolved().value() == "jobs") at = pair.key;
      sink.report(at ? *at : *jobs,
                  "no top-level 'permissions', and " + job_list(bare) +
                      (bare.size() == 1 ? " sets none: it gets" : " set none: they get") +
                      " the repository's default token (possibly "
                      "read-write on everything); set 'permissions: {contents: read}' at the "
                      "top and widen it per job");
    }
  }

 private:
  static void flag_write_all(const yaml::Node& p, const std::string& who, Sink& sink) {
    if (p.is_string() && p.value() == "write-all")
      sink.report(p, who + " gives its token write-all: name the scopes it writes instead");
  }
};

}  // namespace

const Rule& excessive_permissions() {
  static const ExcessivePermissions rule;
  return rule;
}

}  // namespace wfgen::lint::rules
