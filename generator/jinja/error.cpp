#include "jinja/error.h"

#include <utility>
#include <vector>

namespace wfgen::jinja {

void throw_error(ErrorKind kind, std::string message) {
  throw TemplateError(kind, std::move(message));
}

std::string TemplateError::format() const {
  std::string out;
  if (located()) {
    out +=
        where_.file + ":" + std::to_string(where_.line) + ":" + std::to_string(where_.col) + ": ";
  } else if (!where_.file.empty()) {
    out += where_.file + ": ";
  }
  out += "error: " + message_ + "\n";
  if (located() && !source_line_.empty()) {
    out += "    " + source_line_ + "\n    ";
    // The caret lines up under the column; tabs are kept so it aligns in a terminal.
    for (int i = 1; i < where_.col && i <= static_cast<int>(source_line_.size()); ++i) {
      out += source_line_[i - 1] == '\t' ? '\t' : ' ';
    }
    out += "^\n";
  }
  // A runaway include cycle repeats entries many times: fold runs of one place into a
  // count, and show only both ends of a long chain.
  std::vector<std::pair<const SourceLoc*, size_t>> runs;
  for (const auto& from : chain_) {
    if (!runs.empty() && runs.back().first->file == from.file &&
        runs.back().first->line == from.line && runs.back().first->col == from.col) {
      ++runs.back().second;
    } else {
      runs.emplace_back(&from, 1);
    }
  }
  constexpr size_t kHead = 4, kTail = 2;
  for (size_t i = 0; i < runs.size(); ++i) {
    if (runs.size() > kHead + kTail + 1 && i == kHead) {
      out += "  ... (" + std::to_string(runs.size() - kHead - kTail) + " more)\n";
      i = runs.size() - kTail - 1;
      continue;
    }
    const SourceLoc& from = *runs[i].first;
    out += "  included from " + from.file + ":" + std::to_string(from.line) + ":" +
           std::to_string(from.col);
    if (runs[i].second > 1) out += " (" + std::to_string(runs[i].second) + " times)";
    out += "\n";
  }
  return out;
}

}  // namespace wfgen::jinja
