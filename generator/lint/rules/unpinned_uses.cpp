// unpinned-uses: an action or reusable workflow of another owner is pinned to a full
// 40-hex commit SHA. A tag or a branch can be moved to other code by whoever controls that
// repository, and the next run executes it with this workflow's token and secrets.
// Owners listed in `lint.trusted_owners` (this project's own, say) may use refs.
#include <algorithm>
#include <cctype>
#include <string>

#include "lint/ascii_case.h"
#include "lint/rule.h"

namespace wfgen::lint::rules {

namespace {

bool is_sha(std::string_view ref) {
  return ref.size() == 40 &&
         std::all_of(ref.begin(), ref.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
}

bool same_owner(std::string_view a, std::string_view b) {
  return equal_folded(a, b);
}

class UnpinnedUses final : public Rule {
 public:
  UnpinnedUses()
      : Rule({"unpinned-uses",
              "actions and reusable workflows of other owners are pinned to a 40-hex commit SHA",
              Severity::Warning}) {}

  void check(const Workflow& wf, Context& ctx, Sink& sink) const override {
    for (const Workflow::Job& job : wf.jobs()) {
      if (!job.body->is_mapping()) continue;
      if (const yaml::Node* uses = job.body->find("uses")) audit(*uses, "reusable workflow", ctx, sink);
      for (const yaml::Node* step : Workflow::steps(job))
        if (const yaml::Node* uses = step->is_mapping() ? step->find("uses") : nullptr)
          audit(*uses, "action", ctx, sink);
    }
  }

 private:
  static void audit(const yaml::Node& uses, const char* what, Context& ctx, Sink& sink) {
    if (!uses.is_string()) return;
    std::string_view v = uses.value();
    if (v.rfind("./", 0) == 0 || v.rfind("docker://", 0) == 0) return;  // local, or an image
    size_t at = v.find('@');
    size_t slash = v.find('/');
    if (at == std::string_view::npos || slash == std::string_view::npos || slash > at) return;
    if (v.find("${{") != std::string_view::npos) return;  // the steps rule refuses these
    std::string_view owner = v.substr(0, slash);
    std::string_view ref = v.substr(at + 1);
    if (is_sha(ref)) return;
    for (const std::string& t : ctx.config().trusted_owners)
      if (same_owner(t, owner)) return;
    sink.report(uses, std::string(what) + " '" + std::string(v) + "' is not pinned to a commit: '" +
                          std::string(ref) + "' can be moved to other code by " +
                          std::string(owner) + "; pin the 40-hex SHA (the tag in a comment), "
                          "or list '" + std::string(owner) + "' in lint.trusted_owners");
  }
};

}  // namespace

const Rule& unpinned_uses() {
  static const UnpinnedUses rule;
  return rule;
}

}  // namespace wfgen::lint::rules
