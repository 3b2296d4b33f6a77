// DataError: a mistake in a data file (YAML/JSON, a matrix, the manifest), with the
// position it is at, so every message reads `file:line:col: error: ...` plus a caret excerpt.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace wfgen::data {

struct Mark {
  int line = 0;  // 1-based; 0 when unknown
  int col = 0;   // 1-based
};

class DataError : public std::runtime_error {
 public:
  DataError(std::string file, Mark mark, std::string message, std::string source_line = {});

  const std::string& file() const { return file_; }
  int line() const { return mark_.line; }
  int col() const { return mark_.col; }
  const std::string& message() const { return message_; }
  const std::string& source_line() const { return source_line_; }

  // "file:line:col: error: message\n  <source line>\n  <spaces>^\n" (the excerpt only when
  // the position and the line are known).
  std::string format() const;

 private:
  std::string file_;
  Mark mark_;
  std::string message_;
  std::string source_line_;
};

// jinja::caret_excerpt with the data layer's two-space indent (tabs kept, long lines cut to a
// window around the column), for a column counted in bytes as data and lint count them.
// Empty when the line is empty.
std::string caret_excerpt(std::string_view source_line, int col);

// Byte column -> code point column, given the line the column is in.
int code_point_column(std::string_view line, int col);

// Whether text[i] ends a line, as YAML reads line breaks: "\n", or a "\r" not before a
// "\n" (a file may break its lines with "\r" alone). The one rule for every line count.
bool ends_line(std::string_view text, size_t i);

// The mark of byte `offset` of `text` (columns count bytes).
Mark mark_at(std::string_view text, size_t offset);

// Line `line` (1-based) of `text`, without its newline; empty when out of range.
std::string line_of(std::string_view text, int line);

// The line and column (1-based, in bytes) of byte `offset` of `text`.
Mark mark_at(std::string_view text, size_t offset);

}  // namespace wfgen::data
