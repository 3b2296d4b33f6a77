#include "yaml/scanner.h"

#include <algorithm>
#include <cstring>

#include "yaml/chars.h"

namespace wfgen::yaml {

// The decoded value of the scalar being scanned. While it is one piece of the text it stays
// a view (no copy); a piece elsewhere, an escape or a fold moves it into the buffer. With
// `origins`, every byte's source offset is recorded as well.
class Scanner::Value {
 public:
  Value(const char* data, std::string& buffer, std::vector<uint32_t>* origins)
      : data_(data), buffer_(buffer), origins_(origins) {
    buffer_.clear();
    buffered_ = origins != nullptr;
  }

  // `len` bytes of the text at `offset`, verbatim.
  void text(size_t offset, size_t len) {
    if (!buffered_ && !has_view_) {
      view_offset_ = offset, view_len_ = len, has_view_ = true;
      return;
    }
    // The piece right after the view (the words of `a b c`, the spaces between them).
    if (!buffered_ && offset == view_offset_ + view_len_) {
      view_len_ += len;
      return;
    }
    buffer();
    buffer_.append(data_ + offset, len);
    if (origins_)
      for (size_t i = 0; i < len; ++i) origins_->push_back(static_cast<uint32_t>(offset + i));
  }
  // Bytes that are not in the text as such (a fold, an escape), coming from `offset`.
  void put(std::string_view bytes, size_t offset) {
    buffer();
    buffer_.append(bytes);
    if (origins_) origins_->insert(origins_->end(), bytes.size(), static_cast<uint32_t>(offset));
  }
  void put(char c, size_t offset) { put(std::string_view(&c, 1), offset); }

  size_t size() const { return buffered_ ? buffer_.size() : view_len_; }
  // The value: a view into the text, or a copy of the buffer in the arena.
  std::string_view finish(Arena& arena) const {
    if (!buffered_) return {data_ + view_offset_, has_view_ ? view_len_ : 0};
    return arena.copy(buffer_);
  }

 private:
  void buffer() {
    if (buffered_) return;
    buffered_ = true;
    if (has_view_) buffer_.assign(data_ + view_offset_, view_len_);
  }

