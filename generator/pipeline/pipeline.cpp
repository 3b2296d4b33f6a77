#include "pipeline/pipeline.h"

#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <new>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "data/error.h"
#include "data/load.h"
#include "jinja/error.h"
#include "jinja/limits.h"
#include "pipeline/diff.h"
#include "pipeline/header.h"

namespace wfgen::pipeline {

namespace fs = std::filesystem;

std::string_view state_name(FileState s) {
  switch (s) {
    case FileState::InSync:
      return "in-sync";
    case FileState::Missing:
      return "missing";
    case FileState::Drifted:
      return "drifted";
    case FileState::HandEdited:
      return "hand-edited";
    case FileState::Stale:
      return "stale";
  }
  return "?";
}

namespace {

std::string generic(const fs::path& p) {
  return p.generic_string();
}

// Files under the output dir that carry our marker: candidates for stale outputs.
std::vector<std::string> generated_files(const fs::path& root, const std::string& out_dir) {
  std::vector<std::string> found;
  std::error_code ec;
  fs::path dir = root / out_dir;
  if (!fs::is_directory(dir, ec)) return found;
  for (auto it = fs::recursive_directory_iterator(dir, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    std::ifstream in(it->path(), std::ios::binary);
    std::string head(kMarkerProbe, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<size_t>(in.gcount()));
    if (starts_with_marker(head))
      found.push_back(out_dir + "/" + generic(fs::relative(it->path(), dir)));
  }
  return found;
}

std::string json_escape(const std::string& s) {
  return nlohmann::json(s).dump();
}

// GitHub annotations are single lines: '%', CR and LF are escaped.
std::string gh_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '%')
      out += "%25";
    else if (c == '\r')
      out += "%0D";
    else if (c == '\n')
      out += "%0A";
    else
      out += c;
  }
  return out;
}

std::string explain(FileState s) {
  switch (s) {
    case FileState::Missing:
      return "missing: the sources make it but it is not committed";
    case FileState::Drifted:
      return "out of date: the sources changed since it was generated";
    case FileState::HandEdited:
      return "edited by hand: generated files must not be edited; change the sources instead";
    case FileState::Stale:
      return "stale: no source makes it any more";
    case FileState::InSync:
      return "in sync";
  }
  return "";
}

}  // namespace

std::vector<FileStatus> compare_outputs(const fs::path& root, const Manifest& manifest,
                                        const std::vector<Output>& outputs, bool with_diffs) {
  std::vector<FileStatus> statuses;
  std::set<std::string> produced;
  for (const Output& o : outputs) {
    produced.insert(o.path);
    FileStatus st;
    st.path = o.path;
    std::string disk;
    if (!data::read_file(root / o.path, disk)) {
      st.state = FileState::Missing;
    } else if (disk == o.content) {
      st.state = FileState::InSync;
    } else {
      HeaderInfo h = inspect(disk, comment_style(o.path));
      st.state = h.generated && h.intact ? FileState::Drifted : FileState::HandEdited;
      if (with_diffs) {
        Diff d = unified_diff(disk, o.content, o.path + " (committed)", o.path + " (from sources)");
        st.diff = std::move(d.text);
        st.lines = std::move(d.old_lines);
      }
    }
    statuses.push_back(std::move(st));
  }
  for (const std::string& path : generated_files(root, manifest.output_dir))
    if (!produced.count(path)) statuses.push_back({path, FileState::Stale, {}, {}});
  std::sort(statuses.begin(), statuses.end(),
            [](const FileStatus& a, const FileStatus& b) { return a.path < b.path; });
  return statuses;
}

