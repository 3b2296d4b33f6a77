#include "data/error.h"

#include "jinja/error.h"

namespace wfgen::data {

namespace {
std::string headline(const std::string& file, Mark mark, const std::string& message) {
  std::string out = file;
  if (mark.line > 0) {
    out += ':' + std::to_string(mark.line);
    if (mark.col > 0) out += ':' + std::to_string(mark.col);
  }
  return out + ": error: " + message;
}
}  // namespace

DataError::DataError(std::string file, Mark mark, std::string message, std::string source_line)
    : std::runtime_error(headline(file, mark, message)),
      file_(std::move(file)),
      mark_(mark),
      message_(std::move(message)),
      source_line_(std::move(source_line)) {}

std::string DataError::format() const {
  std::string out = what();
  out += '\n';
  if (mark_.line > 0) out += caret_excerpt(source_line_, mark_.col);
  return out;
}

std::string caret_excerpt(std::string_view source_line, int col) {
  if (source_line.empty()) return {};
  return jinja::caret_excerpt(source_line, code_point_column(source_line, col), "  ");
}

int code_point_column(std::string_view line, int col) {
  int cp = 1;
  for (size_t i = 0; i + 1 < static_cast<size_t>(col) && i < line.size(); ++i)
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++cp;
  return cp;
}

bool ends_line(std::string_view text, size_t i) {
  return text[i] == '\n' || (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'));
}

Mark mark_at(std::string_view text, size_t offset) {
  Mark m{1, 1};
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    if (ends_line(text, i))
      ++m.line, m.col = 1;
    else
      ++m.col;
  }
  return m;
}

std::string line_of(std::string_view text, int line) {
  if (line <= 0) return {};
  size_t start = 0;
  for (int i = 1; i < line; ++i) {
    while (start < text.size() && !ends_line(text, start)) ++start;
    if (start == text.size()) return {};
    ++start;
  }
  size_t end = start;
  while (end < text.size() && !ends_line(text, end)) ++end;
  std::string_view l = text.substr(start, end - start);
  if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  return std::string(l);
}

}  // namespace wfgen::data
