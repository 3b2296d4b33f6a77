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

Mark Document::mark_within(std::string_view ptr, std::string_view value, int line, int col) const {
  Mark start = value_mark(ptr);
  if (start.line <= 0 || line <= 0 || col <= 0) return start;
  std::string_view want = value;
  int value_lines = 1;
  for (size_t i = 0; i < value.size(); ++i) value_lines += value[i] == '\n';
  for (int l = 1; l < line; ++l) {
    size_t nl = want.find('\n');
    if (nl == std::string_view::npos) return start;
    want.remove_prefix(nl + 1);
  }
  want = want.substr(0, want.find('\n'));
  // The value's lines follow its start (a block scalar's first line is the next one).
  for (int l = start.line; l <= start.line + value_lines; ++l) {
    std::string file_line = line_of(text_, l);
    size_t from = l == start.line ? static_cast<size_t>(start.col - 1) : 0;
    if (from > file_line.size()) continue;
    size_t at = file_line.find(want, from);
    if (at != std::string::npos) return Mark{l, static_cast<int>(at) + col};
  }
  return start;
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
