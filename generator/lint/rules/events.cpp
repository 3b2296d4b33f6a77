// events: `on` names events GitHub knows, in one of its three forms (a name, a list of
// names, a mapping of names to filters), and each event takes only its own filters:
// activity `types` from its list, branch/tag/path globs where the event has them, never
// a filter together with its `-ignore` twin. The contents of `schedule`,
// `workflow_dispatch` and `workflow_call` are checked by their own rules.
#include <string>

#include "lint/rule.h"
#include "lint/shape.h"
#include "data/suggest.h"

namespace wfgen::lint::rules {

namespace {

enum Filters : unsigned {
  kNone = 0,
  kBranches = 1,  // branches, branches-ignore
  kTags = 2,      // tags, tags-ignore
  kPaths = 4,     // paths, paths-ignore
};

struct EventSpec {
  std::string_view name;
  std::vector<std::string> types;  // activity types; empty: the event takes no `types`
  unsigned filters = kNone;
  std::vector<std::string> own_keys = {};  // keys of its own (workflow_run's `workflows`)
  std::vector<std::string> keys = {};      // every key it takes (filled by with_keys)
};

const std::vector<std::string> kPullRequestTypes = {"assigned",
                                                    "unassigned",
                                                    "labeled",
                                                    "unlabeled",
                                                    "opened",
                                                    "edited",
                                                    "closed",
                                                    "reopened",
                                                    "synchronize",
                                                    "converted_to_draft",
                                                    "ready_for_review",
                                                    "locked",
                                                    "unlocked",
                                                    "review_requested",
                                                    "review_request_removed",
                                                    "auto_merge_enabled",
                                                    "auto_merge_disabled",
                                                    "milestoned",
                                                    "demilestoned",
                                                    "enqueued",
                                                    "dequeued"};

// `specs` with the keys each event takes: its own, `types` where it has activity types
// (any for repository_dispatch), and its filters with their `-ignore` twins.
std::vector<EventSpec> with_keys(std::vector<EventSpec> specs) {
  for (EventSpec& e : specs) {
    e.keys = e.own_keys;
    if (!e.types.empty() || e.name == "repository_dispatch") e.keys.push_back("types");
    if (e.filters & kBranches) e.keys.insert(e.keys.end(), {"branches", "branches-ignore"});
    if (e.filters & kTags) e.keys.insert(e.keys.end(), {"tags", "tags-ignore"});
    if (e.filters & kPaths) e.keys.insert(e.keys.end(), {"paths", "paths-ignore"});
  }
  return specs;
}

// From GitHub's "Events that trigger workflows". schedule, workflow_dispatch and
// workflow_call have rules of their own; repository_dispatch takes any type names.
const std::vector<EventSpec>& event_specs() {
  static const std::vector<EventSpec> specs = with_keys({
      {"branch_protection_rule", {"created", "edited", "deleted"}},
      {"check_run", {"created", "rerequested", "completed", "requested_action"}},
      {"check_suite", {"completed", "requested", "rerequested"}},
      {"create", {}},
      {"delete", {}},
      {"deployment", {}},
      {"deployment_status", {}},
      {"discussion",
       {"created", "edited", "deleted", "transferred", "pinned", "unpinned", "labeled", "unlabeled",
        "locked", "unlocked", "category_changed", "answered", "unanswered"}},
      {"discussion_comment", {"created", "edited", "deleted"}},
      {"fork", {}},
      {"gollum", {}},
      {"issue_comment", {"created", "edited", "deleted"}},
      {"issues",
       {"opened", "edited", "deleted", "transferred", "pinned", "unpinned", "closed", "reopened",
        "assigned", "unassigned", "labeled", "unlabeled", "locked", "unlocked", "milestoned",
        "demilestoned", "typed", "untyped"}},
      {"label", {"created", "edited", "deleted"}},
      {"merge_group", {"checks_requested"}, kBranches},
      {"milestone", {"created", "closed", "opened", "edited", "deleted"}},
      {"page_build", {}},
      {"project", {"created", "updated", "closed", "reopened", "edited", "deleted"}},
      {"project_card", {"created", "moved", "converted", "edited", "deleted"}},
      {"project_column", {"created", "updated", "moved", "deleted"}},
      {"public", {}},
      {"pull_request", kPullRequestTypes, kBranches | kPaths},
      {"pull_request_review", {"submitted", "edited", "dismissed"}},
      {"pull_request_review_comment", {"created", "edited", "deleted"}},
      {"pull_request_target", kPullRequestTypes, kBranches | kPaths},
      {"push", {}, kBranches | kTags | kPaths},
      {"registry_package", {"published", "updated"}},
      {"release",
       {"published", "unpublished", "created", "edited", "deleted", "prereleased", "released"}},
      {"repository_dispatch", {}},
      {"schedule", {}},
      {"status", {}},
      {"watch", {"started"}},
      {"workflow_call", {}},
      {"workflow_dispatch", {}},
      {"workflow_run", {"requested", "completed", "in_progress"}, kBranches, {"workflows"}},
  });
  return specs;
}

const EventSpec* find_event(std::string_view name) {
  for (const EventSpec& e : event_specs())
    if (e.name == name) return &e;
  return nullptr;
}

std::vector<std::string> event_names() {
  std::vector<std::string> names;
  for (const EventSpec& e : event_specs()) names.emplace_back(e.name);
  return names;
}

class Events final : public Rule {
 public:
  Events()
      : Rule({"events",
              "'on' names known events, each with only its own filters and activity types",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    const yaml::Node* on = wf.root()->find("on");
    if (!on) return;
    if (on->is_scalar()) {
      event_name(*on, /*alone=*/true, sink);
    } else if (on->is_sequence()) {
      if (on->resolved().items().empty()) sink.report(*on, "'on' must name at least one event");
      for (const yaml::Node* item : on->resolved().items()) event_name(*item, true, sink);
    } else if (on->is_mapping()) {
      if (on->resolved().pairs().empty()) sink.report(*on, "'on' must name at least one event");
      for (const yaml::Pair& p : on->resolved().pairs()) event(p, sink);
    } else {
      sink.report(*on,
                  "'on' must be an event name, a list of event names or a mapping of "
                  "events to their filters, not " +
                      describe(*on));
    }
  }

 private:
  // An event named alone (`on: push`, `on: [push, fork]`): it must need no configuration.
  static const EventSpec* event_name(const yaml::Node& node, bool alone, Sink& sink) {
    if (!node.is_string()) {
      sink.report(node, "an event name must be a string, not " + describe(node));
      return nullptr;
    }
    const std::string name(node.resolved().value());
    const EventSpec* spec = find_event(name);
    if (!spec) {
      std::vector<std::string> names = event_names();
      std::string hint = data::closest_match(name, names);
      sink.report(node, "unknown event '" + name + "'" +
                            (hint.empty() ? "" : " (did you mean '" + hint + "'?)"));
      return nullptr;
    }
    if (alone && name == "schedule")
      sink.report(node,
                  "'schedule' needs its cron times: write `schedule: [{cron: ...}]` "
                  "under a mapping `on:`");
    return spec;
  }

  static void event(const yaml::Pair& p, Sink& sink) {
    const EventSpec* spec = event_name(*p.key, false, sink);
    if (!spec) return;
    const yaml::Node& config = p.value->resolved();
    if (spec->name == "schedule" || spec->name == "workflow_dispatch" ||
        spec->name == "workflow_call")
      return;  // their own rules
    if (config.is_null()) return;
    // The event's name in messages, composed only for a finding.
    auto what = [&] { return "'" + std::string(spec->name) + "'"; };
    if (!config.is_mapping()) {
      sink.report(config,
                  what() + " must be null or a mapping of its filters, not " + describe(config));
      return;
    }
    if (spec->keys.empty()) {
      for (const yaml::Pair& k : config.pairs())
        sink.report(*k.key, what() + " takes no filters (unknown key '" +
                                std::string(key_text(*k.key)) + "')");
      return;
    }
    check_keys(config, spec->keys, what, sink);

    if (const yaml::Node* types = config.find("types")) activity_types(*types, *spec, sink);
    for (std::string_view filter : {"branches", "tags", "paths"}) {
      for (const yaml::Pair& k : config.pairs()) {
        std::string_view key = key_text(*k.key);
        if (key.substr(0, filter.size()) != filter) continue;
        const bool ignore = key.substr(filter.size()) == "-ignore";
        if (key.size() != filter.size() && !ignore) continue;
        globs(*k.value, [&] { return what() + " '" + std::string(key) + "'"; }, sink);
        if (ignore && config.find(filter))
          sink.report(*k.key, what() + " cannot have both '" + std::string(filter) + "' and '" +
                                  std::string(key) + "': use '" + std::string(filter) +
                                  "' with '!' patterns");
      }
    }
    if (spec->name == "workflow_run") {
      const yaml::Node* workflows = config.find("workflows");
      if (!workflows)
        sink.report(config,
                    "'workflow_run' needs 'workflows': the names of the workflows "
                    "whose runs trigger this one");
      else
        globs(*workflows, "'workflow_run' 'workflows'", sink);
    }
  }

  static void activity_types(const yaml::Node& types, const EventSpec& spec, Sink& sink) {
    std::string what = "the 'types' of '" + std::string(spec.name) + "'";
    std::vector<const yaml::Node*> items;
    if (types.is_sequence()) {
      for (const yaml::Node* t : types.resolved().items()) items.push_back(&t->resolved());
      if (items.empty()) sink.report(types, what + " must not be empty");
    } else if (types.is_scalar()) {
      items.push_back(&types.resolved());
    } else {
      sink.report(types, what + " must be a type or a list of types, not " + describe(types));
      return;
    }
    for (const yaml::Node* t : items) {
      if (spec.types.empty()) {  // repository_dispatch: names of its own
        expect_string(*t, what, sink);
        continue;
      }
      expect_one_of(*t, "an activity type of '" + std::string(spec.name) + "'", spec.types, sink);
    }
  }

  // A non-empty list of non-empty glob strings.
  static void globs(const yaml::Node& node, const What& what, Sink& sink) {
    if (!node.is_sequence()) {
      sink.report(node, what.str() + " must be a list of patterns, not " + describe(node));
      return;
    }
    if (node.resolved().items().empty()) sink.report(node, what.str() + " must not be empty");
    auto pattern = [&] { return "a pattern in " + what.str(); };
    for (const yaml::Node* item : node.resolved().items()) {
      if (!expect_string(*item, pattern, sink)) continue;
      if (item->resolved().value().empty()) sink.report(*item, pattern() + " must not be empty");
    }
  }
};

}  // namespace

const Rule& events() {
  static const Events rule;
  return rule;
}

}  // namespace wfgen::lint::rules
