// reusable-call: a job that calls a reusable workflow names it as
// ./.github/workflows/FILE.yml (this repository, no @ref) or
// OWNER/REPO/.github/workflows/FILE.yml@REF, with no expression in it; passes `with` as a
// mapping of plain values and `secrets` as `inherit` or a mapping of values.
// A local callee that is there but that wfgen does not read (a symbolic link out of the
// project or repository, not a regular file) is reported at 'uses'.
// (Whether the inputs exist in the callee is the references rules' business.)
#include <string>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

bool workflow_file(std::string_view path) {
  const std::string_view dir = ".github/workflows/";
  size_t at = path.find(dir);
  if (at == std::string_view::npos) return false;
  std::string_view file = path.substr(at + dir.size());
  auto ends = [&](std::string_view ext) {
    return file.size() > ext.size() && file.substr(file.size() - ext.size()) == ext;
  };
  return file.find('/') == std::string_view::npos && (ends(".yml") || ends(".yaml"));
}

class ReusableCall final : public Rule {
 public:
  ReusableCall()
      : Rule({"reusable-call",
              "a reusable-workflow call names a workflow file correctly and passes with/secrets "
              "as mappings of plain values (or secrets: inherit)",
              Severity::Error}) {}

  void check(const Workflow& wf, Context& ctx, Sink& sink) const override {
    for (const Workflow::Job& job : wf.jobs()) {
      if (!job.calls_workflow()) continue;
      std::string what = "job '" + std::string(job.id()) + "'";
      const yaml::Node& uses = *job.body->find("uses");
      if (expect_string(uses, what + " 'uses'", sink)) {
        const std::string ref(uses.resolved().value());
        if (reference(uses, ref, sink)) readable(wf, ctx, uses, ref, sink);
      }
      if (const yaml::Node* with = job.body->find("with"); with && !with->is_null()) {
        if (expect_mapping(*with, what + " 'with'", sink))
          for (const yaml::Pair& p : with->pairs())
            if (p.value->is_sequence() || p.value->is_mapping())
              sink.report(*p.value, "input '" + std::string(key_text(*p.key)) +
                                        "' must be a string, number or boolean, not " +
                                        describe(*p.value));
      }
      if (const yaml::Node* secrets = job.body->find("secrets")) {
        if (secrets->is_scalar()) {
          expect_one_of(*secrets, what + " 'secrets'", {"inherit"}, sink);
        } else if (expect_mapping(*secrets, what + " 'secrets'", sink)) {
          for (const yaml::Pair& p : secrets->pairs())
            expect_string(*p.value, "secret '" + std::string(key_text(*p.key)) + "'", sink);
        }
      }
    }
  }

 private:
  // A local call whose callee wfgen found but does not read.
  static void readable(const Workflow& wf, Context& ctx, const yaml::Node& uses,
                       const std::string& ref, Sink& sink) {
    std::string problem = ctx.local_workflow_problem(wf, ref);
    if (!problem.empty()) sink.report(uses, "the called workflow is not read: " + problem);
  }

  // Whether `uses` (its text `ref`) is well formed; a local call then has its callee
  // checked.
  static bool reference(const yaml::Node& uses, const std::string& ref, Sink& sink) {
    if (ref.find("${{") != std::string::npos) {
      sink.report(uses,
                  "'uses' cannot hold an expression: GitHub resolves the called workflow "
                  "before the run starts");
      return false;
    }
    size_t at = ref.find('@');
    std::string_view path = std::string_view(ref).substr(0, at);
    if (ref.rfind("./", 0) == 0) {
      if (at != std::string::npos)
        sink.report(uses,
                    "a local reusable workflow takes no @ref: it runs at the caller's "
                    "commit ('uses: " +
                        std::string(path) + "')");
      if (path.rfind("./.github/workflows/", 0) != 0 || !workflow_file(path)) {
        sink.report(uses, "'uses: " + ref +
                              "' must name a .yml or .yaml file directly in "
                              "./.github/workflows/");
        return false;
      }
      return at == std::string::npos;
    }
    size_t first = path.find('/');
    size_t second = first == std::string_view::npos ? first : path.find('/', first + 1);
    bool ok = first > 0 && second != std::string_view::npos && second > first + 1 &&
              path.substr(second + 1).rfind(".github/workflows/", 0) == 0 && workflow_file(path);
    if (!ok || at == std::string::npos || at + 1 == ref.size())
      sink.report(uses, "'uses: " + ref +
                            "' must be ./.github/workflows/FILE.yml or "
                            "OWNER/REPO/.github/workflows/FILE.yml@REF");
    return false;  // a remote call: nothing of it is read
  }
};

}  // namespace

const Rule& reusable_call() {
  static const ReusableCall rule;
  return rule;
}

}  // namespace wfgen::lint::rules
