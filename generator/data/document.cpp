#include "data/document.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <utility>
#include <vector>

#include "data/json_free.h"
#include "jinja/python/unicode.h"
#include "yaml/tree.h"

namespace wfgen::data {

namespace {

// The next reference token of a JSON pointer (unescaped), consumed from `ptr`.
bool next_token(std::string_view& ptr, std::string& token) {
  if (ptr.empty() || ptr[0] != '/') return false;
  ptr.remove_prefix(1);
  size_t end = ptr.find('/');
  std::string_view raw = ptr.substr(0, end);
  ptr.remove_prefix(end == std::string_view::npos ? ptr.size() : end);
  token.clear();
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '~' && i + 1 < raw.size() && (raw[i + 1] == '0' || raw[i + 1] == '1')) {
      token += raw[i + 1] == '0' ? '~' : '/';
      ++i;
    } else {
      token += raw[i];
    }
  }
  return true;
}

// The node a pointer names, as far as it exists: `found` is false when the walk stopped
// at an ancestor. `key` is the key node of the last step when it was a mapping member.
struct Walk {
  const yaml::Node* node = nullptr;
  const yaml::Node* key = nullptr;
  bool found = true;
};

Walk walk(const yaml::Node* root, std::string_view ptr) {
  Walk w{root, nullptr, root != nullptr};
  std::string token;
  while (w.node && next_token(ptr, token)) {
    const yaml::Node& n = w.node->resolved();
    const yaml::Node* next = nullptr;
    const yaml::Node* key = nullptr;
    if (n.is_mapping()) {
      if (const yaml::Pair* p = n.find_pair(token)) next = p->value, key = p->key;
    } else if (n.is_sequence()) {
      size_t index = 0;
      auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), index);
      if (ec == std::errc() && end == token.data() + token.size() && index < n.items().size())
        next = n.items()[index];
    }
    if (!next) {
      w.found = false;
      w.key = nullptr;
      return w;
    }
    w.node = next;
    w.key = key;
  }
  return w;
}

const std::shared_ptr<const std::string>& empty_text() {
  static const auto empty = std::make_shared<const std::string>();
  return empty;
}

}  // namespace

Document::Document() : text_(empty_text()) {}

Document::~Document() { free_json(root_); }

Document::Document(std::string file, std::string text)
    : file_(std::move(file)), text_(std::make_shared<const std::string>(std::move(text))) {}

Mark Document::value_mark(std::string_view ptr) const {
  if (tree_) {
    Walk w = walk(tree_->root(), ptr);
    return w.node ? w.node->mark() : Mark{};
  }
  std::string p(ptr);
  for (;;) {
    auto it = value_marks_.find(p);
    if (it != value_marks_.end()) return it->second;
    if (p.empty()) return {};
    p.erase(p.rfind('/'));
  }
}

Mark Document::key_mark(std::string_view ptr) const {
  if (tree_) {
    Walk w = walk(tree_->root(), ptr);
    if (w.found && w.key) return w.key->mark();
    return w.node ? w.node->mark() : Mark{};
  }
  auto it = key_marks_.find(std::string(ptr));
  return it != key_marks_.end() ? it->second : value_mark(ptr);
}

Mark Document::mark_within(std::string_view ptr, std::string_view value, int line, int col) const {
  Mark start = value_mark(ptr);
  if (start.line <= 0 || line <= 0 || col <= 0) return start;
  std::string_view want = value;
  for (int l = 1; l < line; ++l) {
    size_t nl = want.find('\n');
    if (nl == std::string_view::npos) return start;
    want.remove_prefix(nl + 1);
  }
  want = want.substr(0, want.find('\n'));
  // The byte of code point `col` in `want` (template columns count characters).
  const size_t col_at = jinja::utf8::byte_offset(want, static_cast<size_t>(col - 1));
  // The file lines the value may span, from its start: one per line of it, one per space (a
  // folded or multi-line scalar joins lines with one), and a block scalar's header line.
  const std::string_view text = *text_;
  size_t lines_left = 2;
  for (char c : value) lines_left += c == '\n' || c == ' ';
  std::vector<std::pair<int, std::string_view>> lines;  // (number, text), read once
  size_t at = 0;
  for (int l = 1; l < start.line && at < text.size(); ++at)
    if (ends_line(text, at)) ++l;
  for (int l = start.line; lines_left-- > 0 && at <= text.size(); ++l) {
    size_t end = at;
    while (end < text.size() && !ends_line(text, end)) ++end;
    std::string_view file_line = text.substr(at, end - at);
    if (l == start.line)
      file_line.remove_prefix(std::min(file_line.size(), size_t(start.col - 1)));
    lines.emplace_back(l, file_line);
    if (end == text.size()) break;
    at = end + 1;
  }
  // Where `piece` is first found on those lines, as a byte column.
  auto find = [&](std::string_view piece) -> std::optional<Mark> {
    for (const auto& [l, file_line] : lines) {
      size_t found = file_line.find(piece);
      if (found == std::string_view::npos) continue;
      const size_t skipped = l == start.line ? size_t(start.col - 1) : 0;
      return Mark{l, static_cast<int>(skipped + found + 1)};
    }
    return std::nullopt;
  };
  // The value's line as written: the column is as far into it.
  if (auto m = find(want)) return Mark{m->line, m->col + static_cast<int>(col_at)};
  // Not as written (a folded or multi-line scalar joins lines, an escape is read as what it
  // stands for): the rest of the line from the column often is, and is where it points.
  constexpr size_t kShortest = 4;  // shorter would match by chance
  std::string_view rest = want.substr(col_at);
  if (rest.size() >= kShortest)
    if (auto m = find(rest)) return *m;
  return start;
}

DataError Document::error_at(std::string_view ptr, std::string message, bool at_key) const {
  return error_at(at_key ? key_mark(ptr) : value_mark(ptr), std::move(message));
}

DataError Document::error_at(Mark m, std::string message) const {
  return DataError(file_, m, std::move(message), line_of(*text_, m.line));
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

const Json* find_pointer(const Json& root, std::string_view ptr) {
  const Json* at = &root;
  std::string unescaped;  // a token with '~' in it, unescaped
  while (!ptr.empty()) {
    if (ptr[0] != '/') return nullptr;
    const size_t end = std::min(ptr.find('/', 1), ptr.size());
    std::string_view token = ptr.substr(1, end - 1);
    ptr.remove_prefix(end);
    if (at->is_object()) {
      if (token.find('~') != std::string_view::npos) {
        unescaped.clear();
        for (size_t i = 0; i < token.size(); ++i) {
          if (token[i] != '~') {
            unescaped += token[i];
          } else if (i + 1 < token.size() && (token[i + 1] == '0' || token[i + 1] == '1')) {
            unescaped += token[++i] == '0' ? '~' : '/';
          } else {
            return nullptr;
          }
        }
        token = unescaped;
      }
      auto it = at->find(token);
      if (it == at->end()) return nullptr;
      at = &*it;
    } else if (at->is_array()) {
      // An index: digits, no leading zero.
      if (token.empty() || token.size() > 19 || (token.size() > 1 && token[0] == '0')) return nullptr;
      size_t index = 0;
      for (char c : token) {
        if (c < '0' || c > '9') return nullptr;
        index = index * 10 + static_cast<size_t>(c - '0');
      }
      if (index >= at->size()) return nullptr;
      at = &(*at)[index];
    } else {
      return nullptr;
    }
  }
  return at;
}

}  // namespace wfgen::data
