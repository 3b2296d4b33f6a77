#include "yaml/block_reader.h"

#include <cstring>
#include <vector>

#include "yaml/builder.h"
#include "yaml/chars.h"
#include "yaml/reporter.h"
#include "yaml/scanner.h"

namespace wfgen::yaml {

// The reader keeps the Scanner's position and indentation as the full scanner would have
// them at each scalar (indent_ is what a plain or block scalar reads its continuation lines
// and its `scan_indent` with), and emits the events Parser would for the tokens it skips.
class BlockReader {
 public:
  BlockReader(std::string_view text, const ParseOptions& options, Tree& tree, Arena& arena)
      : options_(options),
        reporter_(text, tree.file(), Mode::Collect, findings_),
        builder_(tree, reporter_, options),
        s_(text, arena, reporter_, options) {}

  bool run() {
    try {
      return document() && findings_.empty();
    } catch (const Stop&) {
      return false;  // a scalar the scanner refused, a limit: the full parser reports it
    }
  }

 private:
  // An open block collection. An indentless sequence (its '- ' at its mapping's column,
  // `key:\n- a`) has no indentation level of its own, as in the scanner.
  struct Open {
    Kind kind;
    int col;
    bool indentless;
  };
  // An open flow collection and what it expects next.
  struct Flow {
    enum State : unsigned char { Entry, Value, AfterNode };
    Kind kind;
    State state;
  };
  // Just past a ':' or '- ': where a node written as nothing is (Parser::empty_at).
  struct Indicator {
    uint32_t end;
    Mark end_mark;
  };

  bool document();
  bool mapping_entry();
  bool sequence_entry();
  bool node_after(const Indicator& at, bool key_inline, bool indentless_below);
  bool node_below(int parent_col, bool indentless_ok, const Indicator& at);
  bool node_at(bool may_be_key);
  bool open_mapping(const Token& key);
  bool open_sequence(bool indentless);
  bool flow();
  bool open_flow();
  bool word_key(Token& t);
  bool scalar(Token& t);
  bool at_key_colon(const Token& t);
  bool line_ends(uint32_t node_end);
  void close();

  Indicator take_indicator() {
    Indicator i{static_cast<uint32_t>(s_.pos_ + 1), {static_cast<int>(s_.line_), s_.col0() + 2}};
    ++s_.pos_;
    return i;
  }
  // The scanner's indent_: the column of the innermost block collection with a level.
  int indent() const {
    for (auto it = open_.rbegin(); it != open_.rend(); ++it)
      if (!it->indentless) return it->col;
    return -1;
  }
  // One level before the builder's limit (and the scanner's): the full parser is the one to
  // report it, at its place.
  bool too_deep() const { return open_.size() + flow_.size() + 1 >= options_.max_depth; }
  bool at_end() const { return s_.pos_ >= s_.size_; }
  bool at_block_entry() const { return s_.cur() == '-' && is_blankz(s_.at(1)); }
  // A directive or a document marker: the full parser's business.
  bool at_stream_indicator() const {
    return s_.col0() == 0 && (s_.cur() == '%' || s_.at_document_marker());
  }
  uint32_t offset() const { return static_cast<uint32_t>(s_.pos_); }