  const char* data_;
  std::string& buffer_;
  std::vector<uint32_t>* origins_;
  bool buffered_ = false;
  bool has_view_ = false;
  size_t view_offset_ = 0;
  size_t view_len_ = 0;
};

Scanner::Scanner(std::string_view text, Arena& arena, Reporter& reporter,
                 const ParseOptions& options)
    : data_(text.data()),
      size_(text.size()),
      arena_(arena),
      reporter_(reporter),
      options_(options) {
  simple_keys_.resize(1);
  queue_.reserve(16);
  // A byte order mark is not content; columns count from after it.
  if (size_ >= 3 && std::memcmp(data_, "\xEF\xBB\xBF", 3) == 0) pos_ = line_start_ = 3;
  push(Tok::StreamStart, static_cast<uint32_t>(pos_), static_cast<uint32_t>(pos_));
}

// ---------------------------------------------------------------- positions and errors

Mark Scanner::mark_of(uint32_t offset) const {
  if (offset >= line_start_) return {static_cast<int>(line_), static_cast<int>(offset - line_start_) + 1};
  // Count the line breaks between `offset` and the current line.
  uint32_t line = line_;
  size_t i = line_start_;
  while (i > offset) {
    --i;
    if (data_[i] == '\n' || (data_[i] == '\r' && (i + 1 >= size_ || data_[i + 1] != '\n'))) --line;
  }
  size_t start = offset;
  while (start > 0 && data_[start - 1] != '\n' && data_[start - 1] != '\r') --start;
  return {static_cast<int>(line), static_cast<int>(offset - start) + 1};
}

void Scanner::fail(uint32_t offset, std::string message) const {
  reporter_.fail(DiagKind::Syntax, offset, mark_of(offset), std::move(message));
}

std::string Scanner::describe(char c) const {
  if (c == '\0') return "the end of the input";
  if (c == '\n' || c == '\r') return "a line break";
  if (c == '\t') return "a tab";
  return std::string("'") + c + "'";
}

bool Scanner::skip_break() {
  char c = cur();
  if (c == '\n') {
    ++pos_;
  } else if (c == '\r') {
    ++pos_;
    if (cur() == '\n') ++pos_;
  } else {
    return false;
  }
  ++line_;
  line_start_ = pos_;
  return true;
}

bool Scanner::at_document_marker() const {
  if (pos_ != line_start_ || pos_ + 3 > size_) return false;
  const char* p = data_ + pos_;
  return ((p[0] == '-' && p[1] == '-' && p[2] == '-') || (p[0] == '.' && p[1] == '.' && p[2] == '.')) &&
         is_blankz(at(3));
}

// ---------------------------------------------------------------- the token queue

bool Scanner::need_more_tokens() {
  if (done_) return false;
  if (head_ == queue_.size()) return true;
  if (possible_keys_ == 0) return false;
  // A token that may still become a key cannot be handed out before we know.
  stale_simple_keys();
  return possible_keys_ > 0 && next_simple_key_token() == taken_;
}

void Scanner::fill() {
  if (head_ == queue_.size()) queue_.clear(), head_ = 0;
  do fetch_more_tokens();
  while (need_more_tokens());
}

void Scanner::push(Tok type, uint32_t begin, uint32_t end) {
  Token t;
  t.type = type;
  t.begin = begin;
  t.end = end;
  Mark m = mark_of(begin);
  t.line = static_cast<uint32_t>(m.line);
  t.col = static_cast<uint32_t>(m.col);
  queue_.push_back(t);
}

void Scanner::push_indicator(Tok type, size_t width) {
  uint32_t begin = static_cast<uint32_t>(pos_);
  pos_ += width;
  push(type, begin, static_cast<uint32_t>(pos_));
}

// ---------------------------------------------------------------- simple keys

size_t Scanner::next_simple_key_token() const {
  size_t best = SIZE_MAX;
  for (int level = 0; level <= flow_level_; ++level) {
    const SimpleKey& k = simple_keys_[static_cast<size_t>(level)];
    if (k.possible && k.token_number < best) best = k.token_number;
  }
  return best;
}

void Scanner::stale_simple_keys() {
  if (possible_keys_ == 0) return;
  for (int level = 0; level <= flow_level_; ++level) {
    SimpleKey& k = simple_keys_[static_cast<size_t>(level)];
    if (!k.possible) continue;
    if (k.line != line_ || pos_ > k.offset + 1024) {
      if (k.required) fail(k.offset, "could not find expected ':' after this key");
      k.possible = false;
      --possible_keys_;
    }
  }
}

void Scanner::save_simple_key() {
  // A key at the block indentation must be a key: its ':' is required.
  bool required = flow_level_ == 0 && indent_ == col0();
  if (!allow_simple_key_) return;
  remove_simple_key();
  SimpleKey& k = simple_keys_[flow_level_];
  k.possible = true;
  k.required = required;
  k.token_number = taken_ + (queue_.size() - head_);
  k.offset = static_cast<uint32_t>(pos_);
  k.line = line_;
  k.col0 = col0();
  ++possible_keys_;
}

void Scanner::remove_simple_key() {
  SimpleKey& k = simple_keys_[flow_level_];
  if (!k.possible) return;
  if (k.required) fail(k.offset, "could not find expected ':' after this key");
  k.possible = false;
  --possible_keys_;
}

// ---------------------------------------------------------------- indentation

void Scanner::unwind_indent(int col) {
  if (flow_level_) return;
  while (indent_ > col) {
    push(Tok::BlockEnd, static_cast<uint32_t>(pos_), static_cast<uint32_t>(pos_));
    indent_ = indents_.back();
    indents_.pop_back();
  }
}

bool Scanner::add_indent(int col, size_t at) {
  if (indent_ >= col) return false;
  if (indents_.size() + static_cast<size_t>(flow_level_) >= options_.max_depth)
    reporter_.fail(DiagKind::Limit, static_cast<uint32_t>(at), mark_of(static_cast<uint32_t>(at)),
                   depth_limit_message(options_));
  indents_.push_back(indent_);
  indent_ = col;
  return true;
}

// ---------------------------------------------------------------- dispatch

void Scanner::scan_to_next_token() {
  for (;;) {
    size_t tab = SIZE_MAX;
    for (;;) {
      char c = cur();
      if (c == ' ') {
        ++pos_;
      } else if (c == '\t') {
        if (tab == SIZE_MAX) tab = pos_;
        ++pos_;
      } else {
        break;
      }
    }
    if (cur() == '#') {
      const void* nl = std::memchr(data_ + pos_, '\n', size_ - pos_);
      size_t end = nl ? static_cast<const char*>(nl) - data_ : size_;
      const void* cr = std::memchr(data_ + pos_, '\r', end - pos_);
      pos_ = cr ? static_cast<const char*>(cr) - data_ : end;
    }
    if (skip_break()) {
      if (flow_level_ == 0) allow_simple_key_ = true;
      continue;
    }
    // A tab in the indentation of a block line that has content (YAML forbids it: tabs
    // have no width). Tabs after other content on the line are separation, and allowed.
    if (tab != SIZE_MAX && flow_level_ == 0 && pos_ < size_) {
      bool indentation = true;
      for (size_t i = line_start_; i < tab; ++i)
        if (data_[i] != ' ') indentation = false;
      if (indentation)
        reporter_.report(DiagKind::Tab, static_cast<uint32_t>(tab), mark_of(static_cast<uint32_t>(tab)),
                         "tabs are not allowed in indentation");
    }
    return;
  }
}

void Scanner::fetch_more_tokens() {
  scan_to_next_token();
  stale_simple_keys();
  unwind_indent(col0());
  if (pos_ >= size_) return fetch_stream_end();
  char c = data_[pos_];
  if (col0() == 0) {
    if (c == '%') return fetch_directive();
    if ((c == '-' || c == '.') && at_document_marker())
      return fetch_document_indicator(c == '-' ? Tok::DocumentStart : Tok::DocumentEnd);
  }
  switch (c) {
    case '[': return fetch_flow_collection_start(Tok::FlowSequenceStart);
    case '{': return fetch_flow_collection_start(Tok::FlowMappingStart);
    case ']': return fetch_flow_collection_end(Tok::FlowSequenceEnd);
    case '}': return fetch_flow_collection_end(Tok::FlowMappingEnd);
    case ',': return fetch_flow_entry();
    case '-':
      if (is_blankz(at(1))) return fetch_block_entry();
      break;
    case '?':
      if (flow_level_ || is_blankz(at(1))) return fetch_key();
      break;
    case ':':
      if (flow_level_ || is_blankz(at(1))) return fetch_value();
      break;
    case '*': return fetch_anchor(Tok::Alias);
    case '&': return fetch_anchor(Tok::Anchor);
    case '!': return fetch_tag();
    case '|':
      if (!flow_level_) return fetch_block_scalar(false);
      break;
    case '>':
      if (!flow_level_) return fetch_block_scalar(true);
      break;
    case '\'': return fetch_flow_scalar(false);
    case '"': return fetch_flow_scalar(true);
    default: break;
  }
  if (check_plain()) return fetch_plain();
  if (c == '@' || c == '`')
    fail_here(describe(c) + " is reserved and cannot start a plain scalar; quote the value");
  if (c == '\t') fail_here("unexpected tab");
  fail_here("unexpected character " + describe(c));
}

bool Scanner::check_plain() const {
  char c = cur();
  if (!(char_class(c) & kIndicator)) return true;
  // '-', '?' and ':' start a plain scalar when a non-space follows ('-1', ':x').
  return !is_blankz(at(1)) && (c == '-' || (!flow_level_ && (c == '?' || c == ':')));
}

// ---------------------------------------------------------------- indicators

void Scanner::fetch_stream_end() {
  unwind_indent(-1);
  remove_simple_key();
  allow_simple_key_ = false;
  for (SimpleKey& k : simple_keys_) k.possible = false;
  possible_keys_ = 0;
  push(Tok::StreamEnd, static_cast<uint32_t>(pos_), static_cast<uint32_t>(pos_));
  done_ = true;
}

void Scanner::fetch_document_indicator(Tok type) {
  unwind_indent(-1);
  remove_simple_key();
  allow_simple_key_ = false;
  push_indicator(type, 3);
}

void Scanner::fetch_flow_collection_start(Tok type) {
  save_simple_key();
  if (indents_.size() + static_cast<size_t>(flow_level_) >= options_.max_depth)
    reporter_.fail(DiagKind::Limit, static_cast<uint32_t>(pos_), mark(),
                   depth_limit_message(options_));
  ++flow_level_;
  if (simple_keys_.size() <= static_cast<size_t>(flow_level_)) simple_keys_.emplace_back();
  allow_simple_key_ = true;
  push_indicator(type, 1);
}

void Scanner::fetch_flow_collection_end(Tok type) {
  remove_simple_key();
  if (flow_level_ > 0) --flow_level_;
  allow_simple_key_ = false;
  push_indicator(type, 1);
}

void Scanner::fetch_flow_entry() {
  allow_simple_key_ = true;
  remove_simple_key();
  push_indicator(Tok::FlowEntry, 1);
}

void Scanner::fetch_block_entry() {
  if (!flow_level_) {
    if (!allow_simple_key_) fail_here("a block sequence entry ('- ') is not allowed here");
    if (add_indent(col0(), pos_)) push(Tok::BlockSequenceStart, static_cast<uint32_t>(pos_), static_cast<uint32_t>(pos_));
  }
  allow_simple_key_ = true;
  remove_simple_key();
  push_indicator(Tok::BlockEntry, 1);
}

void Scanner::fetch_key() {
  if (!flow_level_) {
    if (!allow_simple_key_) fail_here("a mapping key ('? ') is not allowed here");
    if (add_indent(col0(), pos_)) push(Tok::BlockMappingStart, static_cast<uint32_t>(pos_), static_cast<uint32_t>(pos_));
  }
  allow_simple_key_ = flow_level_ == 0;
  remove_simple_key();
  push_indicator(Tok::Key, 1);
}

void Scanner::fetch_value() {
  SimpleKey& k = simple_keys_[flow_level_];
  if (k.possible) {
    // The token the key started at becomes a key: insert KEY (and maybe the start of a
    // block mapping) before it.
    k.possible = false;
    --possible_keys_;
    size_t at_index = head_ + (k.token_number - taken_);
    Token key;
    key.type = Tok::Key;
    key.begin = key.end = k.offset;
    key.line = k.line;
    key.col = static_cast<uint32_t>(k.col0 + 1);
    queue_.insert(queue_.begin() + static_cast<ptrdiff_t>(at_index), key);
    if (!flow_level_ && add_indent(k.col0, k.offset)) {
      Token start = key;
      start.type = Tok::BlockMappingStart;
      queue_.insert(queue_.begin() + static_cast<ptrdiff_t>(at_index), start);
    }
    allow_simple_key_ = false;
  } else {
    if (!flow_level_) {
      if (!allow_simple_key_) fail_here("a mapping value (': ') is not allowed here");
      if (add_indent(col0(), pos_)) push(Tok::BlockMappingStart, static_cast<uint32_t>(pos_), static_cast<uint32_t>(pos_));
    }
    allow_simple_key_ = flow_level_ == 0;
    remove_simple_key();
  }
  push_indicator(Tok::Value, 1);
}

// ---------------------------------------------------------------- directives

void Scanner::fetch_directive() {
  unwind_indent(-1);
  remove_simple_key();
  allow_simple_key_ = false;
  uint32_t start = static_cast<uint32_t>(pos_);
  ++pos_;
  size_t name_start = pos_;
  while (is_word_char(cur())) ++pos_;
  std::string_view name(data_ + name_start, pos_ - name_start);
  if (name.empty() || !is_blankz(cur())) fail(start, "expected a directive name after '%'");
  if (name == "YAML") {
    while (is_blank(cur())) ++pos_;
    size_t v = pos_;
    while (is_digit(cur())) ++pos_;
    bool ok = pos_ > v && cur() == '.';
    if (ok) {
      ++pos_;
      size_t minor = pos_;
      while (is_digit(cur())) ++pos_;
      ok = pos_ > minor && is_blankz(cur());
    }
    if (!ok) fail(static_cast<uint32_t>(v), "expected a version number like '1.2' after %YAML");
    push(Tok::VersionDirective, start, static_cast<uint32_t>(pos_));
    queue_.back().value = std::string_view(data_ + v, pos_ - v);
  } else if (name == "TAG") {
    while (is_blank(cur())) ++pos_;
    std::string_view handle = scan_tag_handle();
    if (!is_blank(cur())) fail_here("expected a space after the tag handle");
    while (is_blank(cur())) ++pos_;
    std::string_view prefix = scan_tag_uri(true);
    if (prefix.empty()) fail_here("expected a tag prefix after the tag handle");
    if (!is_blankz(cur())) fail_here("expected a space after the tag prefix");
    push(Tok::TagDirective, start, static_cast<uint32_t>(pos_));
    queue_.back().handle = handle;
    queue_.back().value = prefix;
  } else {
    // Reserved directives are ignored, as the spec asks.
    while (!is_breakz(cur())) ++pos_;
  }
  while (is_blank(cur())) ++pos_;
  if (cur() == '#')
    while (!is_breakz(cur())) ++pos_;
  if (!is_breakz(cur())) fail_here("expected a comment or a line break after the directive");
  skip_break();
}

// ---------------------------------------------------------------- anchors and tags

void Scanner::fetch_anchor(Tok type) {
  save_simple_key();
  allow_simple_key_ = false;
  uint32_t start = static_cast<uint32_t>(pos_);
  ++pos_;
  size_t name = pos_;
  // YAML 1.2 anchor names: any non-space characters but flow indicators; a ':' that is
  // followed by a space ends the name (`*a: value` is an alias key).
  for (;;) {
    char c = cur();
    if (is_blankz(c) || is_flow_indicator(c)) break;
    if (c == ':' && (is_blankz(at(1)) || (flow_level_ && is_flow_indicator(at(1))))) break;
    ++pos_;
  }
  if (pos_ == name)
    fail(start, type == Tok::Alias ? "expected an alias name after '*'" : "expected an anchor name after '&'");
  push(type, start, static_cast<uint32_t>(pos_));
  queue_.back().value = std::string_view(data_ + name, pos_ - name);
}

std::string_view Scanner::scan_tag_handle() {
  // '!', '!!' or '!word!'
  size_t start = pos_;
  if (cur() != '!') fail_here("expected '!' to start a tag handle");
  ++pos_;
  while (is_word_char(cur())) ++pos_;
  if (cur() == '!') {
    ++pos_;
  } else if (pos_ != start + 1) {
    fail_here("expected '!' to end the tag handle");
  }
  return {data_ + start, pos_ - start};
}

std::string_view Scanner::scan_tag_uri(bool in_directive) {
  size_t start = pos_;
  bool escaped = false;
  for (;;) {
    char c = cur();
    if (c == '%') {
      if (!is_hex(at(1)) || !is_hex(at(2))) fail_here("expected a URI escape like '%21'");
      escaped = true;
      pos_ += 3;
    } else if (is_uri_char(c) && !(flow_level_ && !in_directive && is_flow_indicator(c))) {
      ++pos_;
    } else {
      break;
    }
  }
  std::string_view raw(data_ + start, pos_ - start);
  if (!escaped) return raw;
  std::string out;
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '%') {
      out += static_cast<char>(hex_value(raw[i + 1]) * 16 + hex_value(raw[i + 2]));
      i += 2;
    } else {
      out += raw[i];
    }
  }
  return arena_.copy(out);
}

