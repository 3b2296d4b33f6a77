#include "pipeline/view.h"

#include "data/load.h"

namespace wfgen::pipeline {

bool names_output(const std::string& path, const std::string& name) {
  if (name.empty()) return false;
  if (path == name) return true;
  return path.size() > name.size() && path.compare(path.size() - name.size(), name.size(), name) == 0 &&
         path[path.size() - name.size() - 1] == '/';
}

const Output* ProjectView::find_output(const std::string& name) const {
  std::vector<const Output*> found;
  for (const Output& o : outputs) {
    if (o.path == name) return &o;
    if (names_output(o.path, name)) found.push_back(&o);
  }
  if (found.size() > 1) {
    std::string all;
    for (const Output* o : found) all += (all.empty() ? "" : ", ") + o->path;
    throw ProjectError("wfgen: error: '" + name + "' names several outputs: " + all + "\n");
  }
  return found.empty() ? nullptr : found[0];
}

const Family* ProjectView::find_family(const std::string& name) const {
  for (const Family& f : manifest.families)
    if (f.name == name) return &f;
  return nullptr;
}

std::optional<std::string> ProjectView::committed(const std::string& path) const {
  std::string text;
  if (!data::read_file(root / path, text)) return std::nullopt;
  return text;
}

std::vector<FileStatus> ProjectView::states() const {
  return compare_outputs(root, manifest, outputs, false);
}

ProjectView view_project(const std::filesystem::path& root, const ContextHook& hook) {
  ProjectView view;
  view.root = root;
  view.manifest = load_manifest(root);
  view.outputs = render_project(root, view.manifest, hook);
  return view;
}

RunResult run_reporting_errors(const std::function<void(RunResult&)>& body) {
  RunResult r;
  try {
    body(r);
  } catch (const data::DataError& e) {
    r.exit_code = 1;
    r.out.clear();
    r.err = e.format();
  } catch (const ProjectError& e) {
    r.exit_code = 1;
    r.out.clear();
    r.err = e.what();
  }
  return r;
}

}  // namespace wfgen::pipeline
