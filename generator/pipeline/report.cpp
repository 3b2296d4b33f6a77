#include "pipeline/report.h"

#include <nlohmann/json.hpp>

#include "files/error.h"

namespace wfgen::pipeline {

namespace {

using files::printable;

std::string github_escape(std::string_view s, bool property) {
  std::string out;
  for (char c : s) {
    if (c == '%')
      out += "%25";
    else if (c == '\r')
      out += "%0D";
    else if (c == '\n')
      out += "%0A";
    else if (property && c == ':')
      out += "%3A";
    else if (property && c == ',')
      out += "%2C";
    else
      out += c;
  }
  return out;
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
                               {"diff", f.diff}});
  }
  report["leftovers"] = r.leftovers;
  report["interrupted"] = r.interrupted;
  report["fix"] = r.exit_code ? fix_command : "";
  // A file name need not be UTF-8: its invalid bytes become U+FFFD rather than an error.
  r.out = report.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace

std::string github_message(std::string_view s) {
  return github_escape(s, false);
}

std::string github_property(std::string_view s) {
  return github_escape(s, true);
}

void report_check(RunResult& r, const std::string& fix_command, Format format) {
  size_t bad = 0;
  for (const auto& f : r.files) bad += f.state != FileState::InSync;
  r.exit_code = bad || !r.leftovers.empty() || r.interrupted ? 1 : 0;
  if (format == Format::Json) return report_json(r, fix_command);
  std::string& o = r.out;
  const bool github = format == Format::Github;
  for (const auto& f : r.files) {
    if (f.state == FileState::InSync) continue;
    const std::string_view why = state_info(f.state).explanation;
    if (github) {
      std::string msg = printable(f.path) + " is " + std::string(why) + ". Run " + fix_command +
                        " and commit the result.";
      std::string file = "file=" + github_property(f.path);
      if (f.lines.empty()) o += "::error " + file + "::" + github_message(msg) + "\n";
      for (int line : f.lines)
        o += "::error " + file + ",line=" + std::to_string(line) + "::" + github_message(msg) +
             "\n";
    }
    o += printable(f.path) + ": " + std::string(why) + "\n";
    o += f.diff;
  }
  std::vector<std::string> notes;
  if (r.interrupted)
    notes.push_back("wfgen check: a generate was interrupted (its journal " +
                    std::string(kJournalName) +
                    " is there); the next wfgen generate puts back the files it changed");
  if (!r.leftovers.empty())
    notes.push_back("wfgen check: " + files::files_count(r.leftovers.size()) +
                    " left over by an interrupted generate: " + files::some_names(r.leftovers) +
                    "; the next wfgen generate removes them");
  for (const auto& note : notes) {
    if (github) o += "::error::" + github_message(note) + "\n";
    o += note + "\n";
  }
  if (bad) {
    o += "wfgen check: " + std::to_string(bad) + " file(s) out of date (" +
         std::to_string(r.outputs) + " outputs). To fix, run: " + fix_command + "\n";
  } else if (!r.exit_code) {
    o += "wfgen check: all " + std::to_string(r.outputs) + " outputs in sync\n";
  }
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