void Scanner::fetch_tag() {
  save_simple_key();
  allow_simple_key_ = false;
  uint32_t start = static_cast<uint32_t>(pos_);
  std::string_view handle, suffix;
  if (at(1) == '<') {
    // Verbatim: !<tag:yaml.org,2002:str>
    pos_ += 2;
    suffix = scan_tag_uri(true);
    if (suffix.empty() || cur() != '>') fail_here("expected '>' to end a verbatim tag");
    ++pos_;
    handle = {};
  } else {
    // A handle when a second '!' comes before the end of the tag: !!str, !e!foo; else the
    // primary handle: !foo, and a lone '!' (the non-specific tag).
    size_t i = 1;
    bool has_handle = false;
    for (char c = at(1); !is_blankz(c); c = at(++i)) {
      if (c == '!') {
        has_handle = true;
        break;
      }
      if (!is_word_char(c)) break;
    }
    if (has_handle) {
      handle = scan_tag_handle();
    } else {
      handle = std::string_view(data_ + pos_, 1);
      ++pos_;
    }
    suffix = scan_tag_uri(false);
  }
  char c = cur();
  if (!is_blankz(c) && !(flow_level_ && (c == ',' || c == ']' || c == '}')))
    fail_here("expected a space after the tag, not " + describe(c));
  push(Tok::Tag, start, static_cast<uint32_t>(pos_));
  queue_.back().handle = handle;
  queue_.back().value = suffix;
}

