// A lint rule: a name, a one-line description, a default severity, and check(), which
// reads one parsed workflow and reports what it finds to a Sink. Rules never throw for a
// finding; a run reports every finding of every rule.
//
// Writing a rule (see rules/*.cpp for the pattern):
//   class MyRule final : public Rule {
//    public:
//     MyRule() : Rule({"my-rule", "what it checks, in one line", Severity::Error}) {}
//     void check(const Workflow& wf, Context& ctx, Sink& sink) const override {
//       for (const auto& job : wf.jobs())
//         if (bad(job)) sink.report(*job.key, "job '" + std::string(job.id()) + "' ...");
//     }
//   };
//   const Rule& my_rule() { static const MyRule r; return r; }
// then list my_rule() in rules/registry.cpp and add tests/lint/rules/my_rule_test.cpp.
//
// A rule reports only about its own part of the file and skips shapes it cannot read
// (another rule reports those), so one mistake gives one finding.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "lint/config.h"
#include "lint/finding.h"
#include "lint/workflow.h"

namespace wfgen::lint {

struct RuleInfo {
  std::string_view name;         // kebab-case, unique: "duplicate-key"
  std::string_view description;  // one line, for --list-rules, SARIF and docs
  Severity severity;             // what its findings are unless a report says otherwise
  bool reads_unparsed = false;   // also run on files that do not parse (yaml-syntax, limits)
};

// What a rule may ask about the world beyond the file it checks.
class Context {
 public:
  virtual ~Context() = default;
  virtual const Config& config() const = 0;
  // The reusable workflow a local `uses: ./.github/workflows/x.yml` in `caller` names:
  // another file of this run, a file on disk, or the interface file the config maps it
  // to (Config::interfaces). nullptr when none is found. Parsed once per run.
  virtual const Workflow* local_workflow(const Workflow& caller, std::string_view uses) = 0;
  // Why that workflow was not read, when a file is there that wfgen does not read (a
  // symbolic link out of the root, not a regular file, too large): "PATH: REASON".
  // "" when it was read, or when there is no such file.
  virtual std::string local_workflow_problem(const Workflow& caller, std::string_view uses) {
    (void)caller, (void)uses;
    return {};
  }
};

// Collects the findings of one rule on one file: fills in the rule, file, severity, the
// source line and the file's origin notes.
class Sink {
 public:
  Sink(const Workflow& wf, const RuleInfo& rule, std::vector<Finding>& out)
      : wf_(wf), rule_(rule), out_(out) {}

  void report(const yaml::Node& at, std::string message) {
    report(wf_.position(alias_ ? *alias_ : at), std::move(message), rule_.severity);
  }
  void report(Position at, std::string message) { report(at, std::move(message), rule_.severity); }
  void report(const yaml::Node& at, std::string message, Severity severity) {
    report(wf_.position(alias_ ? *alias_ : at), std::move(message), severity);
  }
  void report(Position at, std::string message, Severity severity);
  // Adds a note to the finding reported last (before the file's origin notes).
  void note(Note n);

  const Workflow& workflow() const { return wf_; }

  // While one lives, what a rule reports about nodes it reached through `node`, when
  // `node` is an alias, is reported at that alias (the outermost one, when several are
  // nested): a problem inside an anchor is reported once where the anchor is written, and
  // once more at each alias that reuses it.
  class Through {
   public:
    Through(Sink& sink, const yaml::Node& node) : sink_(sink), saved_(sink.alias_) {
      if (!sink.alias_ && node.is_alias()) sink.alias_ = &node;
    }
    ~Through() { sink_.alias_ = saved_; }
    Through(const Through&) = delete;
    Through& operator=(const Through&) = delete;

   private:
    Sink& sink_;
    const yaml::Node* saved_;
  };

 private:
  const Workflow& wf_;
  const RuleInfo& rule_;
  std::vector<Finding>& out_;
  size_t own_notes_ = 0;  // notes added by the rule to the last finding
  const yaml::Node* alias_ = nullptr;  // see Through
};

class Rule {
 public:
  explicit Rule(RuleInfo info) : info_(info) {}
  virtual ~Rule() = default;
  Rule(const Rule&) = delete;
  Rule& operator=(const Rule&) = delete;

  const RuleInfo& info() const { return info_; }
  std::string_view name() const { return info_.name; }
  std::string_view description() const { return info_.description; }
  Severity severity() const { return info_.severity; }

  // Reports every finding of this rule in `wf`. Called with wf.root() != nullptr unless
  // info().reads_unparsed.
  virtual void check(const Workflow& wf, Context& ctx, Sink& sink) const = 0;

 private:
  RuleInfo info_;
};

}  // namespace wfgen::lint
