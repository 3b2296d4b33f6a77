#include "pipeline/trace_findings.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "jinja/runtime/source_trace.h"
#include "pipeline/header.h"
#include "pipeline/lint_outputs.h"

namespace wfgen::pipeline {

namespace {

constexpr size_t kShownExpression = 60;  // longer expressions are cut in a note

// An expression on one line, shortened: a note is one line.
std::string shown_expression(std::string_view text) {
  std::string out;
  for (char c : text) {
    bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  if (out.size() > kShownExpression) out = out.substr(0, kShownExpression - 3) + "...";
  return out;
}

const char* site_text(jinja::TraceSiteKind kind) {
  switch (kind) {
    case jinja::TraceSiteKind::Call:
      return "called from here";
    case jinja::TraceSiteKind::Include:
      return "included from here";
    case jinja::TraceSiteKind::Block:
      return "in the block rendered here";
  }
  return "";
}

// The byte of `content` a finding at line:col is about: the column's when it is on the
// line, else the line's first non-blank byte (its start when it has none).
std::optional<size_t> finding_byte(std::string_view content, int line, int col) {
  if (line <= 0) return std::nullopt;
  size_t start = 0;
  for (int l = 1; l < line; ++l) {
    start = content.find('\n', start);
    if (start == std::string_view::npos) return std::nullopt;
    ++start;
  }
  if (start >= content.size()) return std::nullopt;
  size_t end = std::min(content.find('\n', start), content.size());
  if (col > 0 && start + static_cast<size_t>(col) - 1 < end) return start + static_cast<size_t>(col) - 1;
  size_t first = content.find_first_not_of(" \t", start);
  return first < end ? first : start;
}

std::vector<lint::Note> traced_notes(const Output& o, const jinja::TraceOrigin& origin) {
  const std::string family = " (family '" + o.family + "')";
  std::vector<lint::Note> notes;
  notes.push_back({origin.where.file, origin.where.line, origin.where.col,
                   origin.expression.empty()
                       ? "this line is written by the template here" + family
                       : "the value of '" + shown_expression(origin.expression) +
                             "' written here" + family});
  for (const jinja::TraceSite& site : origin.via)
    notes.push_back({site.where.file, site.where.line, site.where.col, site_text(site.kind)});
  for (lint::Note& n : row_notes(o)) notes.push_back(std::move(n));
  return notes;
}

// Maps each finding of `o` through the trace of its body.
void trace_output(const Output& o, std::string_view body, const jinja::SourceTrace& trace,
                  const std::vector<lint::Finding*>& findings) {
  std::optional<size_t> header = body_offset(o.content, body);
  if (!header) return;  // not the bytes linted: explain nothing rather than wrongly
  const size_t origin_count = origin_notes(o).size();
  for (lint::Finding* f : findings) {
    std::optional<size_t> at = finding_byte(o.content, f->line, f->col);
    if (!at || *at < *header || f->notes.size() < origin_count) continue;  // the header
    std::optional<jinja::TraceOrigin> origin = trace.origin(*at - *header);
    if (!origin) continue;
    f->notes.resize(f->notes.size() - origin_count);
    for (lint::Note& n : traced_notes(o, *origin)) f->notes.push_back(std::move(n));
  }
}

}  // namespace

void trace_findings(std::shared_ptr<const files::Tree> project, const Manifest& manifest,
                    const std::vector<Output>& outputs, lint::LintResult& result) {
  // Waived findings are listed on one line, without notes: not worth a render.
  std::map<std::string_view, std::vector<lint::Finding*>> by_file;
  for (lint::Finding& f : result.findings)
    if (!f.waived()) by_file[f.file].push_back(&f);
  if (by_file.empty()) return;
  std::vector<const Output*> targets;
  for (const Output& o : outputs)
    if (by_file.count(o.path)) targets.push_back(&o);
  try {
    render_traced(std::move(project), manifest, targets,
                  [&](const Output& o, std::string_view body, const jinja::SourceTrace& trace) {
                    trace_output(o, body, trace, by_file.at(o.path));
                  });
  } catch (const std::exception&) {
    // The outputs rendered a moment ago; should one fail now, the findings not yet traced
    // keep the template and row notes, and lint reports what it found.
  }
}

}  // namespace wfgen::pipeline
