#include "pipeline/summary.h"

#include <algorithm>
#include <cstring>

#include "files/error.h"
#include "pipeline/report.h"

namespace wfgen::pipeline {

namespace {

// A step summary is at most 1 MiB; these keep it well inside that with any project.
constexpr size_t kTableRows = 200;         // outputs listed in the table
constexpr size_t kGraphLines = 200;        // lines of job graph changes
constexpr size_t kDrawnWorkflows = 8;      // changed workflows drawn as one Mermaid graph

std::string plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// The first `max` lines of `text`, and how many were left out.
std::string first_lines(const std::string& text, size_t max, size_t& left_out) {
  size_t pos = 0, lines = 0;
  left_out = 0;
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n' && ++lines == max) pos = i + 1;
  if (lines <= max) return text;
  left_out = lines - max;
  return text.substr(0, pos);
}

std::string fix_block(const std::string& fix_command) {
  return "To fix it, run\n\n" + markdown_fence(fix_command + "\n", "sh") +
         "\nand commit the result.\n";
}

}  // namespace

std::string markdown_text(std::string_view s) {
  std::string out;
  for (char c : files::printable(s)) {
    if (c != '\0' && std::strchr("\\`*_[]<>|~&!#", c)) out += '\\';
    out += c;
  }
  return out;
}

std::string markdown_fence(std::string_view body, std::string_view info) {
  size_t longest = 0, run = 0;
  for (char c : body) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(std::max<size_t>(3, longest + 1), '`');
  std::string out = fence + std::string(info) + "\n" + std::string(body);
  if (!body.empty() && body.back() != '\n') out += "\n";
  return out + fence + "\n";
}

std::string check_summary(const RunResult& r, const std::string& fix_command,
                          const GraphChanges* graph, const RunOptions& opt) {
  std::vector<const FileStatus*> bad;
  for (const auto& f : r.files)
    if (f.state != FileState::InSync) bad.push_back(&f);
  const std::vector<std::string> notes = check_notes(r);
  if (bad.empty() && notes.empty())
    return "**wfgen check**: all " + std::to_string(r.outputs) + " outputs in sync.\n\n";

  std::string o = "## wfgen check: " +
                  (bad.empty() ? std::string("an interrupted generate left files behind")
                               : plural(bad.size(), "file", "files") + " out of date") +
                  "\n\n";
  for (const auto& note : notes) o += markdown_text(note) + "\n\n";
  if (!bad.empty()) {
    o += "| output | state |\n| --- | --- |\n";
    for (size_t i = 0; i < bad.size() && i < kTableRows; ++i)
      o += "| " + markdown_text(bad[i]->path) + " | " +
           std::string(state_info(bad[i]->state).explanation) + " |\n";
    if (bad.size() > kTableRows)
      o += "\nand " + plural(bad.size() - kTableRows, "more file", "more files") +
           " (the job's log lists every one).\n";
    o += "\n";
  }
  o += fix_block(fix_command);

  if (graph && (!graph->changed.empty() || !graph->notes.empty())) {
    o += "\n### Job graph changes\n\n";
    size_t left_out = 0;
    o += markdown_fence(first_lines(changes_text(*graph), kGraphLines, left_out), "text");
    if (left_out) o += "\n" + plural(left_out, "more line", "more lines") + ": run `wfgen graph --diff`.\n";
    if (!graph->changed.empty() && graph->changed.size() <= kDrawnWorkflows)
      o += "\n" + markdown_fence(draw_changes(*graph, graph::DrawFormat::Mermaid), "mermaid");
  }

  bool diffs = false;
  for (const FileStatus* f : bad) {
    if (f->diff.empty() && !f->diff_omitted) continue;
    if (!diffs) o += "\n### Diffs (committed -> from sources)\n";
    diffs = true;
    o += "\n**" + markdown_text(f->path) + "**\n\n";
    if (!f->diff.empty()) o += markdown_fence(f->diff, "diff");
    if (f->diff_omitted) o += "\n" + markdown_text(more_lines(f->diff_omitted));
  }
  if (std::string note = omitted_note(r, opt); !note.empty()) o += "\n" + markdown_text(note);
  return o + "\n";
}

std::string error_summary(const std::string& error) {
  return "## wfgen check: error\n\nThe check could not run:\n\n" + markdown_fence(error, "text") +
         "\n";
}

}  // namespace wfgen::pipeline
