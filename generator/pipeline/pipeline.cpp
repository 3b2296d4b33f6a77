#include "pipeline/pipeline.h"

#include <memory>
#include <new>

#include "data/error.h"
#include "files/error.h"
#include "jinja/error.h"
#include "jinja/limits.h"
#include "files/lock.h"
#include "files/transaction.h"
#include "lint/github_log.h"
#include "lint/report.h"
#include "pipeline/apply.h"
#include "pipeline/lint_outputs.h"
#include "pipeline/report.h"
#include "pipeline/summary.h"
#include "pipeline/view.h"
#include "system/side_tasks.h"

namespace wfgen::pipeline {

namespace fs = std::filesystem;

std::shared_ptr<const files::Tree> open_project(const fs::path& root, uint64_t max_input_size) {
  return std::make_shared<const files::Tree>(root, "the project directory", "", max_input_size);
}

namespace {

// Takes the project lock, or throws ProjectError when --no-wait finds it taken.
files::Lock lock_project(const files::Tree& project, Mode mode, const RunOptions& opt) {
  const std::string command = mode == Mode::Generate ? "generate" : "check";
  std::optional<files::Lock> lock = files::Lock::take(
      *project.top(), kLockName, kLockName,
      mode == Mode::Generate ? files::Lock::Mode::Exclusive : files::Lock::Mode::Shared,
      opt.wait, [&] {
        if (opt.notify)
          opt.notify("wfgen " + command + ": waiting for another wfgen run on this project (" +
                     kLockName + ")\n");
      });
  if (!lock)
    throw ProjectError("wfgen " + command + ": error: another wfgen run holds the project lock (" +
                       kLockName + "); run again when it has finished, or without --no-wait "
                       "to wait for it\n");
  return std::move(*lock);
}


}  // namespace

RunResult run_project(const fs::path& root, Mode mode, const RunOptions& opt) {
  RunResult r;
  const bool generating = mode == Mode::Generate;
  bool changed_files = false;  // a failed commit that could not put everything back
  try {
    auto project = open_project(root, opt.max_input_size);
    files::Lock lock = lock_project(*project, mode, opt);
    if (generating) {
      if (auto restored = files::Transaction::recover(*project, kJournalName))
        r.out += "wfgen generate: undid an interrupted generate (" + files::files_count(*restored) +
                 " put back)\n";
    } else {
      r.interrupted = project->locate(kJournalName, false).exists;
    }
    Manifest m = load_manifest(*project, root.string(), opt.limits);
    jinja::LimitsScope limits(m.engine.limits);  // the data loaders' too
    // Freeing the matrices and templates and listing the output dir take turns with the
    // lint on its threads (the listing is mostly system calls, which would otherwise add
    // to the part of the run on one thread).
    system::SideTasks side;
    std::vector<Output> outputs = render_project(project, m, {}, opt.threads, &side);
    r.outputs = outputs.size();
    OutputDir dir;
    side.add([&] { dir = scan_output_dir(*project, m.output_dir); });
    try {
      r.lint = lint_outputs(root, project, m, outputs, opt.threads, &side);
    } catch (...) {
      side.finish();  // the listing's error first, as when it ran before the lint
      throw;
    }
    side.finish();
    r.files = compare_outputs(*project, dir, outputs, !generating, opt.diff_lines_per_file,
                              opt.threads);
    if (generating && r.lint.failed()) {
      r.exit_code = 1;
      r.err = lint::format_report(r.lint, lint::Format::Text);
    } else if (generating) {
      if (size_t removed = remove_leftovers(*project, dir.leftovers))
        r.out += "wfgen generate: removed " + files::files_count(removed) +
                 " left over by an interrupted generate\n";
      apply_changes(*project, outputs, r.files, opt.force);
      report_generate(r);
      r.err =
          lint::format_report(r.lint, lint::Format::Text, {.summary = !r.lint.findings.empty()});
    } else {
      r.leftovers = std::move(dir.leftovers);
      report_check(r, m.fix_command, opt);
      if (opt.step_summary) {
        std::optional<GraphChanges> graph;
        if (r.exit_code) graph = graph_changes(ProjectView{root, project, m, std::move(outputs)});
        r.summary = check_summary(r, m.fix_command, graph ? &*graph : nullptr, opt);
      }
    }
  } catch (const data::DataError& e) {
    r.exit_code = 1;
    r.err = e.format();
  } catch (const ProjectError& e) {
    r.exit_code = 1;
    r.err = e.what();
  } catch (const files::FileError& e) {
    r.exit_code = 1;
    r.err = std::string(e.what()) + "\n";
  } catch (const files::TransactionError& e) {
    r.exit_code = 1;
    r.err = e.what();
    changed_files = e.changed();
  } catch (const jinja::TemplateError& e) {  // a limit met outside a template (data)
    r.exit_code = 1;
    r.err = e.format();
  } catch (const std::bad_alloc&) {
    r.exit_code = 1;
    r.err = jinja::out_of_memory_message();
  }
  if (r.exit_code && !r.err.empty() && generating && !changed_files)
    r.err += "wfgen generate: nothing was written\n";
  if (!r.err.empty() && opt.step_summary) r.summary = error_summary(r.err);
  if (!r.err.empty() && opt.format == Format::Github) {
    // Surface the first line (file:line:col: error: msg) as an annotation too.
    r.out += "::error::" + lint::github_escape_data(r.err.substr(0, r.err.find('\n'))) + "\n";
    r.err = lint::github_inert(r.err);  // its excerpts show the sources as they are
  }
  return r;
}

RunResult list_project(const fs::path& root, const RunOptions& opt) {
  return run_reporting_errors([&](RunResult& r) {
    auto project = open_project(root, opt.max_input_size);
    Manifest m = load_manifest(*project, root.string(), opt.limits);
    jinja::LimitsScope limits(m.engine.limits);
    std::vector<Output> outputs = render_project(project, m, {}, opt.threads);
    r.outputs = outputs.size();
    r.out = list_table(outputs);
  });
}

}  // namespace wfgen::pipeline
