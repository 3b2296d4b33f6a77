// SourceFile: a template's normalised text with its name, and the mapping from byte
// offsets to line:col used by every error message.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "jinja/error.h"

namespace wfgen::jinja {

class SourceFile {
 public:
  SourceFile(std::string name, std::string text);

  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }

  SourceLoc loc(uint32_t pos) const;
  std::string line_text(uint32_t pos) const;  // the whole line containing pos, without '\\n'

  // A TemplateError located at `pos` in this file.
  TemplateError error(ErrorKind kind, std::string message, uint32_t pos) const;
  [[noreturn]] void fail(std::string message, uint32_t pos) const {
    throw error(ErrorKind::Syntax, std::move(message), pos);
  }

 private:
  std::string name_;
  std::string text_;
  std::vector<uint32_t> line_starts_;
};

}  // namespace wfgen::jinja
