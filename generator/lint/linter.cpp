#include "lint/linter.h"

#include <algorithm>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <tuple>
#include <unordered_map>

#include "data/load.h"
#include "files/error.h"
#include "files/read.h"
#include "lint/expression/analyses.h"
#include "lint/registry.h"
#include "system/once.h"
#include "system/parallel_for.h"

namespace wfgen::lint {

namespace fs = std::filesystem;

std::string_view severity_name(Severity s) {
  return s == Severity::Error ? "error" : "warning";
}

void sort_findings(std::vector<Finding>& findings) {
  std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
    return std::tie(a.file, a.line, a.col, a.rule, a.message) <
           std::tie(b.file, b.line, b.col, b.rule, b.message);
  });
}

void Sink::report(Position at, std::string message, Severity severity) {
  Finding f;
  f.rule = std::string(rule_.name);
  f.severity = severity;
  f.file = wf_.path();
  f.line = at.line;
  f.col = at.col;
  f.message = std::move(message);
  f.excerpt = std::string(wf_.line(at.line));
  f.notes = wf_.origin();
  out_.push_back(std::move(f));
  own_notes_ = 0;
}

void Sink::note(Note n) {
  if (out_.empty()) return;
  auto& notes = out_.back().notes;
  notes.insert(notes.begin() + static_cast<std::ptrdiff_t>(own_notes_++), std::move(n));
}

size_t LintResult::count(Severity s, bool include_waived) const {
  return static_cast<size_t>(std::count_if(findings.begin(), findings.end(), [&](const Finding& f) {
    return f.severity == s && (include_waived || !f.waived());
  }));
}

size_t LintResult::waived() const {
  return static_cast<size_t>(
      std::count_if(findings.begin(), findings.end(), [](const Finding& f) { return f.waived(); }));
}

bool LintResult::failed(bool warnings_as_errors) const {
  return std::any_of(findings.begin(), findings.end(),
                     [&](const Finding& f) { return f.fails(warnings_as_errors); });
}

namespace {

std::string_view strip_ref(std::string_view uses) {
  size_t at = uses.find('@');
  return at == std::string_view::npos ? uses : uses.substr(0, at);
}

// The path a local `uses: ./X` names, in the caller's path space. A caller in a
// `.github/workflows` folder resolves against its repository; any other caller (a loose
// workflow file) is taken as sitting in its repository's workflows folder.
std::string local_target(std::string_view caller, std::string_view uses) {
  uses = strip_ref(uses);
  if (uses.substr(0, 2) != "./") return {};
  fs::path dir = fs::path(caller).parent_path();
  std::string rest(uses.substr(2));
  const std::string workflows = ".github/workflows/";
  if (dir.filename() == "workflows" && dir.parent_path().filename() == ".github")
    return (dir.parent_path().parent_path() / rest).lexically_normal().generic_string();
  if (rest.compare(0, workflows.size(), workflows) == 0)
    return (dir / rest.substr(workflows.size())).lexically_normal().generic_string();
  return (dir / rest).lexically_normal().generic_string();
}

// A file of the run by its normalised path: parsed (by whichever thread asks first), or
// nullptr when the run has no such workflow.
using InRun = std::function<const Workflow*(const std::string& path)>;

class RunContext final : public Context {
 public:
  RunContext(const Config& config, const fs::path& base_dir, InRun in_run,
             expr::Analyses& analyses)
      : config_(config), base_dir_(base_dir), in_run_(std::move(in_run)), analyses_(analyses) {}

  const Config& config() const override { return config_; }

  // Rules ask for the same callee from every job that calls it, on several threads at
  // once: the answer is kept, under a lock (so is a file read from disk).
  const Workflow* local_workflow(const Workflow& caller, std::string_view uses) override {
    if (uses.substr(0, 2) != "./") return nullptr;
    std::lock_guard<std::mutex> lock(mutex_);
    // Asked once per calling job: the key (the caller's folder, a NUL, `uses`) is made in
    // a buffer kept for it, and copied only the first time.
    const std::string& from = caller.path();
    key_.assign(from, 0, from.rfind('/') + 1);
    key_ += '\0';
    key_ += uses;
    auto it = found_.find(key_);
    if (it == found_.end()) it = found_.emplace(key_, find(caller, uses)).first;
    return it->second;
  }

 private:
  const Workflow* find(const Workflow& caller, std::string_view uses) {
    std::string target = local_target(caller.path(), uses);
    if (target.empty()) return nullptr;
    if (const Workflow* wf = in_run_(target)) return wf;
    if (const Workflow* wf = load(target)) return wf;
    auto iface = config_.interfaces.find(std::string(strip_ref(uses)));
    return iface == config_.interfaces.end() ? nullptr : load(iface->second);
  }

  const Workflow* load(const std::string& path) {
    auto [it, fresh] = loaded_.try_emplace(path);
    if (fresh) {
      fs::path p(path);
      std::string full = (p.is_absolute() ? p : base_dir_ / p).string();
      // Most callees are not on disk (a workflow of the repository wfgen does not make):
      // asked first, so the common case throws nothing.
      std::error_code ec;
      if (!fs::exists(full, ec)) return nullptr;
      try {
        std::string text = files::read_file(full, path, files::kDefaultMaxInputSize);
        it->second =
            std::make_unique<Workflow>(SourceFile{path, std::move(text), {}, {}}, &analyses_);
      } catch (const files::FileError&) {
        // Not a readable regular file: no callee to check against.
      }
    }
    return it->second.get();
  }