void apply_changes(const fs::path& root, const std::vector<Output>& outputs,
                   const std::vector<FileStatus>& statuses) {
  std::map<std::string, const Output*> by_path;
  for (const Output& o : outputs) by_path[o.path] = &o;
  struct Pending {
    fs::path temp, target;
  };
  std::vector<Pending> pending;
  std::vector<fs::path> made_dirs;
  auto rollback = [&] {
    std::error_code ec;
    for (const auto& p : pending) fs::remove(p.temp, ec);
    for (auto it = made_dirs.rbegin(); it != made_dirs.rend(); ++it) fs::remove(*it, ec);
  };
  const std::string suffix = ".wfgen-tmp-" + std::to_string(::getpid());
  for (const FileStatus& st : statuses) {
    if (st.state == FileState::InSync || st.state == FileState::Stale) continue;
    const Output& o = *by_path.at(st.path);
    fs::path target = root / o.path;
    // Create missing parent dirs (remembering them, to undo on failure).
    std::vector<fs::path> chain;
    for (fs::path d = target.parent_path(); !d.empty() && d != root && !fs::exists(d);
         d = d.parent_path())
      chain.push_back(d);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      std::error_code ec;
      if (!fs::create_directory(*it, ec) || ec) {
        rollback();
        throw ProjectError(generic(fs::relative(*it, root)) + ": error: cannot create directory: " +
                           (ec ? ec.message() : std::string("exists")) + "\n");
      }
      made_dirs.push_back(*it);
    }
    fs::path temp = target;
    temp += suffix;
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (out) out.write(o.content.data(), static_cast<std::streamsize>(o.content.size()));
    if (out) out.close();
    if (!out) {
      std::string why = std::strerror(errno);
      std::error_code ec;
      fs::remove(temp, ec);
      rollback();
      throw ProjectError(o.path + ": error: cannot write: " + why + "\n");
    }
    pending.push_back({temp, target});
  }
  for (const auto& p : pending) {
    std::error_code ec;
    fs::rename(p.temp, p.target, ec);
    if (ec) {
      rollback();
      throw ProjectError(generic(fs::relative(p.target, root)) +
                         ": error: cannot replace: " + ec.message() + "\n");
    }
  }
  for (const FileStatus& st : statuses) {
    if (st.state != FileState::Stale) continue;
    std::error_code ec;
    fs::remove(root / st.path, ec);
    if (ec)
      throw ProjectError(st.path + ": error: cannot delete stale output: " + ec.message() + "\n");
  }
}

