#include "graph/draw.h"

#include <set>

namespace wfgen::graph {

namespace {

// Cuts `s` to `width` characters (UTF-8 aware), ending in "…" when cut.
std::string cut(const std::string& s, size_t width) {
  size_t chars = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) continue;
    if (chars++ == width - 1) {
      size_t rest = 0;
      for (size_t j = i; j < s.size(); ++j) rest += (static_cast<unsigned char>(s[j]) & 0xC0) != 0x80;
      if (rest > 1) return s.substr(0, i) + "…";
      return s;
    }
  }
  return s;
}

// `./.github/workflows/_linux-build.yml` is `_linux-build.yml`; another repository's
// `OWNER/REPO/.github/workflows/X@REF` is `OWNER/REPO/X@REF`.
std::string short_uses(const std::string& uses) {
  static const std::string kLocal = "./.github/workflows/", kDir = "/.github/workflows/";
  if (uses.compare(0, kLocal.size(), kLocal) == 0) return uses.substr(kLocal.size());
  std::string s = uses;
  if (size_t at = s.find(kDir); at != std::string::npos) s.replace(at, kDir.size(), "/");
  return s;
}

std::string plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Node names: the job id with what Mermaid reads as syntax replaced, made unique.
class NodeIds {
 public:
  explicit NodeIds(std::string prefix) : prefix_(std::move(prefix)) {}
  const std::string& operator()(const std::string& job) {
    auto it = ids_.find(job);
    if (it != ids_.end()) return it->second;
    std::string id = prefix_;
    for (char c : job) {
      bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
      id += word ? c : '_';
    }
    std::string unique = id;
    for (int n = 2; used_.count(unique); ++n) unique = id + "_" + std::to_string(n);
    used_.insert(unique);
    return ids_.emplace(job, unique).first->second;
  }

 private:
  std::string prefix_;
  std::map<std::string, std::string> ids_;
  std::set<std::string> used_;
};

// Mermaid label text: its entity codes for what would end the string or read as a tag
// (`&&` stays: GitHub's conditions are full of it, and it is no entity).
std::string mermaid_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '"': out += "#quot;"; break;
      case '#': out += "#35;"; break;
      case '<': out += "#lt;"; break;
      case '>': out += "#gt;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string dot_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

const char* mark_class(JobMark m) {
  switch (m) {
    case JobMark::Added: return "added";
    case JobMark::Removed: return "removed";
    case JobMark::Changed: return "changed";
  }
  return "";
}

bool any_marks(const std::vector<Drawing>& drawings) {
  for (const Drawing& d : drawings)
    if (!d.marks.empty()) return true;
  return false;
}

std::string draw_mermaid(const std::vector<Drawing>& drawings) {
  std::string out = "flowchart LR\n";
  const bool boxed = drawings.size() > 1;
  for (size_t w = 0; w < drawings.size(); ++w) {
    const Drawing& d = drawings[w];
    std::string indent = boxed ? "    " : "  ";
    // A prefix keeps ids clear of Mermaid's words (`end`) and edge syntax (`--o`, `--x`).
    NodeIds ids(boxed ? "w" + std::to_string(w + 1) + "_" : "j_");
    if (boxed) out += "  subgraph w" + std::to_string(w + 1) + " [\"" + mermaid_text(d.graph->path) + "\"]\n    direction LR\n";
    for (const Job& job : d.graph->jobs) {
      std::string label;
      for (const std::string& line : job_label(job)) label += (label.empty() ? "" : "<br/>") + mermaid_text(line);
      const bool call = !job.uses.empty();
      out += indent + ids(job.id) + (call ? "[[\"" : "[\"") + label + (call ? "\"]]" : "\"]");
      if (auto m = d.marks.find(job.id); m != d.marks.end()) out += std::string(":::") + mark_class(m->second);
      out += "\n";
    }
    for (const Job& job : d.graph->jobs)
      for (const std::string& need : job.needs)
        if (d.graph->find(need)) out += indent + ids(need) + " --> " + ids(job.id) + "\n";
    if (boxed) out += "  end\n";
  }
  if (any_marks(drawings))
    out +=
        "  classDef added fill:#dafbe1,stroke:#1a7f37\n"
        "  classDef removed fill:#ffebe9,stroke:#cf222e,stroke-dasharray:4\n"
        "  classDef changed fill:#fff8c5,stroke:#9a6700\n";
  return out;
}

std::string draw_dot(const std::vector<Drawing>& drawings) {
  std::string out = "digraph jobs {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\", fontsize=10];\n";
  const bool boxed = drawings.size() > 1;
  for (size_t w = 0; w < drawings.size(); ++w) {
    const Drawing& d = drawings[w];
    std::string indent = boxed ? "    " : "  ";
    std::string prefix = boxed ? "w" + std::to_string(w + 1) + ":" : "";
    if (boxed) out += "  subgraph cluster_" + std::to_string(w + 1) + " {\n    label=\"" + dot_text(d.graph->path) + "\";\n";
    for (const Job& job : d.graph->jobs) {
      std::string label;
      for (const std::string& line : job_label(job)) label += (label.empty() ? "" : "\\n") + dot_text(line);
      out += indent + "\"" + dot_text(prefix + job.id) + "\" [label=\"" + label + "\"";
      if (!job.uses.empty()) out += ", shape=component";
      if (auto m = d.marks.find(job.id); m != d.marks.end()) {
        static const char* kStyle[] = {"style=filled, fillcolor=\"#dafbe1\"",
                                       "style=\"filled,dashed\", fillcolor=\"#ffebe9\"",
                                       "style=filled, fillcolor=\"#fff8c5\""};
        out += std::string(", ") + kStyle[static_cast<int>(m->second)];
      }
      out += "];\n";
    }
    for (const Job& job : d.graph->jobs)
      for (const std::string& need : job.needs)
        if (d.graph->find(need))
          out += indent + "\"" + dot_text(prefix + need) + "\" -> \"" + dot_text(prefix + job.id) + "\";\n";
    if (boxed) out += "  }\n";
  }
  return out + "}\n";
}

}  // namespace

std::vector<std::string> job_label(const Job& job, size_t width) {
  std::vector<std::string> lines{job.id};
  if (!job.name.empty() && job.name != job.id) lines.push_back(cut(job.name, width));
  if (!job.uses.empty()) lines.push_back("calls " + cut(short_uses(job.uses), width));
  if (job.has_matrix)
    lines.push_back(job.matrix_jobs ? "matrix: " + plural(*job.matrix_jobs, "job", "jobs")
                                    : std::string("matrix: computed at run time"));
  if (!job.test_matrix.empty()) {
    std::string tests = "tests: " + plural(job.test_shards(), "shard", "shards");
    if (job.test_matrix.size() == 1)
      tests += " of " + job.test_matrix[0].config;
    else
      tests += " in " + plural(job.test_matrix.size(), "config", "configs");
    lines.push_back(cut(tests, width));
  }
  // Conditions tell jobs apart (`test-weekly` and `test-periodically` differ only there).
  if (!job.condition.empty()) lines.push_back(cut("if: " + job.condition, width + 16));
  return lines;
}

std::string draw(const std::vector<Drawing>& drawings, DrawFormat format) {
  return format == DrawFormat::Dot ? draw_dot(drawings) : draw_mermaid(drawings);
}

}  // namespace wfgen::graph