  const Config& config_;
  fs::path base_dir_;
  InRun in_run_;
  expr::Analyses& analyses_;  // the run's, shared with the files read from disk
  std::mutex mutex_;
  std::map<std::string, std::unique_ptr<Workflow>> loaded_;
  std::unordered_map<std::string, const Workflow*> found_;  // by (dir, uses), see above
  std::string key_;
};

// One file's view of the run's context: its rules ask the run for each calling job (a
// binary workflow's hundreds of jobs call the same three reusable workflows), and the
// run answers under a lock that the other threads, linting their files, wait on too. The
// file keeps what it was told, so it asks the run once per (calling workflow, `uses`).
class FileContext final : public Context {
 public:
  explicit FileContext(Context& run) : run_(run) {}

  const Config& config() const override { return run_.config(); }

  const Workflow* local_workflow(const Workflow& caller, std::string_view uses) override {
    const Workflow* from = &caller;
    key_.assign(reinterpret_cast<const char*>(&from), sizeof from);
    key_ += uses;
    auto it = found_.find(key_);
    if (it == found_.end()) it = found_.emplace(key_, run_.local_workflow(caller, uses)).first;
    return it->second;
  }

 private:
  Context& run_;
  std::unordered_map<std::string, const Workflow*> found_;  // by (caller's address, uses)
  std::string key_;
};

}  // namespace

Linter::Linter(Config config, fs::path base_dir)
    : config_(std::move(config)), base_dir_(std::move(base_dir)) {}

LintResult Linter::run(std::vector<SourceFile> files, unsigned threads) const {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  // Small files are not worth a thread each.
  threads = static_cast<unsigned>(std::min<size_t>(threads, files.size() / kFilesPerThread + 1));
  // Largest files first: one large file taken last would keep a thread busy alone.
  std::vector<size_t> order(files.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return files[a].content().size() > files[b].content().size();
  });
  // A thread parses a file and runs the rules on it in one go. A rule that reads another
  // file of the run (a local reusable workflow it calls) has it parsed then, by whichever
  // thread asks first, once.
  expr::Analyses analyses;  // the expressions' texts, parsed once for the whole run
  struct Parsed {
    system::Once once;
    std::unique_ptr<Workflow> workflow;  // null when the file is not a workflow after all
  };
  std::vector<Parsed> parsed(files.size());
  auto parse = [&](size_t i) -> const Workflow* {
    parsed[i].once.call([&] {
      const bool only_if_workflow = files[i].only_if_workflow;
      auto wf = std::make_unique<Workflow>(std::move(files[i]), &analyses);
      if (!only_if_workflow || reads_as_workflow(wf->yaml())) parsed[i].workflow = std::move(wf);
    });
    return parsed[i].workflow.get();
  };
  // The run's files by normalised path, for the rules that look up a callee: made on the
  // first lookup (RunContext asks under its lock), as most runs call no local workflow.
  std::map<std::string, std::vector<size_t>> by_path;  // in file order: the first workflow wins
  std::vector<std::string> paths(files.size());       // read before a file is moved to parse
  for (size_t i = 0; i < files.size(); ++i) paths[i] = files[i].path;
  bool indexed = false;
  RunContext ctx(config_, base_dir_, [&](const std::string& path) -> const Workflow* {
    if (!indexed) {
      for (size_t i = 0; i < paths.size(); ++i)
        by_path[fs::path(paths[i]).lexically_normal().generic_string()].push_back(i);
      indexed = true;
    }
    auto it = by_path.find(path);
    if (it == by_path.end()) return nullptr;
    for (size_t i : it->second)
      if (const Workflow* wf = parse(i)) return wf;
    return nullptr;
  }, analyses);
  std::vector<std::vector<Finding>> found(files.size());
  system::parallel_for(order.size(), threads, [&](size_t k) {
    const size_t i = order[k];
    const Workflow* parsed_file = parse(i);
    if (!parsed_file) return;  // not a workflow: not linted
    const Workflow& wf = *parsed_file;
    FileContext file_ctx(ctx);
    for (const Rule* rule : all_rules()) {
      if (!wf.root() && !rule->info().reads_unparsed) continue;
      Sink sink(wf, rule->info(), found[i]);
      try {
        rule->check(wf, file_ctx, sink);
      } catch (const std::exception& e) {
        // A bug in a rule must not hide the other findings.
        sink.report(Position{}, "internal error in this rule: " + std::string(e.what()),
                    Severity::Error);
      }
    }
    for (Finding& f : found[i])
      if (const Waiver* w = config_.waiver_for(f.rule, f.file, wf.family())) f.waiver = w->reason;
  });
  LintResult result;
  for (const Parsed& p : parsed) result.files += p.workflow != nullptr;
  for (auto& some : found)
    for (Finding& f : some) result.findings.push_back(std::move(f));
  sort_findings(result.findings);
  return result;
}

}  // namespace wfgen::lint