// ---------------------------------------------------------------- scalars

void Scanner::finish_scalar(Token& t, Value& out) {
  if (out.size() > options_.max_scalar_bytes)
    reporter_.fail(DiagKind::Limit, t.begin, t.mark(),
                   "scalar of " + std::to_string(out.size()) + " bytes, more than the limit of " +
                       std::to_string(options_.max_scalar_bytes));
  t.value = out.finish(arena_);
}

void Scanner::fetch_block_scalar(bool folded) {
  allow_simple_key_ = true;
  remove_simple_key();
  queue_.push_back(scan_block_scalar(folded, nullptr));
}

void Scanner::fetch_flow_scalar(bool double_quoted) {
  save_simple_key();
  allow_simple_key_ = false;
  queue_.push_back(scan_flow_scalar(double_quoted, nullptr));
}

void Scanner::fetch_plain() {
  save_simple_key();
  allow_simple_key_ = false;
  queue_.push_back(scan_plain(nullptr));
}

Token Scanner::scan_block_scalar(bool folded, std::vector<uint32_t>* origins) {
  Token t;
  t.type = Tok::Scalar;
  t.style = folded ? Style::Folded : Style::Literal;
  t.begin = static_cast<uint32_t>(pos_);
  Mark m = mark();
  t.line = static_cast<uint32_t>(m.line);
  t.col = static_cast<uint32_t>(m.col);
  t.scan_indent = indent_;
  ++pos_;

  // Header: chomping (+ keep, - strip, default clip) and indentation indicator, any order.
  int chomping = 0, increment = 0;
  for (int i = 0; i < 2; ++i) {
    char c = cur();
    if ((c == '+' || c == '-') && chomping == 0) {
      chomping = c == '+' ? 1 : -1;
      ++pos_;
    } else if (is_digit(c) && increment == 0) {
      if (c == '0') fail_here("the indentation indicator of a block scalar must be 1-9, not 0");
      increment = c - '0';
      ++pos_;
    }
  }
  if (!is_blankz(cur()))
    fail_here("expected a chomping or indentation indicator, not " + describe(cur()));
  while (is_blank(cur())) ++pos_;
  if (cur() == '#')
    while (!is_breakz(cur())) ++pos_;
  if (!is_breakz(cur()))
    fail_here("expected a comment or a line break after the block scalar header, not " +
              describe(cur()));
  skip_break();
  uint32_t end = static_cast<uint32_t>(pos_);

  int min_indent = std::max(indent_ + 1, 1);
  int indent;
  breaks_.clear();
  if (increment == 0) {
    indent = std::max(min_indent, scan_block_scalar_indentation());
  } else {
    indent = min_indent + increment - 1;
    scan_block_scalar_breaks(indent);
  }

  Value out(data_, buffer_, origins);
  out.put("", pos_);  // block scalars are always built
  size_t line_break = SIZE_MAX;  // offset of the last content line's break
  while (col0() == indent && pos_ < size_) {
    for (uint32_t b : breaks_) out.put('\n', b);
    bool leading_non_space = !is_blank(cur());
    size_t s = pos_;
    const void* nl = std::memchr(data_ + pos_, '\n', size_ - pos_);
    size_t e = nl ? static_cast<const char*>(nl) - data_ : size_;
    if (e > s && data_[e - 1] == '\r') --e;
    if (const void* cr = std::memchr(data_ + s, '\r', e - s)) e = static_cast<const char*>(cr) - data_;
    pos_ = e;
    out.text(s, e - s);
    end = static_cast<uint32_t>(e);
    line_break = is_break(cur()) ? pos_ : SIZE_MAX;
    skip_break();
    breaks_.clear();
    scan_block_scalar_breaks(indent);
    if (col0() == indent && pos_ < size_) {
      // Folding: a break between two "normal" lines becomes a space; lines that start with
      // a space (more indented) keep their breaks.
      if (folded && line_break != SIZE_MAX && leading_non_space && !is_blank(cur())) {
        if (breaks_.empty()) out.put(' ', line_break);
      } else if (line_break != SIZE_MAX) {
        out.put('\n', line_break);
      }
    } else {
      break;
    }
  }
  // Chomping: clip keeps the last break, keep also the trailing empty lines, strip none.
  if (chomping != -1 && line_break != SIZE_MAX) out.put('\n', line_break);
  if (chomping == 1)
    for (uint32_t b : breaks_) out.put('\n', b);
  t.end = end;
  finish_scalar(t, out);
  return t;
}

