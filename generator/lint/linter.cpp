#include "lint/linter.h"

#include <algorithm>
#include <map>
#include <memory>
#include <tuple>

#include "data/load.h"
#include "files/error.h"
#include "files/read.h"
#include "lint/registry.h"

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

class RunContext final : public Context {
 public:
  RunContext(const Config& config, const fs::path& base_dir,
             const std::map<std::string, const Workflow*>& in_run)
      : config_(config), base_dir_(base_dir), in_run_(in_run) {}

  const Config& config() const override { return config_; }

  const Workflow* local_workflow(const Workflow& caller, std::string_view uses) override {
    std::string target = local_target(caller.path(), uses);
    if (target.empty()) return nullptr;
    if (auto it = in_run_.find(target); it != in_run_.end()) return it->second;
    if (const Workflow* wf = load(target)) return wf;
    auto iface = config_.interfaces.find(std::string(strip_ref(uses)));
    return iface == config_.interfaces.end() ? nullptr : load(iface->second);
  }

 private:
  const Workflow* load(const std::string& path) {
    auto [it, fresh] = loaded_.try_emplace(path);
    if (fresh) {
      fs::path p(path);
      try {
        std::string text = files::read_file((p.is_absolute() ? p : base_dir_ / p).string(), path,
                                            files::kDefaultMaxInputSize);
        it->second = std::make_unique<Workflow>(SourceFile{path, std::move(text), {}, {}});
      } catch (const files::FileError&) {
        // Not there, or not a readable regular file: no callee to check against.
      }
    }
    return it->second.get();
  }

  const Config& config_;
  fs::path base_dir_;
  const std::map<std::string, const Workflow*>& in_run_;
  std::map<std::string, std::unique_ptr<Workflow>> loaded_;
};

}  // namespace

Linter::Linter(Config config, fs::path base_dir)
    : config_(std::move(config)), base_dir_(std::move(base_dir)) {}

LintResult Linter::run(std::vector<SourceFile> files) const {
  LintResult result;
  result.files = files.size();
  std::vector<std::unique_ptr<Workflow>> workflows;
  std::map<std::string, const Workflow*> by_path;
  for (SourceFile& f : files) {
    workflows.push_back(std::make_unique<Workflow>(std::move(f)));
    by_path.emplace(fs::path(workflows.back()->path()).lexically_normal().generic_string(),
                    workflows.back().get());
  }
  RunContext ctx(config_, base_dir_, by_path);
  for (const auto& wf : workflows) {
    const size_t first = result.findings.size();
    for (const Rule* rule : all_rules()) {
      if (!wf->root() && !rule->info().reads_unparsed) continue;
      Sink sink(*wf, rule->info(), result.findings);
      try {
        rule->check(*wf, ctx, sink);
      } catch (const std::exception& e) {
        // A bug in a rule must not hide the other findings.
        sink.report(Position{}, "internal error in this rule: " + std::string(e.what()),
                    Severity::Error);
      }
    }
    for (size_t i = first; i < result.findings.size(); ++i) {
      Finding& f = result.findings[i];
      if (const Waiver* w = config_.waiver_for(f.rule, f.file, wf->family())) f.waiver = w->reason;
    }
  }
  sort_findings(result.findings);
  return result;
}

}  // namespace wfgen::lint