  const ParseOptions& options_;
  std::vector<Diagnostic> findings_;
  Reporter reporter_;
  Builder builder_;
  Scanner s_;
  std::vector<Open> open_;
  std::vector<Flow> flow_;
};

bool BlockReader::document() {
  s_.scan_to_next_token();
  if (at_end() || at_stream_indicator()) return false;
  builder_.start_document(s_.mark(), offset());
  if (at_block_entry()) {
    if (!open_sequence(false)) return false;
  } else if (!node_at(true)) {
    return false;
  }
  // At the first token after a finished node: close what its line is left of, then read
  // the key or entry it continues.
  while (!at_end()) {
    if (at_stream_indicator()) return false;
    const int col = s_.col0();
    const bool dash = at_block_entry();
    for (;;) {
      if (open_.empty() || col > open_.back().col) return false;
      const Open& top = open_.back();
      if (col == top.col) {
        if ((top.kind == Kind::Mapping) != dash) break;
        if (top.kind == Kind::Sequence && top.indentless) {
          close();  // the mapping it is in goes on at this column
          continue;
        }
        return false;
      }
      close();
    }
    if (!(open_.back().kind == Kind::Mapping ? mapping_entry() : sequence_entry())) return false;
  }
  while (!open_.empty()) close();
  builder_.end_document();
  return true;
}

// At a key at its mapping's column.
bool BlockReader::mapping_entry() {
  Token key;
  if (!(word_key(key) || scalar(key)) || !at_key_colon(key)) return false;
  builder_.scalar(key, {});
  return node_after(take_indicator(), false, true);
}

// At a '- ' at its sequence's column.
bool BlockReader::sequence_entry() {
  return node_after(take_indicator(), true, false);
}

// After the ':' or '- ' `at`: the node on the same line (a key there opens a mapping when
// `key_inline`: `- name: x`), or below it.
bool BlockReader::node_after(const Indicator& at, bool key_inline, bool indentless_below) {
  const int parent_col = open_.back().col;
  const uint32_t line = s_.line_;
  s_.scan_to_next_token();
  if (!at_end() && s_.line_ == line) return node_at(key_inline);
  return node_below(parent_col, indentless_below, at);
}

// At the first token on a line below the indicator `at` (or at the end): the node when it
// is indented more than its parent, or a '- ' at the parent mapping's column (an indentless
// sequence); else the node is empty.
bool BlockReader::node_below(int parent_col, bool indentless_ok, const Indicator& at) {
  if (!at_end()) {
    if (at_stream_indicator()) return false;
    const int col = s_.col0();
    const bool dash = at_block_entry();
    if (col > parent_col) return dash ? open_sequence(false) : node_at(true);
    if (col == parent_col && dash && indentless_ok) return open_sequence(true);
  }
  builder_.empty(at.end_mark, at.end, {});
  return true;
}

// At the first character of a node that is not a block sequence.
bool BlockReader::node_at(bool may_be_key) {
  const char c = s_.cur();
  if (c == '|' || c == '>') {
    s_.indent_ = indent();
    builder_.scalar(s_.scan_block_scalar(c == '>', nullptr), {});
    s_.scan_to_next_token();  // a block scalar ends at a line's start
    return true;
  }
  if (c == '[' || c == '{') return flow() && line_ends(offset());
  Token t;
  if (may_be_key && word_key(t)) return at_key_colon(t) && open_mapping(t);
  if (!scalar(t)) return false;
  if (at_key_colon(t)) return may_be_key && open_mapping(t);
  builder_.scalar(t, {});
  return line_ends(t.end);
}

bool BlockReader::open_mapping(const Token& key) {
  if (too_deep()) return false;
  builder_.start_collection(Kind::Mapping, Style::Block, key.mark(), key.begin, {});
  open_.push_back({Kind::Mapping, static_cast<int>(key.col) - 1, false});
  builder_.scalar(key, {});
  return node_after(take_indicator(), false, true);
}

// At the first '- ' of a sequence.
bool BlockReader::open_sequence(bool indentless) {
  if (too_deep()) return false;
  builder_.start_collection(Kind::Sequence, Style::Block, s_.mark(), offset(), {});
  open_.push_back({Kind::Sequence, s_.col0(), indentless});
  return sequence_entry();
}

// At a '[' or '{': the whole collection, nested ones included, leaving the scanner past its
// closing bracket. Entries are scalars and collections; a mapping's keys are scalars with
// their ':' on their line and a value each.
bool BlockReader::flow() {
  flow_.clear();
  if (!open_flow()) return false;
  for (;;) {
    s_.scan_to_next_token();
    if (at_end() || at_stream_indicator()) return false;
    Flow& f = flow_.back();
    const char c = s_.cur();
    if (c == ']' || c == '}') {
      if (c != (f.kind == Kind::Mapping ? '}' : ']') || f.state == Flow::Value) return false;
      ++s_.pos_;
      builder_.end_collection();
      flow_.pop_back();
      s_.flow_level_ = static_cast<int>(flow_.size());
      if (flow_.empty()) return true;
      flow_.back().state = Flow::AfterNode;
      continue;
    }
    if (f.state == Flow::AfterNode) {
      if (c != ',') return false;
      ++s_.pos_;
      f.state = Flow::Entry;
      continue;
    }
    const bool key = f.kind == Kind::Mapping && f.state != Flow::Value;
    if (c == '[' || c == '{') {
      if (key) return false;
      f.state = Flow::AfterNode;  // once the nested one is closed
      if (!open_flow()) return false;
      continue;
    }
    Token t;
    if (!scalar(t)) return false;
    if (key) {
      if (!at_key_colon(t)) return false;
      builder_.scalar(t, {});
      ++s_.pos_;
      f.state = Flow::Value;
      continue;
    }
    builder_.scalar(t, {});
    f.state = Flow::AfterNode;
  }
}

bool BlockReader::open_flow() {
  if (too_deep()) return false;
  const Kind kind = s_.cur() == '[' ? Kind::Sequence : Kind::Mapping;
  builder_.start_collection(kind, Style::Flow, s_.mark(), offset(), {});
  ++s_.pos_;
  flow_.push_back({kind, Flow::Entry});
  s_.flow_level_ = static_cast<int>(flow_.size());
  return true;
}

// At a key: the common one, a word of letters, digits, '_' and '-' with its ':' and a blank
// right after it (`runs-on:`), is the plain scalar scan_plain would make (a view of the
// text), made without it. False, the scanner unmoved, for any other.
bool BlockReader::word_key(Token& t) {
  const char* begin = s_.data_ + s_.pos_;
  const char* end = s_.data_ + s_.size_;
  const char* p = begin;
  while (p < end && is_word_char(*p)) ++p;
  const size_t n = static_cast<size_t>(p - begin);
  if (n == 0 || n > options_.max_scalar_bytes || p == end || *p != ':' ||
      !is_blankz(p + 1 < end ? p[1] : '\0'))
    return false;
  t = Token{};
  t.type = Tok::Scalar;
  t.style = Style::Plain;
  t.begin = static_cast<uint32_t>(s_.pos_);
  t.end = static_cast<uint32_t>(s_.pos_ + n);
  t.line = s_.line_;
  t.col = static_cast<uint32_t>(s_.col0() + 1);
  t.scan_indent = indent();
  t.value = std::string_view(begin, n);
  s_.pos_ += n;
  return true;
}

// At a quoted or plain scalar: scans it as the full scanner would at this point.
bool BlockReader::scalar(Token& t) {
  const char c = s_.cur();
  s_.indent_ = indent();
  if (c == '\'' || c == '"')
    t = s_.scan_flow_scalar(c == '"', nullptr);
  else if (s_.check_plain())
    t = s_.scan_plain(nullptr);
  else
    return false;
  return true;
}

// After the scalar `t`: is it an implicit key, its ':' on its line within the 1024 bytes a
// simple key may take? Moves the scanner past the blanks after a quoted scalar (the plain
// scan already did), so it is at the ':' when it is a key.
bool BlockReader::at_key_colon(const Token& t) {
  if (t.style != Style::Plain)
    while (is_blank(s_.cur())) ++s_.pos_;
  return s_.line_ == t.line && s_.cur() == ':' && (s_.flow_level_ > 0 || is_blankz(s_.at(1))) &&
         s_.pos_ <= size_t{t.begin} + 1024;
}

// After a node that ended at `node_end`: nothing but blanks and a comment may follow on its
// line. Moves to the next token.
bool BlockReader::line_ends(uint32_t node_end) {
  const char* from = s_.data_ + node_end;
  const size_t len = s_.pos_ - node_end;
  const bool below = std::memchr(from, '\n', len) || std::memchr(from, '\r', len);
  if (!below) {
    while (is_blank(s_.cur())) ++s_.pos_;
    if (s_.cur() != '#' && !is_breakz(s_.cur())) return false;
  }
  s_.scan_to_next_token();
  return true;
}

void BlockReader::close() {
  builder_.end_collection();
  open_.pop_back();
}

bool read_common_block(std::string_view text, const ParseOptions& options, Tree& tree, Arena& arena) {
  return BlockReader(text, options, tree, arena).run();
}

}  // namespace wfgen::yaml
