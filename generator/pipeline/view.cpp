#include "pipeline/view.h"

#include <new>

#include "files/error.h"
#include "jinja/error.h"
#include "jinja/limits.h"

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
  return project->read(path);
}

std::vector<FileStatus> ProjectView::states() const {
  return compare_outputs(*project, scan_output_dir(*project, manifest.output_dir), outputs, false);
}

ProjectView view_project(const std::filesystem::path& root, const ContextHook& hook) {
  ProjectView view;
  view.root = root;
  view.project = std::make_shared<const files::Tree>(root, "the project directory");
  view.manifest = load_manifest(*view.project, root.string());
  view.outputs = render_project(view.project, view.manifest, hook);
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
  } catch (const files::FileError& e) {
    r.exit_code = 1;
    r.out.clear();
    r.err = std::string(e.what()) + "\n";
  } catch (const jinja::TemplateError& e) {  // a limit met outside a template (data)
    r.exit_code = 1;
    r.out.clear();
    r.err = e.format();
  } catch (const std::bad_alloc&) {
    r.exit_code = 1;
    r.out.clear();
    r.err = jinja::out_of_memory_message();
  }
  return r;
}

}  // namespace wfgen::pipeline