int Scanner::scan_block_scalar_indentation() {
  int max_indent = 0;
  for (;;) {
    char c = cur();
    if (c == ' ') {
      ++pos_;
      max_indent = std::max(max_indent, col0());
    } else if (is_break(c)) {
      breaks_.push_back(static_cast<uint32_t>(pos_));
      skip_break();
    } else {
      return max_indent;
    }
  }
}

void Scanner::scan_block_scalar_breaks(int indent) {
  while (col0() < indent && cur() == ' ') ++pos_;
  while (is_break(cur())) {
    breaks_.push_back(static_cast<uint32_t>(pos_));
    skip_break();
    while (col0() < indent && cur() == ' ') ++pos_;
  }
}

Token Scanner::scan_flow_scalar(bool double_quoted, std::vector<uint32_t>* origins) {
  Token t;
  t.type = Tok::Scalar;
  t.style = double_quoted ? Style::DoubleQuoted : Style::SingleQuoted;
  t.begin = static_cast<uint32_t>(pos_);
  Mark m = mark();
  t.line = static_cast<uint32_t>(m.line);
  t.col = static_cast<uint32_t>(m.col);
  char quote = cur();
  ++pos_;
  Value out(data_, buffer_, origins);
  const uint8_t stop = double_quoted ? kDoubleStop : kSingleStop;
  for (;;) {
    // Non-space runs, quotes and escapes.
    for (;;) {
      size_t s = pos_;
      while (pos_ < size_ && !(char_class(data_[pos_]) & stop)) ++pos_;
      if (pos_ > s) out.text(s, pos_ - s);
      char c = cur();
      if (!double_quoted && c == '\'' && at(1) == '\'') {
        out.put('\'', pos_);
        pos_ += 2;
      } else if (double_quoted && c == '\\') {
        scan_escape(out);
      } else if (c == quote || pos_ >= size_ || is_blank(c) || is_break(c)) {
        break;
      } else {
        out.text(pos_, 1);  // the other quote
        ++pos_;
      }
    }
    if (cur() == quote) break;
    // Whitespace: kept inside a line, folded across lines.
    size_t s = pos_;
    while (is_blank(cur())) ++pos_;
    if (pos_ >= size_)
      fail(t.begin, std::string("unterminated ") + (double_quoted ? "double" : "single") +
                        "-quoted scalar");
    if (is_break(cur())) {
      size_t line_break = pos_;
      skip_break();
      breaks_.clear();
      scan_flow_scalar_breaks(t.begin, double_quoted);
      if (breaks_.empty()) out.put(' ', line_break);
      for (uint32_t b : breaks_) out.put('\n', b);
    } else {
      out.text(s, pos_ - s);
    }
  }
  ++pos_;
  t.end = static_cast<uint32_t>(pos_);
  finish_scalar(t, out);
  return t;
}

