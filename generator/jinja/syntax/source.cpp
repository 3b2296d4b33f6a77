#include "jinja/syntax/source.h"

#include <algorithm>

#include "jinja/python/unicode.h"

namespace wfgen::jinja {

SourceFile::SourceFile(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (size_t i = text_.find('\n'); i != std::string::npos; i = text_.find('\n', i + 1))
    line_starts_.push_back(static_cast<uint32_t>(i + 1));
}

SourceLoc SourceFile::loc(uint32_t pos) const {
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), pos);
  size_t line = static_cast<size_t>(it - line_starts_.begin());  // 1-based
  uint32_t start = line_starts_[line - 1];
  std::string_view before(text_.data() + start, std::min<size_t>(pos, text_.size()) - start);
  return SourceLoc{name_, static_cast<int>(line), static_cast<int>(utf8::length(before)) + 1};
}

std::string SourceFile::line_text(uint32_t pos) const {
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), pos);
  uint32_t start = *(it - 1);
  size_t end = text_.find('\n', start);
  if (end == std::string::npos) end = text_.size();
  return text_.substr(start, end - start);
}

TemplateError SourceFile::error(ErrorKind kind, std::string message, uint32_t pos) const {
  TemplateError e(kind, std::move(message));
  e.locate(loc(pos), line_text(pos));
  return e;
}

}  // namespace wfgen::jinja
