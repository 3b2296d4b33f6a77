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

// A file of the run by its normalised path: parsed (by whichever thread asks first), or
// nullptr when the run has no such workflow.
using InRun = std::function<const Workflow*(const std::string& path)>;

class RunContext final : public Context {
 public:
  RunContext(const Config& config, const DiskRoots& disk, InRun in_run, expr::Analyses& analyses)
      : config_(config), disk_(disk), in_run_(std::move(in_run)), analyses_(analyses) {}

  const Config& config() const override { return config_; }

  const Workflow* local_workflow(const Workflow& caller, std::string_view uses) override {
    if (uses.substr(0, 2) != "./") return nullptr;
    return lookup(caller, uses).workflow;
  }

  std::string local_workflow_problem(const Workflow& caller, std::string_view uses) override {
    if (uses.substr(0, 2) != "./") return {};
    return lookup(caller, uses).problem;
  }

 private:
  struct Found {
    const Workflow* workflow = nullptr;
    std::string problem;  // why a file there was not read
  };

  // An answer made once, by the first thread to ask; one that asks meanwhile waits for it.
  // The run's lock is held only to find the entry: a file read and parsed for one answer
  // (a callee, an interface file) keeps no thread from the others.
  template <class T>
  struct MadeOnce {
    system::Once once;
    T value;
  };

  // The entry of `key` in `map` (made empty the first time), under the run's lock.
  // Entries of an unordered_map stay where they are as it grows.
  template <class Map>
  typename Map::mapped_type& entry(Map& map, const std::string& key) {
    std::lock_guard<std::mutex> lock(mutex_);
    return map.try_emplace(key).first->second;
  }

  // Rules ask for the same callee from every job that calls it, on several threads at
  // once: the answer is kept, by (the caller's folder, a NUL, `uses`). A file asks once
  // per `uses` it has (FileContext keeps the answers).
  const Found& lookup(const Workflow& caller, std::string_view uses) {
    const std::string& from = caller.path();
    std::string key(from, 0, from.rfind('/') + 1);
    key += '\0';
    key += uses;
    MadeOnce<Found>& answer = entry(found_, key);
    answer.once.call([&] { answer.value = find(caller, uses); });
    return answer.value;
  }

  Found find(const Workflow& caller, std::string_view uses) {
    LocalTarget target = local_target(caller.path(), uses);
    if (target.rel.empty()) return {};
    std::string path = target.path();
    if (const Workflow* wf = in_run_(path)) return {wf, {}};
    Found found = load('c', path, [&] { return disk_.callee(target); });
    if (found.workflow || !found.problem.empty()) return found;
    auto iface = config_.interfaces.find(std::string(uses.substr(0, uses.find('@'))));
    if (iface == config_.interfaces.end()) return {};
    const std::string& file = iface->second;
    return load('i', file, [&] { return disk_.interface(file); });
  }

  // The file at `path` (`kind`: 'c' a callee, 'i' an interface file, whose paths are
  // in two spaces), read by `read` once per run.
  template <class Read>
  Found load(char kind, const std::string& path, Read&& read) {
    MadeOnce<Loaded>& l = entry(loaded_, kind + path);
    l.once.call([&] {
      try {
        std::optional<std::string> text;
        {
          std::lock_guard<std::mutex> lock(disk_mutex_);  // its trees are for one thread
          text = read();
        }
        if (text)
          l.value.workflow =
              std::make_unique<Workflow>(SourceFile{path, std::move(*text), {}, {}}, &analyses_);
      } catch (const files::FileError& e) {
        l.value.problem = e.path() + ": " + e.message();
      }
    });
    return {l.value.workflow.get(), l.value.problem};
  }

  struct Loaded {
    std::unique_ptr<Workflow> workflow;
    std::string problem;
  };

  const Config& config_;
  DiskFiles disk_;
  InRun in_run_;
  expr::Analyses& analyses_;  // the run's, shared with the files read from disk
  std::mutex mutex_;          // guards the two maps' shapes, not their entries
  std::mutex disk_mutex_;     // guards disk_, read by one thread at a time
  std::unordered_map<std::string, MadeOnce<Loaded>> loaded_;
  std::unordered_map<std::string, MadeOnce<Found>> found_;  // by (dir, uses), see above
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
    return kept(found_, caller, uses, [&] { return run_.local_workflow(caller, uses); });
  }

  std::string local_workflow_problem(const Workflow& caller, std::string_view uses) override {
    return kept(problems_, caller, uses, [&] { return run_.local_workflow_problem(caller, uses); });
  }

 private:
  // What `answers` holds for (caller, uses), asked of the run the first time. The key (the
  // caller's address, then `uses`) is made in a buffer kept for it.
  template <class Answers, class Ask>
  const typename Answers::mapped_type& kept(Answers& answers, const Workflow& caller,
                                            std::string_view uses, const Ask& ask) {
    const Workflow* from = &caller;
    key_.assign(reinterpret_cast<const char*>(&from), sizeof from);
    key_ += uses;
    auto it = answers.find(key_);
    if (it == answers.end()) it = answers.emplace(key_, ask()).first;
    return it->second;
  }

  Context& run_;
  std::unordered_map<std::string, const Workflow*> found_;  // by (caller's address, uses)
  std::unordered_map<std::string, std::string> problems_;   // the same
  std::string key_;
};