void Scanner::scan_flow_scalar_breaks(uint32_t start, bool double_quoted) {
  for (;;) {
    if (at_document_marker())
      fail(start, std::string("unterminated ") + (double_quoted ? "double" : "single") +
                      "-quoted scalar (a document marker at line " + std::to_string(line_) +
                      " ends it)");
    while (is_blank(cur())) ++pos_;
    if (!is_break(cur())) return;
    breaks_.push_back(static_cast<uint32_t>(pos_));
    skip_break();
  }
}

namespace {
void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}
}  // namespace

void Scanner::scan_escape(Value& out) {
  size_t backslash = pos_;
  ++pos_;
  char c = cur();
  std::string_view simple;
  switch (c) {
    case '0': simple = std::string_view("\0", 1); break;
    case 'a': simple = "\a"; break;
    case 'b': simple = "\b"; break;
    case 't':
    case '\t': simple = "\t"; break;
    case 'n': simple = "\n"; break;
    case 'v': simple = "\v"; break;
    case 'f': simple = "\f"; break;
    case 'r': simple = "\r"; break;
    case 'e': simple = "\x1B"; break;
    case ' ': simple = " "; break;
    case '"': simple = "\""; break;
    case '/': simple = "/"; break;
    case '\\': simple = "\\"; break;
    case 'N': simple = "\xC2\x85"; break;
    case '_': simple = "\xC2\xA0"; break;
    case 'L': simple = "\xE2\x80\xA8"; break;
    case 'P': simple = "\xE2\x80\xA9"; break;
    default: break;
  }
  if (!simple.empty()) {
    out.put(simple, backslash);
    ++pos_;
    return;
  }
  if (c == 'x' || c == 'u' || c == 'U') {
    int digits = c == 'x' ? 2 : c == 'u' ? 4 : 8;
    uint32_t cp = 0;
    for (int i = 1; i <= digits; ++i) {
      char h = at(static_cast<size_t>(i));
      if (!is_hex(h))
        fail(static_cast<uint32_t>(backslash), std::string("expected ") + std::to_string(digits) +
                                                   " hex digits after '\\" + c + "'");
      cp = cp * 16 + static_cast<uint32_t>(hex_value(h));
    }
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      fail(static_cast<uint32_t>(backslash), "escape '\\" + std::string(data_ + pos_, digits + 1) +
                                                 "' is not a Unicode scalar value");
    std::string bytes;
    append_utf8(bytes, cp);
    out.put(bytes, backslash);
    pos_ += static_cast<size_t>(digits) + 1;
    return;
  }
  if (is_break(c)) {
    // An escaped line break: the break and the next line's indentation disappear.
    skip_break();
    breaks_.clear();
    scan_flow_scalar_breaks(static_cast<uint32_t>(backslash), true);
    for (uint32_t b : breaks_) out.put('\n', b);
    return;
  }
  if (pos_ >= size_) fail(static_cast<uint32_t>(backslash), "unterminated double-quoted scalar");
  fail(static_cast<uint32_t>(backslash), "unknown escape sequence '\\" + std::string(1, c) + "'");
}

