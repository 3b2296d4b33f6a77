#include "graph/job_graph.h"

#include <algorithm>

#include "data/error.h"
#include "data/load.h"
#include "matrix/github_semantics.h"

namespace wfgen::graph {

namespace {

const Json* member(const Json& obj, const char* key) {
  if (!obj.is_object()) return nullptr;
  auto it = obj.find(key);
  return it == obj.end() ? nullptr : &*it;
}

std::string text_of(const Json& v) {
  return v.is_string() ? v.get<std::string>() : v.dump();
}

std::string collapse_space(std::string_view s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

bool is_expression(const Json& v) {
  return v.is_string() && v.get_ref<const std::string&>().find("${{") != std::string::npos;
}

// PyTorch's shard list: `{ include: [ {config: X, shard: 1, num_shards: N, ...}, ... ] }`
// as text. Anything else (an expression passing another job's list on) counts nothing.
std::vector<TestConfig> test_configs(const Json& with) {
  std::vector<TestConfig> configs;
  const Json* text = member(with, "test-matrix");
  if (!text || !text->is_string()) return configs;
  Json list;
  try {
    list = data::parse_yaml(text->get<std::string>(), "test-matrix").root();
  } catch (const data::DataError&) {
    return configs;
  }
  const Json* include = member(list, "include");
  if (!include || !include->is_array()) return configs;
  for (const Json& entry : *include) {
    const Json* config = member(entry, "config");
    std::string name = config ? text_of(*config) : "";
    auto it = std::find_if(configs.begin(), configs.end(),
                           [&](const TestConfig& c) { return c.config == name; });
    if (it == configs.end()) it = configs.insert(configs.end(), {name, 0});
    ++it->shards;
  }
  return configs;
}

Job read_job(const std::string& id, const Json& body) {
  Job job;
  job.id = id;
  if (const Json* name = member(body, "name")) job.name = text_of(*name);
  if (const Json* needs = member(body, "needs")) {
    if (needs->is_string()) job.needs.push_back(needs->get<std::string>());
    if (needs->is_array())
      for (const Json& n : *needs) job.needs.push_back(text_of(n));
  }
  if (const Json* uses = member(body, "uses")) job.uses = text_of(*uses);
  if (const Json* cond = member(body, "if")) job.condition = short_condition(*cond);
  if (const Json* strategy = member(body, "strategy"))
    if (const Json* matrix = member(*strategy, "matrix")) {
      job.has_matrix = true;
      job.matrix_jobs = static_matrix_jobs(*matrix);
    }
  if (const Json* with = member(body, "with")) job.test_matrix = test_configs(*with);
  return job;
}

}  // namespace

size_t Job::test_shards() const {
  size_t n = 0;
  for (const TestConfig& c : test_matrix) n += c.shards;
  return n;
}

const Job* JobGraph::find(std::string_view id) const {
  if (indexed_ > jobs.size()) index_.clear(), indexed_ = 0;  // jobs were taken away
  for (; indexed_ < jobs.size(); ++indexed_) index_.try_emplace(jobs[indexed_].id, indexed_);
  auto it = index_.find(std::string(id));
  if (it == index_.end()) return nullptr;
  if (jobs[it->second].id != id) {  // jobs were replaced in place: index them again
    index_.clear(), indexed_ = 0;
    return find(id);
  }
  return &jobs[it->second];
}

bool is_workflow(const Json& root) {
  const Json* jobs = member(root, "jobs");
  return jobs && jobs->is_object();
}

JobGraph job_graph(const Json& workflow, std::string path) {
  JobGraph g;
  g.path = std::move(path);
  if (const Json* name = member(workflow, "name")) g.name = text_of(*name);
  if (!is_workflow(workflow)) return g;
  const Json& jobs = workflow["jobs"];
  for (auto it = jobs.begin(); it != jobs.end(); ++it) g.jobs.push_back(read_job(it.key(), *it));
  return g;
}

std::optional<size_t> static_matrix_jobs(const Json& matrix, size_t limit) {
  // An axis value written as an expression may stand for a list: not static for the graph.
  if (matrix.is_object())
    for (auto it = matrix.begin(); it != matrix.end(); ++it)
      if (it.key() != "include" && it.key() != "exclude" && it->is_array())
        for (const Json& item : *it)
          if (is_expression(item)) return std::nullopt;
  return matrix::static_job_count(matrix, limit);
}

std::string short_condition(const Json& condition) {
  std::string s = collapse_space(text_of(condition));
  if (s.size() >= 5 && s.compare(0, 3, "${{") == 0 && s.compare(s.size() - 2, 2, "}}") == 0 &&
      s.find("${{", 3) == std::string::npos)
    s = collapse_space(s.substr(3, s.size() - 5));
  return s;
}

}  // namespace wfgen::graph
