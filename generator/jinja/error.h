// TemplateError: every failure of loading, parsing or rendering a template.
// It carries the position (file:line:col) where the problem is, the source line for
// the caret excerpt, and the chain of includes/imports that led there.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace wfgen::jinja {

enum class ErrorKind {
  Syntax,     // TemplateSyntaxError
  Assertion,  // TemplateAssertionError (unknown filter/test at compile time)
  Undefined,  // UndefinedError
  Type,       // TypeError
  Value,      // ValueError
  Runtime,    // TemplateRuntimeError, ZeroDivisionError, IndexError...
  NotFound,   // TemplateNotFound
  Security,   // a path that escapes the search dirs
  Limit,      // a limit of limits.h (nesting, sizes): never caught by the template
};

struct SourceLoc {
  std::string file;  // template name as the user wrote it
  int line = 0;      // 1-based; 0 when unknown
  int col = 0;       // 1-based
};

class TemplateError : public std::exception {
 public:
  TemplateError(ErrorKind kind, std::string message) : kind_(kind), message_(std::move(message)) {}

  ErrorKind kind() const { return kind_; }
  const std::string& message() const { return message_; }
  const SourceLoc& where() const { return where_; }
  bool located() const { return where_.line > 0; }
  const std::string& source_line() const { return source_line_; }
  const std::vector<SourceLoc>& chain() const { return chain_; }

  void locate(SourceLoc loc, std::string source_line) {
    where_ = std::move(loc);
    source_line_ = std::move(source_line);
  }
  // Records that the failing template was reached from `from` (include/import/extends).
  void add_chain(SourceLoc from) { chain_.push_back(std::move(from)); }

  const char* what() const noexcept override { return message_.c_str(); }

  // "file:line:col: error: message\n  excerpt\n  ^\n  included from file:line:col\n"
  std::string format() const;

 private:
  ErrorKind kind_;
  std::string message_;
  SourceLoc where_;
  std::string source_line_;
  std::vector<SourceLoc> chain_;
};

// The excerpt under an error's first line: `indent`, the source line, then `indent` and a
// caret under column `col` (1-based, in code points, as template errors count). A long
// line (a generated template, a minified JSON file) shows only a window around the
// column, cut at "...". Control characters show as '?'.
std::string caret_excerpt(std::string_view line, int col, std::string_view indent);

[[noreturn]] void throw_error(ErrorKind kind, std::string message);
[[noreturn]] inline void throw_type_error(std::string message) {
  throw_error(ErrorKind::Type, std::move(message));
}

}  // namespace wfgen::jinja
