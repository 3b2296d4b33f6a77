#include "yaml/parser.h"

#include "yaml/schema.h"

namespace wfgen::yaml {

namespace {
bool is_one_of(Tok t, std::initializer_list<Tok> set) {
  for (Tok s : set)
    if (t == s) return true;
  return false;
}
}  // namespace

void Parser::run() {
  while (state_ != State::End) step();
}

void Parser::step() {
  switch (state_) {
    case State::StreamStart:
      scanner_.next();
      state_ = State::ImplicitDocumentStart;
      return;
    case State::ImplicitDocumentStart: return document_start(true);
    case State::DocumentStart: return document_start(false);
    case State::DocumentContent:
      if (is_one_of(scanner_.peek_type(), {Tok::VersionDirective, Tok::TagDirective, Tok::DocumentStart,
                                            Tok::DocumentEnd, Tok::StreamEnd})) {
        empty_at(scanner_.peek(), false);
        pop();
        return;
      }
      return node(true, false);
    case State::DocumentEnd:
      if (scanner_.peek_type() == Tok::DocumentEnd) scanner_.next();
      builder_.end_document();
      state_ = State::DocumentStart;
      return;
    case State::BlockNode: return node(true, false);
    case State::BlockNodeOrIndentlessSequence: return node(true, true);
    case State::FlowNode: return node(false, false);
    case State::BlockSequenceFirstEntry: return block_sequence_entry(true);
    case State::BlockSequenceEntry: return block_sequence_entry(false);
    case State::IndentlessSequenceEntry: return indentless_sequence_entry();
    case State::BlockMappingFirstKey: return block_mapping_key(true);
    case State::BlockMappingKey: return block_mapping_key(false);
    case State::BlockMappingValue: return block_mapping_value();
    case State::FlowSequenceFirstEntry: return flow_sequence_entry(true);
    case State::FlowSequenceEntry: return flow_sequence_entry(false);
    case State::FlowSequenceEntryMappingKey: {
      Token k = scanner_.next();
      if (!is_one_of(scanner_.peek_type(), {Tok::Value, Tok::FlowEntry, Tok::FlowSequenceEnd})) {
        states_.push_back(State::FlowSequenceEntryMappingValue);
        return node(false, false);
      }
      state_ = State::FlowSequenceEntryMappingValue;
      return empty_at(k, true);
    }
    case State::FlowSequenceEntryMappingValue:
      if (scanner_.peek_type() == Tok::Value) {
        Token v = scanner_.next();
        if (!is_one_of(scanner_.peek_type(), {Tok::FlowEntry, Tok::FlowSequenceEnd})) {
          states_.push_back(State::FlowSequenceEntryMappingEnd);
          return node(false, false);
        }
        state_ = State::FlowSequenceEntryMappingEnd;
        return empty_at(v, true);
      }
      state_ = State::FlowSequenceEntryMappingEnd;
      return empty_at(scanner_.peek(), false);
    case State::FlowSequenceEntryMappingEnd:
      builder_.end_collection();
      state_ = State::FlowSequenceEntry;
      return;
    case State::FlowMappingFirstKey: return flow_mapping_key(true);
    case State::FlowMappingKey: return flow_mapping_key(false);
    case State::FlowMappingValue: return flow_mapping_value(false);
    case State::FlowMappingEmptyValue: return flow_mapping_value(true);
    case State::End: return;
  }
}

// ---------------------------------------------------------------- documents

void Parser::document_start(bool implicit_allowed) {
  if (implicit_allowed &&
      !is_one_of(scanner_.peek_type(),
                 {Tok::VersionDirective, Tok::TagDirective, Tok::DocumentStart, Tok::StreamEnd})) {
    // A bare document (no '---').
    tag_handles_.clear();
    const Token& t = scanner_.peek();
    builder_.start_document(t.mark(), t.begin);
    states_.push_back(State::DocumentEnd);
    state_ = State::BlockNode;
    return;
  }
  while (scanner_.peek_type() == Tok::DocumentEnd) scanner_.next();
  if (scanner_.peek_type() == Tok::StreamEnd) {
    scanner_.next();
    state_ = State::End;
    return;
  }
  directives();
  const Token& t = scanner_.peek();
  if (t.type != Tok::DocumentStart)
    fail(t, "expected '---' to start the next document, found " + describe(t));
  Token start = scanner_.next();
  builder_.start_document(start.mark(), start.begin);
  states_.push_back(State::DocumentEnd);
  state_ = State::DocumentContent;
}

void Parser::directives() {
  tag_handles_.clear();
  bool version = false;
  while (is_one_of(scanner_.peek_type(), {Tok::VersionDirective, Tok::TagDirective})) {
    Token t = scanner_.next();
    if (t.type == Tok::VersionDirective) {
      if (version) fail(t, "duplicate %YAML directive");
      version = true;
      if (t.value.substr(0, t.value.find('.')) != "1")
        fail(t, "unsupported YAML version " + std::string(t.value) + " (1.x is read)");
      continue;
    }
    for (const auto& [handle, prefix] : tag_handles_)
      if (handle == t.handle) fail(t, "duplicate %TAG directive for '" + std::string(handle) + "'");
    tag_handles_.emplace_back(t.handle, t.value);
  }
}

std::string_view Parser::resolve_tag(const Token& t) {
  if (t.handle.empty()) return t.value;                  // verbatim
  if (t.handle == "!" && t.value.empty()) return "!";   // the non-specific tag
  std::string_view prefix;
  bool found = false;
  for (const auto& [handle, p] : tag_handles_)
    if (handle == t.handle) prefix = p, found = true;
  if (!found) {
    if (t.handle == "!")
      prefix = "!", found = true;
    else if (t.handle == "!!")
      prefix = kCoreTagPrefix, found = true;
  }
  if (!found) fail(t, "undefined tag handle '" + std::string(t.handle) + "' (declare it with %TAG)");
  std::string tag(prefix);
  tag += t.value;
  return arena_.copy(tag);
}

// ---------------------------------------------------------------- nodes

void Parser::node(bool block, bool indentless_sequence) {
  Tok first = scanner_.peek_type();
  if (first == Tok::Scalar) {  // the common case: no properties
    builder_.scalar(scanner_.next(), Properties{});
    return pop();
  }
  if (first == Tok::Alias) {
    builder_.alias(scanner_.next());
    return pop();
  }
  Properties p;
  for (int i = 0; i < 2; ++i) {
    Tok type = scanner_.peek_type();
    if (type == Tok::Anchor && !p.has_anchor) {
      Token a = scanner_.next();
      if (!p.has_tag) p.offset = a.begin, p.mark = a.mark();
      p.has_anchor = true;
      p.anchor = a.value;
    } else if (type == Tok::Tag && !p.has_tag) {
      Token tg = scanner_.next();
      if (!p.has_anchor) p.offset = tg.begin, p.mark = tg.mark();
      p.has_tag = true;
      p.tag = resolve_tag(tg);
    }
  }
  const Token& t = scanner_.peek();
  if (indentless_sequence && t.type == Tok::BlockEntry) {
    builder_.start_collection(Kind::Sequence, Style::Block, t.mark(), t.begin, p);
    state_ = State::IndentlessSequenceEntry;
    return;
  }
  switch (t.type) {
    case Tok::Scalar:
      builder_.scalar(scanner_.next(), p);
      return pop();
    case Tok::FlowSequenceStart:
      builder_.start_collection(Kind::Sequence, Style::Flow, t.mark(), t.begin, p);
      state_ = State::FlowSequenceFirstEntry;
      return;
    case Tok::FlowMappingStart:
      builder_.start_collection(Kind::Mapping, Style::Flow, t.mark(), t.begin, p);
      state_ = State::FlowMappingFirstKey;
      return;
    case Tok::BlockSequenceStart:
      if (!block) break;
      builder_.start_collection(Kind::Sequence, Style::Block, t.mark(), t.begin, p);
      state_ = State::BlockSequenceFirstEntry;
      return;
    case Tok::BlockMappingStart:
      if (!block) break;
      builder_.start_collection(Kind::Mapping, Style::Block, t.mark(), t.begin, p);
      state_ = State::BlockMappingFirstKey;
      return;
    default:
      break;
  }
  if (p.has_anchor || p.has_tag) {
    // Properties on an empty node: `key: !!str` or `&a` alone.
    builder_.empty(p.mark, p.offset, p);
    return pop();
  }
  if (!block && (t.type == Tok::StreamEnd || t.type == Tok::DocumentStart || t.type == Tok::DocumentEnd))
    fail_unclosed(t, builder_.open_collection()->is_mapping() ? "flow mapping" : "flow sequence",
                  builder_.open_collection()->is_mapping() ? '}' : ']');
  fail(t, "expected a value, found " + describe(t));
}

void Parser::empty_at(const Token& t, bool at_end) {
  builder_.empty(at_end ? t.end_mark() : t.mark(), at_end ? t.end : t.begin, Properties{});
}

// ---------------------------------------------------------------- block collections

void Parser::block_sequence_entry(bool first) {
  if (first) scanner_.next();
  if (scanner_.peek_type() == Tok::BlockEntry) {
    Token t = scanner_.next();
    if (!is_one_of(scanner_.peek_type(), {Tok::BlockEntry, Tok::BlockEnd})) {
      states_.push_back(State::BlockSequenceEntry);
      return node(true, false);
    }
    state_ = State::BlockSequenceEntry;
    return empty_at(t, true);
  }
  const Token& t = scanner_.peek();
  if (t.type != Tok::BlockEnd)
    fail(t, "expected a '- ' entry of the block sequence, found " + describe(t));
  scanner_.next();
  builder_.end_collection();
  pop();
}

void Parser::indentless_sequence_entry() {
  if (scanner_.peek_type() == Tok::BlockEntry) {
    Token t = scanner_.next();
    if (!is_one_of(scanner_.peek_type(), {Tok::BlockEntry, Tok::Key, Tok::Value, Tok::BlockEnd})) {
      states_.push_back(State::IndentlessSequenceEntry);
      return node(true, false);
    }
    state_ = State::IndentlessSequenceEntry;
    return empty_at(t, true);
  }
  builder_.end_collection();
  pop();
}

void Parser::block_mapping_key(bool first) {
  if (first) scanner_.next();
  if (scanner_.peek_type() == Tok::Key) {
    Token t = scanner_.next();
    if (!is_one_of(scanner_.peek_type(), {Tok::Key, Tok::Value, Tok::BlockEnd})) {
      states_.push_back(State::BlockMappingValue);
      return node(true, true);
    }
    state_ = State::BlockMappingValue;
    return empty_at(t, true);
  }
  const Token& t = scanner_.peek();
  if (t.type != Tok::BlockEnd) fail(t, "expected a key of the block mapping, found " + describe(t));
  scanner_.next();
  builder_.end_collection();
  pop();
}

void Parser::block_mapping_value() {
  if (scanner_.peek_type() == Tok::Value) {
    Token t = scanner_.next();
    if (!is_one_of(scanner_.peek_type(), {Tok::Key, Tok::Value, Tok::BlockEnd})) {
      states_.push_back(State::BlockMappingKey);
      return node(true, true);
    }
    state_ = State::BlockMappingKey;
    return empty_at(t, true);
  }
  state_ = State::BlockMappingKey;
  empty_at(scanner_.peek(), false);
}

// ---------------------------------------------------------------- flow collections

void Parser::flow_sequence_entry(bool first) {
  if (first) scanner_.next();
  if (scanner_.peek_type() != Tok::FlowSequenceEnd) {
    if (!first) flow_separator("flow sequence", ']');
    const Token& t = scanner_.peek();
    if (t.type == Tok::Key) {
      // A single pair in a sequence, `[a: 1]`: a mapping of one pair.
      builder_.start_collection(Kind::Mapping, Style::Flow, t.mark(), t.begin, Properties{});
      state_ = State::FlowSequenceEntryMappingKey;
      return;
    }
    if (t.type != Tok::FlowSequenceEnd) {
      states_.push_back(State::FlowSequenceEntry);
      return node(false, false);
    }
  }
  scanner_.next();
  builder_.end_collection();
  pop();
}

void Parser::flow_mapping_key(bool first) {
  if (first) scanner_.next();
  if (scanner_.peek_type() != Tok::FlowMappingEnd) {
    if (!first) flow_separator("flow mapping", '}');
    const Token& t = scanner_.peek();
    if (t.type == Tok::Key) {
      Token k = scanner_.next();
      if (!is_one_of(scanner_.peek_type(), {Tok::Value, Tok::FlowEntry, Tok::FlowMappingEnd})) {
        states_.push_back(State::FlowMappingValue);
        return node(false, false);
      }
      state_ = State::FlowMappingValue;
      return empty_at(k, true);
    }
    if (t.type != Tok::FlowMappingEnd) {
      states_.push_back(State::FlowMappingEmptyValue);
      return node(false, false);
    }
  }
  scanner_.next();
  builder_.end_collection();
  pop();
}

void Parser::flow_mapping_value(bool empty) {
  state_ = State::FlowMappingKey;
  if (!empty && scanner_.peek_type() == Tok::Value) {
    Token v = scanner_.next();
    if (!is_one_of(scanner_.peek_type(), {Tok::FlowEntry, Tok::FlowMappingEnd})) {
      states_.push_back(State::FlowMappingKey);
      return node(false, false);
    }
    return empty_at(v, true);
  }
  empty_at(scanner_.peek(), false);
}

void Parser::flow_separator(std::string_view what, char closer) {
  const Token& t = scanner_.peek();
  if (t.type == Tok::FlowEntry) {
    scanner_.next();
    return;
  }
  if (is_one_of(t.type, {Tok::StreamEnd, Tok::DocumentStart, Tok::DocumentEnd}))
    fail_unclosed(t, what, closer);
  fail(t, std::string("expected ',' or '") + closer + "' in the " + std::string(what) +
              " that starts at line " + std::to_string(builder_.open_collection()->mark().line) +
              ", found " + describe(t));
}

// ---------------------------------------------------------------- errors

void Parser::fail(const Token& t, std::string message) {
  reporter_.fail(DiagKind::Syntax, t.begin, t.mark(), std::move(message));
}

void Parser::fail_unclosed(const Token& t, std::string_view what, char closer) {
  const Node* open = builder_.open_collection();
  if (!open) fail(t, "unexpected " + describe(t));
  reporter_.fail(DiagKind::Syntax, open->offset(), open->mark(),
                 "unclosed " + std::string(what) + ": no '" + closer + "' before " + describe(t));
}

std::string Parser::describe(const Token& t) {
  switch (t.type) {
    case Tok::StreamStart: return "the start of the input";
    case Tok::StreamEnd: return "the end of the input";
    case Tok::VersionDirective:
    case Tok::TagDirective: return "a directive";
    case Tok::DocumentStart: return "'---'";
    case Tok::DocumentEnd: return "'...'";
    case Tok::BlockSequenceStart: return "a block sequence";
    case Tok::BlockMappingStart: return "a block mapping";
    case Tok::BlockEnd: return "the end of the indented block";
    case Tok::FlowSequenceStart: return "'['";
    case Tok::FlowMappingStart: return "'{'";
    case Tok::FlowSequenceEnd: return "']'";
    case Tok::FlowMappingEnd: return "'}'";
    case Tok::BlockEntry: return "'-'";
    case Tok::FlowEntry: return "','";
    case Tok::Key: return t.end > t.begin ? "'?'" : "a mapping key";
    case Tok::Value: return "':'";
    case Tok::Alias: return "the alias '*" + std::string(t.value) + "'";
    case Tok::Anchor: return "the anchor '&" + std::string(t.value) + "'";
    case Tok::Tag: return "a tag";
    case Tok::Scalar: {
      std::string v(t.value.substr(0, 40));
      if (t.value.size() > 40) v += "...";
      return "the scalar '" + v + "'";
    }
  }
  return "a token";
}

}  // namespace wfgen::yaml
