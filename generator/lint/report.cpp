#include "lint/report.h"

#include <algorithm>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "data/error.h"
#include "files/error.h"
#include "lint/github_log.h"
#include "lint/registry.h"

namespace wfgen::lint {

using nlohmann::ordered_json;

std::optional<Format> parse_format(std::string_view name) {
  if (name == "text") return Format::Text;
  if (name == "github") return Format::Github;
  if (name == "json") return Format::Json;
  if (name == "sarif") return Format::Sarif;
  return std::nullopt;
}

namespace {

using files::printable;  // what the text formats print of names, messages and reasons

std::string location(std::string_view file, int line, int col) {
  std::string out = printable(file);
  if (line > 0) {
    out += ':' + std::to_string(line);
    if (col > 0) out += ':' + std::to_string(col);
  }
  return out;
}

std::string plural(size_t n, std::string_view word) {
  return std::to_string(n) + " " + std::string(word) + (n == 1 ? "" : "s");
}

std::string note_text(const Note& n) {
  return n.file.empty() ? printable(n.text)
                        : location(n.file, n.line, n.col) + ": " + printable(n.text);
}

// A relative path as a URI reference: every byte outside RFC 3986's unreserved set and
// '/' percent-encoded.
std::string uri_of(std::string_view path) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
    if (keep) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

// "waived: 5 template-injection findings: REASON", once per rule and reason, in the order
// they first appear: a waived finding is listed on one line, and its reason (often the
// same for dozens of findings) is said once.
std::string waiver_reasons(const LintResult& r) {
  std::vector<std::pair<const Finding*, size_t>> groups;  // first finding, count
  for (const Finding& f : r.findings) {
    if (!f.waived()) continue;
    auto same = [&](const auto& g) { return g.first->rule == f.rule && *g.first->waiver == *f.waiver; };
    auto it = std::find_if(groups.begin(), groups.end(), same);
    if (it == groups.end()) groups.push_back({&f, 1});
    else ++it->second;
  }
  std::string out;
  for (const auto& [f, n] : groups)
    out += "waived: " + plural(n, f->rule + " finding") + ": " + printable(*f->waiver) + "\n";
  return out;
}

std::string text_report(const LintResult& r, const ReportOptions& opt) {
  std::string out;
  for (const Finding& f : r.findings) out += format_text(f);
  out += waiver_reasons(r);
  if (opt.summary) out += summary_line(r) + "\n";
  return out;
}

std::string github_report(const LintResult& r, const ReportOptions& opt) {
  std::string out;
  for (const Finding& f : r.findings) {
    std::string kind = f.waived()                        ? "notice"
                       : f.fails(opt.warnings_as_errors) ? "error"
                                                         : "warning";
    std::string props = "file=" + github_escape_property(f.file);
    if (f.line > 0) props += ",line=" + std::to_string(f.line);
    if (f.col > 0) props += ",col=" + std::to_string(f.col);
    props += ",title=" + github_escape_property(f.rule);
    std::string msg = f.message;  // its line breaks kept: the annotation shows them
    if (f.waived()) msg += " (waived: " + *f.waiver + ")";
    for (const Note& n : f.notes) msg += "\nnote: " + note_text(n);
    out += "::" + kind + " " + props + "::" + github_escape_data(msg) + "\n";
  }
  if (opt.summary) out += summary_line(r) + "\n";
  return out;
}

ordered_json note_json(const Note& n) {
  ordered_json j;
  j["file"] = n.file;
  j["line"] = n.line;
  j["col"] = n.col;
  j["text"] = n.text;
  return j;
}

}  // namespace

ordered_json report_json(const LintResult& r) {
  ordered_json j;
  j["files"] = r.files;
  j["errors"] = r.count(Severity::Error);
  j["warnings"] = r.count(Severity::Warning);
  j["waived"] = r.waived();
  ordered_json list = ordered_json::array();
  for (const Finding& f : r.findings) {
    ordered_json o;
    o["rule"] = f.rule;
    o["severity"] = severity_name(f.severity);
    o["file"] = f.file;
    o["line"] = f.line;
    o["col"] = f.col;
    o["message"] = f.message;
    o["excerpt"] = f.excerpt;
    o["notes"] = ordered_json::array();
    for (const Note& n : f.notes) o["notes"].push_back(note_json(n));
    o["waived"] = f.waived();
    if (f.waived()) o["waiver_reason"] = *f.waiver;
    list.push_back(std::move(o));
  }
  j["findings"] = std::move(list);
  return j;
}

namespace {

ordered_json sarif_location(std::string_view file, int line, int col, std::string_view excerpt) {
  ordered_json phys;
  phys["artifactLocation"] = {{"uri", uri_of(file)}, {"uriBaseId", "%SRCROOT%"}};
  if (line > 0) {
    ordered_json region;
    region["startLine"] = line;
    if (col > 0) region["startColumn"] = excerpt.empty() ? col : data::code_point_column(excerpt, col);
    if (!excerpt.empty()) region["snippet"] = {{"text", std::string(excerpt)}};
    phys["region"] = std::move(region);
  }
  return {{"physicalLocation", std::move(phys)}};
}

std::string sarif_report(const LintResult& r) {
  ordered_json rules = ordered_json::array();
  std::vector<std::string_view> ids;
  for (const Rule* rule : all_rules()) {
    ids.push_back(rule->name());
    rules.push_back(
        {{"id", std::string(rule->name())},
         {"shortDescription", {{"text", std::string(rule->description())}}},
         {"defaultConfiguration", {{"level", std::string(severity_name(rule->severity()))}}}});
  }
  ordered_json results = ordered_json::array();
  for (const Finding& f : r.findings) {
    ordered_json res;
    res["ruleId"] = f.rule;
    for (size_t i = 0; i < ids.size(); ++i)
      if (ids[i] == f.rule) res["ruleIndex"] = i;
    res["level"] = severity_name(f.severity);
    std::string text = f.message;
    ordered_json related = ordered_json::array();
    for (const Note& n : f.notes) {
      if (n.file.empty()) {
        text += "\nnote: " + n.text;
        continue;
      }
      ordered_json loc = sarif_location(n.file, n.line, n.col, {});
      loc["id"] = related.size();
      loc["message"] = {{"text", n.text}};
      related.push_back(std::move(loc));
    }
    res["message"] = {{"text", text}};
    res["locations"] = ordered_json::array({sarif_location(f.file, f.line, f.col, f.excerpt)});
    if (!related.empty()) res["relatedLocations"] = std::move(related);
    if (f.waived())
      res["suppressions"] =
          ordered_json::array({{{"kind", "external"}, {"justification", *f.waiver}}});
    results.push_back(std::move(res));
  }
  ordered_json run;
  run["tool"] = {{"driver", {{"name", "wfgen"}, {"rules", std::move(rules)}}}};
  run["columnKind"] = "unicodeCodePoints";
  run["results"] = std::move(results);
  ordered_json log;
  log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  log["version"] = "2.1.0";
  log["runs"] = ordered_json::array({std::move(run)});
  return log.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace

std::string format_text(const Finding& f) {
  std::string out = location(f.file, f.line, f.col) + ": " +
                    std::string(severity_name(f.severity)) + ": " + printable(f.message) + " [" +
                    f.rule + "]";
  if (f.waived()) return out + " (waived)\n";  // its reason follows the list, once
  out += '\n';
  if (f.line > 0) out += data::caret_excerpt(f.excerpt, f.col);
  for (const Note& n : f.notes) out += "  note: " + note_text(n) + "\n";
  return out;
}

std::string summary_line(const LintResult& r) {
  std::string out = "wfgen lint: " + plural(r.files, "file") + ", ";
  size_t errors = r.count(Severity::Error), warnings = r.count(Severity::Warning);
  if (errors == 0 && warnings == 0 && r.waived() == 0) return out + "no findings";
  out += plural(errors, "error") + ", " + plural(warnings, "warning");
  if (r.waived()) out += " (" + std::to_string(r.waived()) + " waived)";
  return out;
}

std::string format_report(const LintResult& r, Format format, const ReportOptions& opt) {
  switch (format) {
    case Format::Text:
      return text_report(r, opt);
    case Format::Github:
      return github_report(r, opt);
    case Format::Json:
      return report_json(r).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
    case Format::Sarif:
      return sarif_report(r);
  }
  return {};
}

}  // namespace wfgen::lint
