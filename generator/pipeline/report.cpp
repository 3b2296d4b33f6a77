#include "pipeline/report.h"

#include <nlohmann/json.hpp>

#include "files/error.h"
#include "lint/github_log.h"
#include "lint/report.h"

namespace wfgen::pipeline {

namespace {

using files::printable;

// GitHub shows 10 error annotations per step and 50 per job; more only lengthen the log.
constexpr size_t kMaxAnnotations = 50;

// Cuts the diffs, in path order, once `budget` hunk lines ("@@" headers and "\\ No
// newline" notes not counted) have been kept; what is cut counts as omitted.
void bound_diffs(std::vector<FileStatus>& files, size_t budget) {
  for (auto& f : files) {
    size_t pos = 0, lines = 0, keep = f.diff.size(), cut = 0;
    size_t hunk_header = std::string::npos;  // where the "@@" line just read starts
    for (size_t line = 0; pos < f.diff.size(); ++line) {
      size_t end = f.diff.find('\n', pos);
      end = end == std::string::npos ? f.diff.size() : end + 1;
      const char first = f.diff[pos];
      if (line >= 2 && first == '@') {
        hunk_header = pos;
      } else if (line >= 2 && first != '\\') {
        if (lines == budget && !cut) keep = hunk_header != std::string::npos ? hunk_header : pos;
        if (lines < budget)
          ++lines;
        else
          ++cut;
        hunk_header = std::string::npos;
      }
      pos = end;
    }
    budget -= lines;
    if (!cut) continue;
    f.diff.resize(lines ? keep : 0);  // nothing kept: no "---"/"+++" lines either
    f.diff_omitted += cut;
  }
}

void report_json(RunResult& r, const std::string& fix_command) {
  nlohmann::ordered_json report;
  report["ok"] = r.exit_code == 0;
  report["outputs"] = r.outputs;
  report["files"] = nlohmann::ordered_json::array();
  for (const auto& f : r.files) {
    if (f.state == FileState::InSync) continue;
    report["files"].push_back({{"path", f.path},
                               {"state", state_name(f.state)},
                               {"lines", f.lines},
                               {"diff", f.diff},
                               {"diff_omitted", f.diff_omitted}});
  }
  report["leftovers"] = r.leftovers;
  report["interrupted"] = r.interrupted;
  report["fix"] = r.exit_code ? fix_command : "";
  report["lint"] = lint::report_json(r.lint);
  // A file name need not be UTF-8: its invalid bytes become U+FFFD rather than an error.
  r.out = report.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace

void report_check(RunResult& r, const std::string& fix_command, const RunOptions& opt) {
  size_t bad = 0;
  for (const auto& f : r.files) bad += f.state != FileState::InSync;
  r.exit_code = bad || !r.leftovers.empty() || r.interrupted || r.lint.failed() ? 1 : 0;
  bound_diffs(r.files, opt.diff_lines_per_run);
  if (opt.format == Format::Json) return report_json(r, fix_command);
  const bool github = opt.format == Format::Github;
  // github: the annotations first, then the text, where no line is a workflow command
  // (a diff of a workflow may hold `::add-mask::`, a hostile one anything).
  std::string commands, o;
  size_t annotations = 0;
  for (const auto& f : r.files) {
    if (f.state == FileState::InSync) continue;
    const std::string_view why = state_info(f.state).explanation;
    if (github && annotations < kMaxAnnotations) {
      std::string msg = printable(f.path) + " is " + std::string(why) + ". Run " + fix_command +
                        " and commit the result.";
      std::string file = "file=" + lint::github_escape_property(f.path);
      if (f.lines.empty())
        commands += "::error " + file + "::" + lint::github_escape_data(msg) + "\n", ++annotations;
      for (size_t i = 0; i < f.lines.size() && annotations < kMaxAnnotations; ++i, ++annotations)
        commands += "::error " + file + ",line=" + std::to_string(f.lines[i]) + "::" +
                    lint::github_escape_data(msg) + "\n";
    }
    o += printable(f.path) + ": " + std::string(why) + "\n";
    o += f.diff;
    if (f.diff_omitted) o += more_lines(f.diff_omitted);
  }
  if (github) commands += lint::format_report(r.lint, lint::Format::Github, {.summary = false});
  o += lint::format_report(r.lint, lint::Format::Text, {.summary = false});
  if (!r.lint.findings.empty()) o += lint::summary_line(r.lint) + "\n";
  for (const auto& note : check_notes(r)) {
    if (github) commands += "::error::" + lint::github_escape_data(note) + "\n";
    o += note + "\n";
  }
  o += omitted_note(r, opt);
  if (bad) {
    o += "wfgen check: " + std::to_string(bad) + " file(s) out of date (" +
         std::to_string(r.outputs) + " outputs). To fix, run: " + fix_command + "\n";
  } else if (r.leftovers.empty() && !r.interrupted) {  // lint findings: in sync all the same
    o += "wfgen check: all " + std::to_string(r.outputs) + " outputs in sync\n";
  }
  r.out += github ? commands + lint::github_inert(o) : o;
}

std::vector<std::string> check_notes(const RunResult& r) {
  std::vector<std::string> notes;
  if (r.interrupted)
    notes.push_back("wfgen check: a generate was interrupted (its journal " +
                    std::string(kJournalName) +
                    " is there); the next wfgen generate puts back the files it changed");
  if (!r.leftovers.empty())
    notes.push_back("wfgen check: " + files::files_count(r.leftovers.size()) +
                    " left over by an interrupted generate: " + files::some_names(r.leftovers) +
                    "; the next wfgen generate removes them");
  return notes;
}

std::string more_lines(size_t omitted) {
  return "... (" + std::to_string(omitted) + " more diff " + (omitted == 1 ? "line" : "lines") +
         ")\n";
}

std::string omitted_note(const RunResult& r, const RunOptions& opt) {
  size_t omitted = 0;
  for (const auto& f : r.files) omitted += f.diff_omitted;
  if (!omitted) return "";
  auto bound = [](size_t n) { return n == kUnbounded ? std::string("no bound") : std::to_string(n); };
  return "wfgen check: " + std::to_string(omitted) + " diff " + (omitted == 1 ? "line" : "lines") +
         " not shown (at most " + bound(opt.diff_lines_per_file) + " per file and " +
         bound(opt.diff_lines_per_run) + " in all); wfgen check --full-diff shows every line\n";
}

void report_generate(RunResult& r) {
  size_t changed = 0;
  for (const auto& f : r.files) {
    std::string_view verb = state_info(f.state).verb;
    if (verb.empty()) continue;
    ++changed;
    r.out += std::string(verb) + " " + printable(f.path) + "\n";
  }
  r.out += "wfgen generate: " + std::to_string(r.outputs) + " outputs, " + std::to_string(changed) +
           (changed == 1 ? " change" : " changes") + "\n";
}

std::string list_table(const std::vector<Output>& outputs) {
  std::string out;
  for (const Output& o : outputs) {
    out += printable(o.path) + "\t" + printable(o.family) + "\t" + printable(o.template_name);
    if (!o.matrix.empty()) {
      out += "\t" + printable(o.matrix);
      if (o.row >= 0)
        out += ":" + std::to_string(o.row_origin.line) + ":" + std::to_string(o.row_origin.col) +
               " (row " + std::to_string(o.row + 1) +
               (o.item.empty() ? "" : ", " + printable(o.item)) + ")";
      else
        out += " (all rows)";
    }
    out += "\n";
  }
  return out;
}

}  // namespace wfgen::pipeline
