#include "jinja/error.h"

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
  for (const auto& from : chain_) {
    out += "  included from " + from.file + ":" + std::to_string(from.line) + ":" +
           std::to_string(from.col) + "\n";
  }
  return out;
}

}  // namespace wfgen::jinja