Token Scanner::scan_plain(std::vector<uint32_t>* origins) {
  Token t;
  t.type = Tok::Scalar;
  t.style = Style::Plain;
  t.flow_context = flow_level_ > 0;
  t.scan_indent = indent_;
  t.begin = static_cast<uint32_t>(pos_);
  Mark m = mark();
  t.line = static_cast<uint32_t>(m.line);
  t.col = static_cast<uint32_t>(m.col);
  Value out(data_, buffer_, origins);
  // Continuation lines must be indented more than the enclosing block.
  const int indent = indent_ + 1;
  const uint8_t stop = flow_level_ ? kPlainFlowStop : kPlainBlockStop;
  uint32_t end = t.begin;
  // Whitespace between two runs is only added when a run follows it.
  size_t ws_begin = 0, ws_len = 0, fold_at = 0;
  enum { kNone, kSpaces, kFold } pending_kind = kNone;
  std::vector<uint32_t> fold_breaks;
  for (;;) {
    if (cur() == '#') break;
    size_t s = pos_;
    for (;;) {
      pos_ = static_cast<size_t>(find_plain_stop(data_ + pos_, data_ + size_, stop) - data_);
      if (pos_ < size_ && data_[pos_] == ':') {
        char n = at(1);
        if (!is_blankz(n) && !(flow_level_ && is_flow_indicator(n))) {
          ++pos_;
          continue;
        }
      }
      // One space between two words of the line belongs to the run (names, `if:`
      // expressions); whatever else follows a blank (a comment, more blanks, the line's
      // end, ':' or a flow indicator) is for the code below.
      if (pos_ + 1 < size_ && data_[pos_] == ' ' && !(char_class(data_[pos_ + 1]) & stop) &&
          data_[pos_ + 1] != '#') {
        pos_ += 2;
        continue;
      }
      break;
    }
    if (pos_ == s) break;
    allow_simple_key_ = false;
    if (pending_kind == kSpaces) {
      out.text(ws_begin, ws_len);
    } else if (pending_kind == kFold) {
      if (fold_breaks.empty()) out.put(' ', fold_at);
      for (uint32_t b : fold_breaks) out.put('\n', b);
    }
    out.text(s, pos_ - s);
    end = static_cast<uint32_t>(pos_);

    // Whitespace after the run: spaces within the line, or a fold to the next line.
    size_t w = pos_;
    while (is_blank(cur())) ++pos_;
    if (is_break(cur())) {
      fold_at = pos_;
      skip_break();
      allow_simple_key_ = true;
      if (at_document_marker()) break;
      fold_breaks.clear();
      bool marker = false;
      for (;;) {
        char c = cur();
        if (is_blank(c)) {
          ++pos_;
        } else if (is_break(c)) {
          fold_breaks.push_back(static_cast<uint32_t>(pos_));
          skip_break();
          if (at_document_marker()) {
            marker = true;
            break;
          }
        } else {
          break;
        }
      }
      if (marker) break;
      pending_kind = kFold;
    } else if (pos_ > w) {
      ws_begin = w, ws_len = pos_ - w;
      pending_kind = kSpaces;
    } else {
      break;
    }
    if (cur() == '#' || (!flow_level_ && col0() < indent)) break;
  }
  t.end = end;
  finish_scalar(t, out);
  return t;
}

