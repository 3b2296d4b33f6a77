#include "jinja/error.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "jinja/python/unicode.h"

namespace wfgen::jinja {

void throw_error(ErrorKind kind, std::string message) {
  throw TemplateError(kind, std::move(message));
}

std::string caret_excerpt(std::string_view line, int col, std::string_view indent) {
  constexpr size_t kBefore = 80, kWidth = 160;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // a CRLF file's line
  auto continuation = [&](size_t i) { return (static_cast<unsigned char>(line[i]) & 0xC0) == 0x80; };
  const size_t at = utf8::byte_offset(line, col > 1 ? static_cast<size_t>(col - 1) : 0);
  size_t start = 0, end = line.size();
  if (line.size() > kWidth) {
    start = at > kBefore ? std::min(at - kBefore, line.size()) : 0;
    end = std::min(line.size(), start + kWidth);
    // Never cut a UTF-8 sequence in two.
    while (start > 0 && start < line.size() && continuation(start)) --start;
    while (end < line.size() && continuation(end)) ++end;
  }
  std::string_view lead = start > 0 ? "..." : "";
  std::string out(indent);
  out += lead;
  // A control character would act on the terminal (or end a C string: a NUL) rather than
  // show; it is shown as '?', one column as the caret counts it (C1 controls, U+0080 to
  // U+009F, are two bytes of UTF-8: "\xC2\x80" to "\xC2\x9F").
  for (size_t i = start; i < end; ++i) {
    const auto u = static_cast<unsigned char>(line[i]);
    const bool c1 = u == 0xC2 && i + 1 < end && static_cast<unsigned char>(line[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(line[i + 1]) <= 0x9F;
    if (c1) ++i;
    out += (u < 0x20 && line[i] != '\t') || u == 0x7f || c1 ? '?' : line[i];
  }
  if (end < line.size()) out += "...";
  out += '\n';
  out += indent;
  out.append(lead.size(), ' ');
  // The caret lines up under the column, one space a code point; tabs are kept so it
  // aligns in a terminal.
  for (size_t i = start; i < at && i < end; ++i)
    if (!continuation(i)) out += line[i] == '\t' ? '\t' : ' ';
  out += "^\n";
  return out;
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
  if (located() && !source_line_.empty()) out += caret_excerpt(source_line_, where_.col, "    ");
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