// The run's files as workflows. A file is parsed when its own lint or a caller first
// needs it. Once linted, a file whose text the caller keeps (a pipeline's output) lets its
// tree go, unless a caller has asked for it: the run keeps its answers to callers until
// it ends. Asked for after that, it is parsed again. A run so holds the trees of the files
// being linted and of the workflows called, not every file's (the synthetic check of
// 10,000 outputs peaked at 138-141 MB with them all, 89 MB without); the trees of files
// the linter owns are kept, as their texts are.
class Trees {
 public:
  Trees(std::vector<SourceFile>& files, expr::Analyses& analyses)
      : files_(files), analyses_(analyses), slots_(files.size()) {}

  // File `i` as a workflow, for its own lint; null when it is not one.
  const Workflow* for_lint(size_t i) { return get(i, false); }
  // The same for a caller: it stays until the run ends.
  const Workflow* for_caller(size_t i) { return get(i, true); }

  // File `i` is linted.
  void linted(size_t i) {
    Slot& s = slots_[i];
    std::lock_guard<std::mutex> lock(s.mutex);
    if (!s.kept && files_[i].borrowed_text) s.workflow.reset();
  }

  // How many of the files read as workflows.
  size_t workflows() const {
    return static_cast<size_t>(std::count_if(slots_.begin(), slots_.end(), [](const Slot& s) {
      return s.reads == Reads::AsWorkflow;
    }));
  }

 private:
  enum class Reads { Unknown, AsWorkflow, AsOther };  // known from the first parse
  struct Slot {
    std::mutex mutex;  // held while the file is parsed: a second asker waits for it
    std::unique_ptr<Workflow> workflow;
    Reads reads = Reads::Unknown;
    bool kept = false;  // a caller has it
  };

  const Workflow* get(size_t i, bool keep) {
    Slot& s = slots_[i];
    std::lock_guard<std::mutex> lock(s.mutex);
    if (!s.workflow && s.reads != Reads::AsOther) {
      SourceFile& file = files_[i];
      const bool only_if_workflow = file.only_if_workflow;
      // A borrowed text's file is copied (no text: its path and notes), as its tree may
      // be made again; an owned one is moved into its workflow, made once.
      auto wf = std::make_unique<Workflow>(file.borrowed_text ? SourceFile(file) : std::move(file),
                                           &analyses_);
      if (s.reads == Reads::Unknown)
        s.reads = !only_if_workflow || reads_as_workflow(wf->yaml()) ? Reads::AsWorkflow
                                                                      : Reads::AsOther;
      if (s.reads == Reads::AsWorkflow) s.workflow = std::move(wf);
    }
    s.kept = s.kept || keep;
    return s.workflow.get();
  }

  std::vector<SourceFile>& files_;
  expr::Analyses& analyses_;
  std::vector<Slot> slots_;
};

}  // namespace

Linter::Linter(Config config, DiskRoots disk)
    : config_(std::move(config)), disk_(std::move(disk)) {}

LintResult Linter::run(std::vector<SourceFile> files, unsigned threads,
                       system::SideTasks* side) const {
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
  // thread asks first.
  expr::Analyses analyses;  // the expressions' texts, parsed once for the whole run
  Trees trees(files, analyses);
  // The run's files by normalised path, for the rules that look up a callee: made on the
  // first lookup, as most runs call no local workflow.
  std::map<std::string, std::vector<size_t>> by_path;  // in file order: the first workflow wins
  std::vector<std::string> paths(files.size());       // read before a file is moved to parse
  for (size_t i = 0; i < files.size(); ++i) paths[i] = files[i].path;
  system::Once indexed;
  RunContext ctx(config_, disk_, [&](const std::string& path) -> const Workflow* {
    indexed.call([&] {
      for (size_t i = 0; i < paths.size(); ++i)
        by_path[fs::path(paths[i]).lexically_normal().generic_string()].push_back(i);
    });
    auto it = by_path.find(path);
    if (it == by_path.end()) return nullptr;
    for (size_t i : it->second)
      if (const Workflow* wf = trees.for_caller(i)) return wf;
    return nullptr;
  }, analyses);
  std::vector<std::vector<Finding>> found(files.size());
  system::parallel_for(order.size(), threads, [&](size_t k) {
    const size_t i = order[k];
    const Workflow* parsed_file = trees.for_lint(i);
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
    trees.linted(i);
  }, side);
  LintResult result;
  result.files = trees.workflows();
  for (auto& some : found)
    for (Finding& f : some) result.findings.push_back(std::move(f));
  sort_findings(result.findings);
  return result;
}

}  // namespace wfgen::lint