// ---------------------------------------------------------------- re-decoding

std::vector<uint32_t> Scanner::value_origins(std::string_view text, const Node& scalar) {
  std::vector<uint32_t> origins;
  if (scalar.kind() != Kind::Scalar || scalar.empty()) {
    origins.push_back(scalar.source_begin());
    return origins;
  }
  Arena arena;
  std::vector<Diagnostic> ignored;
  std::string file;
  Reporter reporter(text, file, Mode::Collect, ignored);
  ParseOptions options;
  options.max_scalar_bytes = SIZE_MAX;
  Scanner s(text, arena, reporter, options);
  s.queue_.clear();
  s.pos_ = scalar.source_begin();
  s.line_start_ = s.pos_;
  while (s.line_start_ > 0 && text[s.line_start_ - 1] != '\n' && text[s.line_start_ - 1] != '\r')
    --s.line_start_;
  s.indent_ = scalar.scan_indent();
  s.flow_level_ = scalar.in_flow_context() ? 1 : 0;
  s.simple_keys_.resize(2);
  try {
    switch (scalar.style()) {
      case Style::Plain: s.scan_plain(&origins); break;
      case Style::SingleQuoted: s.scan_flow_scalar(false, &origins); break;
      case Style::DoubleQuoted: s.scan_flow_scalar(true, &origins); break;
      case Style::Literal: s.scan_block_scalar(false, &origins); break;
      case Style::Folded: s.scan_block_scalar(true, &origins); break;
      default: break;
    }
  } catch (const Stop&) {
  }
  origins.push_back(scalar.source_end());
  return origins;
}

}  // namespace wfgen::yaml
