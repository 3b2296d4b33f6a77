// excessive-permissions: the workflow says what its token may do. Without a top-level
// `permissions`, a job that sets none runs with the repository's default token, which
// may be read-write on everything; `write-all` grants every scope explicitly.
#include <string>

#include "lint/rule.h"

namespace wfgen::lint::rules {

namespace {

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
    std::string bare;  // jobs without permissions, when the workflow sets none
    for (const Workflow::Job& job : wf.jobs()) {
      if (!job.body->is_mapping()) continue;
      const yaml::Node* p = job.body->find("permissions");
      if (p) flag_write_all(*p, "job '" + std::string(job.id()) + "'", sink);
      else if (!top) bare += (bare.empty() ? "'" : ", '") + std::string(job.id()) + "'";
    }
    if (!bare.empty()) {
      const yaml::Node* jobs = wf.root()->find("jobs");
      const yaml::Node* at = nullptr;
      for (const auto& pair : wf.root()->pairs())
        if (pair.key->resolved().value() == "jobs") at = pair.key;
      sink.report(at ? *at : *jobs,
                  "no top-level 'permissions', and job" + std::string(bare.find(',') == std::string::npos ? " " : "s ") +
                      bare + " set none: they get the repository's default token (possibly "
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
