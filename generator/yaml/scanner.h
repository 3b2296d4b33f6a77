// Scanner: YAML text -> tokens, as the YAML 1.2 spec's productions and libyaml/PyYAML's
// scanner read it: indentation becomes block start/end tokens, implicit ("simple") keys
// are found when their ':' is, scalars are decoded (escapes, folding, chomping). It never
// recurses; nesting is bounded by ParseOptions::max_depth.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "yaml/arena.h"
#include "yaml/options.h"
#include "yaml/reporter.h"
#include "yaml/token.h"

namespace wfgen::yaml {

class Scanner {
 public:
  // The reader of the common block shape drives the scanner's scalar routines itself.
  friend class BlockReader;

  Scanner(std::string_view text, Arena& arena, Reporter& reporter, const ParseOptions& options);

  // The next token, scanning more as needed. The reference is valid until the next call.
  const Token& peek() {
    if (head_ == queue_.size() || (possible_keys_ > 0 && need_more_tokens())) fill();
    return queue_[head_];
  }
  Tok peek_type() { return peek().type; }
  // Consumes the next token; the reference is valid until the next call.
  const Token& next() {
    peek();
    ++taken_;
    return queue_[head_++];
  }

  // The mark of any offset already scanned (for errors at an earlier place).
  Mark mark_of(uint32_t offset) const;

  // Decodes `scalar` again from `text`, returning for each byte of its value the offset of
  // the source byte it comes from, plus one entry for the end (scalar_source.cpp).
  static std::vector<uint32_t> value_origins(std::string_view text, const Node& scalar);

 private:
  // The decoded value of the scalar being scanned: a view into the text while it is one
  // verbatim piece, copied into a buffer as soon as it is not.
  class Value;

  bool need_more_tokens();
  void fill();
  void fetch_more_tokens();
  void scan_to_next_token();

  // Simple keys: a token that may turn out to be an implicit key when a ':' follows on the
  // same line (and within 1024 bytes).
  void stale_simple_keys();
  void save_simple_key();
  void remove_simple_key();
  size_t next_simple_key_token() const;

  void unwind_indent(int col);
  // Opens a block collection at `col`; `at` is where to report the depth limit.
  bool add_indent(int col, size_t at);

  void push(Tok type, uint32_t begin, uint32_t end);
  void push_indicator(Tok type, size_t width);
  void fetch_stream_end();
  void fetch_directive();
  void fetch_document_indicator(Tok type);
  void fetch_flow_collection_start(Tok type);
  void fetch_flow_collection_end(Tok type);
  void fetch_flow_entry();
  void fetch_block_entry();
  void fetch_key();
  void fetch_value();
  void fetch_anchor(Tok type);
  void fetch_tag();
  void fetch_block_scalar(bool folded);
  void fetch_flow_scalar(bool double_quoted);
  void fetch_plain();
  bool check_plain() const;

  Token scan_block_scalar(bool folded, std::vector<uint32_t>* origins);
  Token scan_flow_scalar(bool double_quoted, std::vector<uint32_t>* origins);
  Token scan_plain(std::vector<uint32_t>* origins);
  void scan_escape(Value& out);
  bool scan_plain_spaces(int indent, Value& out);
  void scan_flow_scalar_breaks(uint32_t start, bool double_quoted);
  int scan_block_scalar_indentation();
  void scan_block_scalar_breaks(int indent);
  std::string_view scan_tag_uri(bool in_directive);
  std::string_view scan_tag_handle();
  void finish_scalar(Token& t, Value& out);

  // --- reading
  char cur() const { return pos_ < size_ ? data_[pos_] : '\0'; }
  char at(size_t i) const { return pos_ + i < size_ ? data_[pos_ + i] : '\0'; }
  int col0() const { return static_cast<int>(pos_ - line_start_); }
  Mark mark() const { return {static_cast<int>(line_), col0() + 1}; }
  bool skip_break();
  bool at_document_marker() const;
  [[noreturn]] void fail(uint32_t offset, std::string message) const;
  [[noreturn]] void fail_here(std::string message) const { fail(static_cast<uint32_t>(pos_), message); }
  std::string describe(char c) const;

  const char* data_;
  size_t size_;
  Arena& arena_;
  Reporter& reporter_;
  const ParseOptions& options_;

  size_t pos_ = 0;
  uint32_t line_ = 1;
  size_t line_start_ = 0;

  std::vector<Token> queue_;
  size_t head_ = 0;
  size_t taken_ = 0;
  bool done_ = false;

  int flow_level_ = 0;
  int indent_ = -1;
  std::vector<int> indents_;
  bool allow_simple_key_ = true;
  struct SimpleKey {
    bool possible = false;
    bool required = false;
    size_t token_number = 0;
    uint32_t offset = 0;
    uint32_t line = 0;
    int col0 = 0;
  };
  std::vector<SimpleKey> simple_keys_;  // one per flow level (deeper ones are never possible)
  int possible_keys_ = 0;

  std::string buffer_;
  std::vector<uint32_t> breaks_;
};

}  // namespace wfgen::yaml
