#include "data/document.h"

namespace wfgen::data {

Mark Document::value_mark(std::string_view ptr) const {
  std::string p(ptr);
  for (;;) {
    auto it = value_marks_.find(p);
    if (it != value_marks_.end()) return it->second;
    if (p.empty()) return {};
    p.erase(p.rfind('/'));
  }
}

Mark Document::key_mark(std::string_view ptr) const {
  auto it = key_marks_.find(std::string(ptr));
  return it != key_marks_.end() ? it->second : value_mark(ptr);
}

DataError Document::error_at(std::string_view ptr, std::string message, bool at_key) const {
  return error_at(at_key ? key_mark(ptr) : value_mark(ptr), std::move(message));
}

DataError Document::error_at(Mark m, std::string message) const {
  return DataError(file_, m, std::move(message), line_of(text_, m.line));
}

std::string pointer_child(std::string_view ptr, std::string_view key) {
  std::string out(ptr);
  out += '/';
  for (char c : key) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

std::string pointer_child(std::string_view ptr, size_t index) {
  return std::string(ptr) + '/' + std::to_string(index);
}

}  // namespace wfgen::data
