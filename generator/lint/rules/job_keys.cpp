// job-keys: every job is a mapping that either runs steps (`runs-on` + `steps`) or calls
// a reusable workflow (`uses`), never both, with only the keys of its kind, and the shapes
// of `runs-on`, `needs`, `if`, `name`, `continue-on-error`, `environment`, `container`,
// `services` and `snapshot`. `steps`, `strategy`, `permissions`, `concurrency`, `defaults`,
// `env`, `outputs`, `timeout-minutes` and `with`/`secrets` have rules of their own.
#include <string>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

const std::vector<std::string> kStepJobKeys = {
    "name",        "needs",           "permissions", "runs-on",           "environment",
    "concurrency", "outputs",         "env",         "defaults",          "if",
    "steps",       "timeout-minutes", "strategy",    "continue-on-error", "container",
    "services",    "snapshot"};
const std::vector<std::string> kCallJobKeys = {
    "name", "uses", "with", "secrets", "needs", "if", "permissions", "strategy", "concurrency"};

bool in(const std::vector<std::string>& keys, std::string_view k) {
  for (const auto& key : keys)
    if (key == k) return true;
  return false;
}

class JobKeys final : public Rule {
 public:
  JobKeys()
      : Rule({"job-keys",
              "each job either runs steps (runs-on) or calls a reusable workflow (uses), with "
              "only the keys of its kind",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    for (const Workflow::Job& job : wf.jobs()) {
      std::string what = "job '" + std::string(job.id()) + "'";
      if (!job.body->is_mapping()) {
        sink.report(*job.body, what + " must be a mapping of its keys, not " + describe(*job.body));
        continue;
      }
      const yaml::Node& body = *job.body;
      if (has_merge_key(body)) continue;  // yaml-unsupported: its keys are not what they seem
      const yaml::Node* runs_on = body.find("runs-on");
      const yaml::Node* uses = body.find("uses");
      if (runs_on && uses) {
        sink.report(*key_of(body, "runs-on"),
                    what +
                        " has both 'runs-on' and 'uses': a job runs steps or calls a "
                        "reusable workflow, not both");
      } else if (!runs_on && !uses) {
        sink.report(*job.key, what +
                                  " needs 'runs-on' (to run steps) or 'uses' (to call a "
                                  "reusable workflow)");
        continue;
      }
      if (uses) {
        call_job_keys(body, what, sink);
      } else {
        step_job_keys(body, what, sink);
        if (!body.find("steps"))
          sink.report(*job.key, what +
                                    " has no 'steps': GitHub refuses a job with no steps "
                                    "and no 'uses'");
        runs_on_shape(*runs_on, sink);
      }
      common(body, what, sink);
    }
  }

 private:
  static const yaml::Node* key_of(const yaml::Node& map, std::string_view key) {
    for (const yaml::Pair& p : map.pairs())
      if (key_text(*p.key) == key) return p.key;
    return &map;
  }

  static void call_job_keys(const yaml::Node& body, const std::string& what, Sink& sink) {
    for (const yaml::Pair& p : body.pairs()) {
      std::string_view k = key_text(*p.key);
      if (in(kCallJobKeys, k) || k == "<<" || k == "runs-on") continue;
      if (in(kStepJobKeys, k))
        sink.report(*p.key, "'" + std::string(k) + "' is not allowed in " + what +
                                ", which calls a reusable workflow (the called workflow's jobs "
                                "set it)");
      else
        report_unknown_key(*p.key, kCallJobKeys, what, sink);
    }
  }

  static void step_job_keys(const yaml::Node& body, const std::string& what, Sink& sink) {
    for (const yaml::Pair& p : body.pairs()) {
      std::string_view k = key_text(*p.key);
      if (in(kStepJobKeys, k) || k == "<<") continue;
      if (k == "with" || k == "secrets")
        sink.report(*p.key, "'" + std::string(k) +
                                "' is only for a job that calls a reusable "
                                "workflow with 'uses'");
      else
        report_unknown_key(*p.key, kStepJobKeys, what, sink);
    }
  }

  static void runs_on_shape(const yaml::Node& node, Sink& sink) {
    if (is_stringlike(node)) return;
    if (node.is_sequence()) {
      if (node.items().empty()) sink.report(node, "'runs-on' must name at least one label");
      for (const yaml::Node* l : node.items()) expect_string(*l, "a 'runs-on' label", sink);
      return;
    }
    if (node.is_mapping()) {
      check_keys(node, {"group", "labels"}, "'runs-on'", sink);
      if (const yaml::Node* g = node.find("group")) expect_string(*g, "'runs-on' 'group'", sink);
      if (const yaml::Node* l = node.find("labels"))
        expect_string_or_list(*l, "'runs-on' 'labels'", sink);
      if (!node.find("group") && !node.find("labels"))
        sink.report(node, "'runs-on' needs 'group' or 'labels'");
      return;
    }
    sink.report(node, "'runs-on' must be a label, a list of labels or {group, labels}, not " +
                          describe(node));
  }

  static void container(const yaml::Node& node, const std::string& what, bool service, Sink& sink) {
    if (!service && is_stringlike(node)) return;
    if (!expect_mapping(node, what, sink)) return;
    std::vector<std::string> keys = {"image", "credentials", "env", "ports", "volumes", "options"};
    if (service) keys.insert(keys.end(), {"command", "entrypoint"});
    check_keys(node, keys, what, sink);
    if (const yaml::Node* image = node.find("image"))
      expect_string(*image, what + " 'image'", sink);
    else
      sink.report(node, what + " needs an 'image'");
    if (const yaml::Node* c = node.find("credentials");
        c && expect_mapping(*c, what + " 'credentials'", sink)) {
      check_keys(*c, {"username", "password"}, what + " 'credentials'", sink);
      for (const char* k : {"username", "password"})
        if (const yaml::Node* v = c->find(k)) expect_string(*v, std::string("'") + k + "'", sink);
    }
    for (const char* k : {"ports", "volumes"})
      if (const yaml::Node* v = node.find(k)) {
        if (!expect_sequence(*v, what + " '" + k + "'", sink)) continue;
        for (const yaml::Node* item : v->items())
          expect_string(*item, std::string("an item of '") + k + "'", sink);
      }
    for (const char* k : {"options", "command", "entrypoint"})
      if (const yaml::Node* v = node.find(k)) expect_string(*v, what + " '" + k + "'", sink);
  }

  static void common(const yaml::Node& body, const std::string& what, Sink& sink) {
    if (const yaml::Node* name = body.find("name")) expect_string(*name, what + " 'name'", sink);
    if (const yaml::Node* cond = body.find("if"))
      if (!cond->is_scalar() || cond->is_null())
        sink.report(*cond, what + " 'if' must be a condition, not " + describe(*cond));
    if (const yaml::Node* needs = body.find("needs"))
      expect_string_or_list(*needs, what + " 'needs'", sink);
    if (const yaml::Node* coe = body.find("continue-on-error"))
      expect_boolean_or_expression(*coe, what + " 'continue-on-error'", sink);
    if (const yaml::Node* env = body.find("environment"); env && !is_stringlike(*env)) {
      if (expect_mapping(*env, what + " 'environment'", sink)) {
        check_keys(*env, {"name", "url", "deployment"}, what + " 'environment'", sink);
        if (const yaml::Node* n = env->find("name"))
          expect_string(*n, "'environment' 'name'", sink);
        else
          sink.report(*env, what + " 'environment' needs a 'name'");
        if (const yaml::Node* u = env->find("url")) expect_string(*u, "'environment' 'url'", sink);
        if (const yaml::Node* d = env->find("deployment"))
          expect_boolean_or_expression(*d, "'environment' 'deployment'", sink);
      }
    }
    if (const yaml::Node* c = body.find("container"))
      container(*c, what + " 'container'", false, sink);
    if (const yaml::Node* services = body.find("services");
        services && expect_mapping(*services, what + " 'services'", sink))
      for (const yaml::Pair& p : services->pairs())
        container(*p.value, "service '" + std::string(key_text(*p.key)) + "'", true, sink);
    if (const yaml::Node* snap = body.find("snapshot"); snap && !is_stringlike(*snap)) {
      if (expect_mapping(*snap, what + " 'snapshot'", sink)) {
        check_keys(*snap, {"image-name", "version"}, what + " 'snapshot'", sink);
        if (!snap->find("image-name")) sink.report(*snap, what + " 'snapshot' needs 'image-name'");
      }
    }
  }
};

}  // namespace

const Rule& job_keys() {
  static const JobKeys rule;
  return rule;
}

}  // namespace wfgen::lint::rules
