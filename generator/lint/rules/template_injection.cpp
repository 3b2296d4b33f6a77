// template-injection: a value an attacker can choose (a pull request's title or branch
// name, an issue's body, a comment, a repository_dispatch payload...) expanded by `${{ }}`
// into a `run:` script or an actions/github-script `script` becomes code: GitHub pastes
// the text in before the shell or node reads it. Pass it through `env:` instead and read
// the variable ("$TITLE"), which the shell does not execute.
#include <string>
#include <vector>

#include "lint/ascii_case.h"
#include "lint/expression/check.h"
#include "lint/expression/in_workflow.h"
#include "lint/rule.h"

namespace wfgen::lint::rules {

namespace {

// Contexts whose text the event's sender controls (GitHub's "Security hardening for GitHub
// Actions": understanding the risk of script injections), as access paths.
const std::vector<std::vector<std::string>>& untrusted() {
  static const std::vector<std::vector<std::string>> paths = [] {
    std::vector<std::vector<std::string>> out;
    for (const char* p : {
             "github.head_ref",
             "github.event.*.title",
             "github.event.*.body",
             "github.event.*.head_ref",
             "github.event.*.label.name",
             "github.event.*.labels.*.name",
             "github.event.*.head.ref",
             "github.event.*.head.label",
             "github.event.*.head.repo.default_branch",
             "github.event.*.head_branch",
             "github.event.pages.*.page_name",
             "github.event.commits.*.message",
             "github.event.commits.*.author.email",
             "github.event.commits.*.author.name",
             "github.event.head_commit.message",
             "github.event.head_commit.author.email",
             "github.event.head_commit.author.name",
             "github.event.*.head_commit.message",
             "github.event.*.head_commit.author.email",
             "github.event.*.head_commit.author.name",
             "github.event.client_payload.**",
         }) {
      std::vector<std::string> segs;
      std::string s = p;
      for (size_t b = 0, e; b <= s.size(); b = e + 1) {
        e = s.find('.', b);
        if (e == std::string::npos) e = s.size();
        segs.push_back(s.substr(b, e - b));
      }
      out.push_back(std::move(segs));
    }
    return out;
  }();
  return paths;
}

bool is_untrusted(const std::vector<std::string>& path) {
  for (const auto& pattern : untrusted())
    if (expr::path_matches(path, pattern)) return true;
  return false;
}

// The event objects a `*` of an untrusted path stands for when the object itself is
// written whole (`github.event.number` is no such object).
bool is_event_object(const std::string& name) {
  for (const char* o : {"pull_request", "issue", "comment", "review", "review_comment",
                        "discussion", "discussion_comment", "workflow_run", "release", "*"})
    if (name == o) return true;
  return false;
}

// Whether the object at `path` holds an untrusted field: `github`, `github.event`,
// `github.event.pull_request`...
bool holds_untrusted(const std::vector<std::string>& path) {
  for (const auto& pattern : untrusted()) {
    bool prefix = path.size() < pattern.size();
    for (size_t i = 0; prefix && i < path.size(); ++i) {
      bool wild = pattern[i] == "*" && (i + 1 < path.size() || is_event_object(path[i]));
      prefix = pattern[i] == "**" || wild || path[i] == "*" || pattern[i] == path[i];
    }
    if (prefix) return true;
  }
  return false;
}

bool is_access(const expr::Node& n) {
  using expr::Kind;
  return n.kind == Kind::Context || n.kind == Kind::Property || n.kind == Kind::Filter ||
         n.kind == Kind::Index;
}

// The accesses whose whole object the expression writes out as JSON: the argument of a
// toJSON() anywhere in it, and the expression itself when it is one access (GitHub
// writes an object as JSON there too).
void whole_objects(const expr::Node& n, std::vector<const expr::Node*>& out) {
  if (n.kind == expr::Kind::Call && n.children.size() == 1 && is_access(*n.children[0])) {
    if (equal_folded(n.text, "tojson")) out.push_back(n.children[0].get());
  }
  for (const auto& child : n.children) whole_objects(*child, out);
}

// "a run script" or "a github-script script" when the scalar at `path` is code.
const char* script_kind(const Workflow& wf, const NodePath& path) {
  // jobs.<id>.steps[N].run  /  jobs.<id>.steps[N].with.script
  if (path.size() == 5 && path[2].key == "steps" && path[4].key == "run") return "a run script";
  if (path.size() != 6 || path[2].key != "steps" || path[4].key != "with" ||
      path[5].key != "script")
    return nullptr;
  const yaml::Node* jobs = wf.root()->find("jobs");
  const yaml::Node* job = jobs ? jobs->find(path[1].key) : nullptr;
  const yaml::Node* steps = job ? job->find("steps") : nullptr;
  if (!steps || !steps->is_sequence() || path[3].index >= steps->items().size()) return nullptr;
  const yaml::Node* uses = steps->items()[path[3].index]->find("uses");
  if (!uses || !uses->is_scalar()) return nullptr;
  return uses->value().rfind("actions/github-script@", 0) == 0 ? "a github-script script"
                                                                : nullptr;
}

class TemplateInjection final : public Rule {
 public:
  TemplateInjection()
      : Rule({"template-injection",
              "no attacker-controlled context (PR title, branch name, issue body, dispatch "
              "payload...) is expanded into a run script or a github-script script",
              Severity::Warning}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    expr::for_each_expression(wf, [&](const expr::Occurrence& e) {
      if (!e.parsed.root) return;
      const char* kind = script_kind(wf, e.path);
      if (!kind) return;
      for (const expr::Access& a : e.accesses)
        if (is_untrusted(a.path))
          sink.report(e.position(wf, a.offset),
                      a.text() + " is chosen by whoever triggers the workflow, and ${{ }} "
                      "pastes it into " + kind + " as code: set it in the step's env: "
                      "and read the variable instead");
      // zizmor's rule too: toJSON(github.event) writes the title, body and branch names
      // it holds; an untrusted field itself was reported above.
      std::vector<const expr::Node*> objects;
      if (is_access(*e.parsed.root)) objects.push_back(e.parsed.root.get());
      whole_objects(*e.parsed.root, objects);
      for (const expr::Node* object : objects) {
        std::vector<expr::Access> chain = expr::accesses(*object);
        if (chain.empty() || chain[0].offset != object->offset) continue;
        const expr::Access& a = chain[0];
        if (is_untrusted(a.path) || !holds_untrusted(a.path)) continue;
        sink.report(e.position(wf, a.offset),
                    a.text() + " holds fields whoever triggers the workflow chooses (titles, "
                    "bodies, branch names), and ${{ }} pastes its JSON into " + kind +
                    " as code: set it in the step's env: and read the variable instead");
      }
    });
  }
};

}  // namespace

const Rule& template_injection() {
  static const TemplateInjection rule;
  return rule;
}

}  // namespace wfgen::lint::rules
