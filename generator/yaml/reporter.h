// Reporter: where the scanner, parser and builder send findings. Strict mode throws the
// first error as data::DataError; collect mode records everything, and a terminal error
// (syntax, limit, encoding) unwinds the parse with Stop after being recorded.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "yaml/diagnostic.h"
#include "yaml/options.h"

namespace wfgen::yaml {

// Thrown (collect mode only) to end a parse after a terminal error was recorded.
struct Stop {};

class Reporter {
 public:
  Reporter(std::string_view text, const std::string& file, Mode mode,
           std::vector<Diagnostic>& out)
      : text_(text), file_(file), mode_(mode), out_(out) {}

  bool collecting() const { return mode_ == Mode::Collect; }
  // A finding parsing can go on after: thrown at once in strict mode when it is an error;
  // informational kinds are kept in collect mode only.
  void report(DiagKind kind, uint32_t offset, Mark mark, std::string message);
  // A finding that ends the parse.
  [[noreturn]] void fail(DiagKind kind, uint32_t offset, Mark mark, std::string message);

 private:
  [[noreturn]] void throw_error(Mark mark, std::string message) const;

  std::string_view text_;
  const std::string& file_;
  Mode mode_;
  std::vector<Diagnostic>& out_;
};

}  // namespace wfgen::yaml
