// permissions: the workflow's and each job's `permissions` is read-all, write-all, or a
// mapping of GitHub token scopes to read / write / none (id-token: write or none; models:
// read or none), as "Assigning permissions to jobs" lists them.
#include <string>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

const std::vector<std::string>& scopes() {
  static const std::vector<std::string> s = {"actions",
                                             "artifact-metadata",
                                             "attestations",
                                             "checks",
                                             "code-quality",
                                             "contents",
                                             "deployments",
                                             "discussions",
                                             "id-token",
                                             "issues",
                                             "models",
                                             "packages",
                                             "pages",
                                             "pull-requests",
                                             "repository-projects",
                                             "security-events",
                                             "statuses"};
  return s;
}

std::vector<std::string> levels_of(std::string_view scope) {
  if (scope == "id-token") return {"write", "none"};
  if (scope == "models") return {"read", "none"};
  return {"read", "write", "none"};
}

class Permissions final : public Rule {
 public:
  Permissions()
      : Rule({"permissions",
              "permissions are read-all, write-all or a mapping of known scopes to read, write "
              "or none",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    if (const yaml::Node* p = wf.root()->find("permissions")) permissions(*p, "the workflow", sink);
    for (const Workflow::Job& job : wf.jobs())
      if (const yaml::Node* p = job.body->is_mapping() ? job.body->find("permissions") : nullptr)
        permissions(*p, "job '" + std::string(job.id()) + "'", sink);
  }

 private:
  static void permissions(const yaml::Node& node, const std::string& owner, Sink& sink) {
    std::string what = "the permissions of " + owner;
    if (node.is_scalar()) {
      expect_one_of(node, what, {"read-all", "write-all"}, sink);
      return;
    }
    if (!node.is_mapping()) {
      sink.report(node, what + " must be read-all, write-all or a mapping of scopes, not " +
                            describe(node));
      return;
    }
    check_keys(node, scopes(), what, sink);
    for (const yaml::Pair& p : node.resolved().pairs()) {
      std::string_view scope = key_text(*p.key);
      bool known = false;
      for (const auto& s : scopes()) known = known || s == scope;
      if (known)
        expect_one_of(*p.value, "permission '" + std::string(scope) + "'", levels_of(scope), sink);
    }
  }
};

}  // namespace

const Rule& permissions() {
  static const Permissions rule;
  return rule;
}

}  // namespace wfgen::lint::rules
