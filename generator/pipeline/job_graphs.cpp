#include "pipeline/job_graphs.h"

#include <filesystem>
#include <map>
#include <memory>
#include <optional>

#include "data/error.h"
#include "data/load.h"
#include "files/read.h"
#include "graph/draw.h"
#include "graph/job_graph.h"

namespace wfgen::pipeline {

namespace {

namespace fs = std::filesystem;

bool yaml_name(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  return ext == ".yml" || ext == ".yaml";
}

// The job graph of `text`, or nullopt when it is not a workflow. Throws data::DataError
// when it is not YAML.
std::optional<graph::JobGraph> graph_of(const std::string& text, const std::string& path) {
  data::Document doc = data::parse_yaml(text, path);
  if (!graph::is_workflow(doc.root())) return std::nullopt;
  return graph::job_graph(doc.root(), path);
}

[[noreturn]] void fail(const std::string& message) {
  throw ProjectError("wfgen graph: error: " + message + "\n");
}

// The graphs to draw, in the order the targets name them.
std::vector<graph::JobGraph> graphs_to_draw(const ProjectView& view,
                                            const std::vector<std::string>& targets) {
  std::vector<graph::JobGraph> graphs;
  auto add_output = [&](const Output& o, bool named) {
    if (!yaml_name(o.path)) {
      if (named) fail(o.path + " is not a workflow (not a .yml or .yaml file)");
      return;
    }
    std::optional<graph::JobGraph> g;
    try {
      g = graph_of(o.content, o.path);
    } catch (const data::DataError& e) {
      throw ProjectError(e.format() + "  note: " + o.path + " as its sources make it\n");
    }
    if (g)
      graphs.push_back(std::move(*g));
    else if (named)
      fail(o.path + " is not a workflow (it has no `jobs` mapping)");
  };
  if (targets.empty())
    for (const Output& o : view.outputs) add_output(o, false);
  for (const std::string& t : targets) {
    if (const Output* o = view.find_output(t)) {
      add_output(*o, true);
      continue;
    }
    if (const Family* f = view.find_family(t)) {
      size_t before = graphs.size();
      for (const Output& o : view.outputs)
        if (o.family == f->name) add_output(o, false);
      if (graphs.size() == before) fail("family '" + f->name + "' makes no workflow");
      continue;
    }
    std::error_code ec;
    if (!std::filesystem::exists(t, ec))
      fail("'" + t + "' is no output or family of the project, and no file");
    std::string text = files::read_file(t, t, files::kDefaultMaxInputSize);
    std::optional<graph::JobGraph> g = graph_of(text, t);
    if (!g) fail(t + " is not a workflow (it has no `jobs` mapping)");
    graphs.push_back(std::move(*g));
  }
  return graphs;
}

}  // namespace

GraphChanges graph_changes(const ProjectView& view, const std::vector<std::string>& names) {
  // Each workflow's text before (committed) and after (from the sources), by path.
  struct Sides {
    std::optional<std::string> before, after;
  };
  std::map<std::string, Sides> files;
  if (names.empty()) {
    for (const Output& o : view.outputs)
      if (yaml_name(o.path)) files[o.path].after = o.content;
    for (const FileStatus& st : view.states())
      if (st.state == FileState::Stale && yaml_name(st.path)) files[st.path];
  } else {
    for (const std::string& p : names) {
      const Output* o = view.find_output(p);
      const Family* f = o ? nullptr : view.find_family(p);
      if (!o && !f) fail("'" + p + "' is no output or family of the project");
      for (const Output& each : view.outputs)
        if (&each == o || (f && each.family == f->name && yaml_name(each.path)))
          files[each.path].after = each.content;
    }
  }
  GraphChanges out;
  for (auto& [path, sides] : files) {
    sides.before = view.committed(path);
    std::optional<graph::JobGraph> before, after;
    try {
      if (sides.before) before = graph_of(*sides.before, path);
    } catch (const data::DataError& e) {
      out.notes.push_back(path + ": the committed file is not YAML: " + e.message() + " (line " +
                          std::to_string(e.line()) + ")");
      continue;
    }
    try {
      if (sides.after) after = graph_of(*sides.after, path);
    } catch (const data::DataError& e) {
      out.notes.push_back(path + ": what the sources make is not YAML: " + e.message() +
                          " (line " + std::to_string(e.line()) + ")");
      continue;
    }
    if (!before && !after) continue;  // YAML, but not a workflow
    ++out.compared;
    graph::WorkflowChanges w = graph::compare_graphs(before ? &*before : nullptr, after ? &*after : nullptr);
    if (w.status != graph::WorkflowStatus::Same) out.changed.push_back(std::move(w));
  }
  return out;
}

std::string draw_changes(const GraphChanges& changes, graph::DrawFormat format) {
  if (changes.changed.empty())
    return format == graph::DrawFormat::Dot ? "digraph jobs {\n  // no job graph changes\n}\n"
                                            : "flowchart LR\n  %% no job graph changes\n";
  std::vector<graph::Drawing> drawings;
  for (const auto& w : changes.changed) drawings.push_back({&w.merged, w.marks});
  return graph::draw(drawings, format);
}

std::string changes_text(const GraphChanges& changes) {
  std::string out;
  for (const auto& w : changes.changed) {
    out += w.path + ": " + graph::change_summary(w) + "\n";
    for (const auto& c : w.changes) out += "  " + graph::change_line(c, w) + "\n";
  }
  for (const auto& note : changes.notes) out += note + "\n";
  return out;
}

RunResult graph_project(const fs::path& root, const GraphOptions& opt) {
  return run_reporting_errors([&](RunResult& r) {
    if (opt.format == GraphFormat::Text && !opt.diff)
      fail("--format text lists changes: it needs --diff");
    ProjectView view = view_project(root);
    const auto draw_format =
        opt.format == GraphFormat::Dot ? graph::DrawFormat::Dot : graph::DrawFormat::Mermaid;
    if (!opt.diff) {
      std::vector<graph::JobGraph> graphs = graphs_to_draw(view, opt.targets);
      if (graphs.empty()) fail("the project makes no workflow");
      std::vector<graph::Drawing> drawings;
      for (const auto& g : graphs) drawings.push_back({&g, {}});
      r.out = graph::draw(drawings, draw_format);
      return;
    }
    GraphChanges changes = graph_changes(view, opt.targets);
    if (opt.format != GraphFormat::Text) {
      r.out = draw_changes(changes, draw_format);
      return;
    }
    r.out = changes_text(changes);
    r.out += changes.changed.empty()
                 ? "wfgen graph --diff: no job graph changes (" +
                       std::to_string(changes.compared) + " workflows)\n"
                 : "wfgen graph --diff: " + std::to_string(changes.changed.size()) + " of " +
                       std::to_string(changes.compared) + " workflows changed\n";
  });
}

}  // namespace wfgen::pipeline