namespace {

void report_check(RunResult& r, const Manifest& m, Format format) {
  size_t bad = 0;
  for (const auto& f : r.files) bad += f.state != FileState::InSync;
  r.exit_code = bad ? 1 : 0;
  if (format == Format::Json) {
    std::string s = "{\"ok\": " + std::string(bad ? "false" : "true") +
                    ", \"outputs\": " + std::to_string(r.outputs) + ", \"files\": [";
    bool first = true;
    for (const auto& f : r.files) {
      if (f.state == FileState::InSync) continue;
      s += first ? "\n  " : ",\n  ";
      first = false;
      s += "{\"path\": " + json_escape(f.path) + ", \"state\": \"" +
           std::string(state_name(f.state)) + "\", \"lines\": [";
      for (size_t i = 0; i < f.lines.size(); ++i) s += (i ? ", " : "") + std::to_string(f.lines[i]);
      s += "], \"diff\": " + json_escape(f.diff) + "}";
    }
    s += std::string(first ? "" : "\n") + "], \"fix\": " + json_escape(bad ? m.fix_command : "") +
         "}\n";
    r.out = s;
    return;
  }
  std::string& o = r.out;
  for (const auto& f : r.files) {
    if (f.state == FileState::InSync) continue;
    if (format == Format::Github) {
      std::string msg =
          f.path + " is " + explain(f.state) + ". Run " + m.fix_command + " and commit the result.";
      if (f.lines.empty()) {
        o += "::error file=" + f.path + "::" + gh_escape(msg) + "\n";
      } else {
        for (int line : f.lines)
          o += "::error file=" + f.path + ",line=" + std::to_string(line) + "::" + gh_escape(msg) +
               "\n";
      }
    }
    o += f.path + ": " + explain(f.state) + "\n";
    o += f.diff;
  }
  if (bad) {
    o += "wfgen check: " + std::to_string(bad) + " file(s) out of date (" +
         std::to_string(r.outputs) + " outputs). To fix, run: " + m.fix_command + "\n";
  } else {
    o += "wfgen check: all " + std::to_string(r.outputs) + " outputs in sync\n";
  }
}

void report_generate(RunResult& r) {
  size_t changed = 0;
  for (const auto& f : r.files) {
    const char* verb = nullptr;
    switch (f.state) {
      case FileState::Missing:
        verb = "created";
        break;
      case FileState::Drifted:
        verb = "updated";
        break;
      case FileState::HandEdited:
        verb = "overwrote hand edits in";
        break;
      case FileState::Stale:
        verb = "deleted stale";
        break;
      case FileState::InSync:
        break;
    }
    if (!verb) continue;
    ++changed;
    r.out += std::string(verb) + " " + f.path + "\n";
  }
  r.out += "wfgen generate: " + std::to_string(r.outputs) + " outputs, " + std::to_string(changed) +
           (changed == 1 ? " change" : " changes") + "\n";
}

// Loads the manifest and runs `work` on it under the manifest's limits; every failure,
// running out of memory included, becomes exit 1 and a message.
template <class Work>
void run_guarded(RunResult& r, const fs::path& root, const std::vector<LimitOverride>& overrides,
                 Work&& work) {
  try {
    Manifest m = load_manifest(root, overrides);
    jinja::LimitsScope limits(m.engine.limits);
    work(m);
  } catch (const data::DataError& e) {
    r.exit_code = 1;
    r.err = e.format();
  } catch (const ProjectError& e) {
    r.exit_code = 1;
    r.err = e.what();
  } catch (const jinja::TemplateError& e) {  // a limit met outside a template (data)
    r.exit_code = 1;
    r.err = e.format();
  } catch (const std::bad_alloc&) {
    r.exit_code = 1;
    r.err = "error: out of memory (lower the limits in wfgen.yml's `limits:`; see docs/limits.md)\n";
  }
}

}  // namespace

RunResult run_project(const fs::path& root, Mode mode, Format format,
                      const std::vector<LimitOverride>& overrides) {
  RunResult r;
  run_guarded(r, root, overrides, [&](const Manifest& m) {
    std::vector<Output> outputs = render_project(root, m);
    r.outputs = outputs.size();
    r.files = compare_outputs(root, m, outputs, mode == Mode::Check);
    if (mode == Mode::Check) {
      report_check(r, m, format);
    } else {
      apply_changes(root, outputs, r.files);
      report_generate(r);
    }
  });
  if (r.exit_code && !r.err.empty() && mode == Mode::Generate)
    r.err += "wfgen generate: nothing was written\n";
  if (!r.err.empty() && format == Format::Github) {
    // Surface the first line (file:line:col: error: msg) as an annotation too.
    std::string first = r.err.substr(0, r.err.find('\n'));
    r.out = "::error::" + gh_escape(first) + "\n";
  }
  return r;
}

RunResult list_project(const fs::path& root, const std::vector<LimitOverride>& overrides) {
  RunResult r;
  run_guarded(r, root, overrides, [&](const Manifest& m) {
    std::vector<Output> outputs = render_project(root, m);
    r.outputs = outputs.size();
    for (const Output& o : outputs) {
      r.out += o.path + "\t" + o.family + "\t" + o.template_name;
      if (!o.matrix.empty()) {
        r.out += "\t" + o.matrix;
        if (o.row >= 0)
          r.out += ":" + std::to_string(o.row_origin.line) + ":" +
                   std::to_string(o.row_origin.col) + " (row " + std::to_string(o.row + 1) +
                   (o.item.empty() ? "" : ", " + o.item) + ")";
        else
          r.out += " (all rows)";
      }
      r.out += "\n";
    }
  });
  return r;
}

}  // namespace wfgen::pipeline
