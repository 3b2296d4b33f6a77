// Parser: tokens -> builder events, as a state machine with an explicit stack of states
// (YAML's grammar as libyaml and PyYAML implement it), so no input nests the C++ stack.
// It also reads the directives (%YAML, %TAG) and resolves tag handles.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

#include "yaml/builder.h"
#include "yaml/scanner.h"

namespace wfgen::yaml {

class Parser {
 public:
  Parser(Scanner& scanner, Builder& builder, Reporter& reporter, Arena& arena)
      : scanner_(scanner), builder_(builder), reporter_(reporter), arena_(arena) {}

  // Reads the whole stream.
  void run();

 private:
  enum class State : unsigned char {
    StreamStart,
    ImplicitDocumentStart,
    DocumentStart,
    DocumentContent,
    DocumentEnd,
    BlockNode,
    BlockNodeOrIndentlessSequence,
    FlowNode,
    BlockSequenceFirstEntry,
    BlockSequenceEntry,
    IndentlessSequenceEntry,
    BlockMappingFirstKey,
    BlockMappingKey,
    BlockMappingValue,
    FlowSequenceFirstEntry,
    FlowSequenceEntry,
    FlowSequenceEntryMappingKey,
    FlowSequenceEntryMappingValue,
    FlowSequenceEntryMappingEnd,
    FlowMappingFirstKey,
    FlowMappingKey,
    FlowMappingValue,
    FlowMappingEmptyValue,
    End,
  };

  void step();
  void document_start(bool implicit_allowed);
  void directives();
  void node(bool block, bool indentless_sequence);
  void block_sequence_entry(bool first);
  void indentless_sequence_entry();
  void block_mapping_key(bool first);
  void block_mapping_value();
  void flow_sequence_entry(bool first);
  void flow_mapping_key(bool first);
  void flow_mapping_value(bool empty);
  // The ',' between two entries of a flow collection (an unclosed one reports its bracket).
  void flow_separator(std::string_view what, char closer);
  void pop() {
    state_ = states_.back();
    states_.pop_back();
  }
  void empty_at(const Token& t, bool at_end);
  std::string_view resolve_tag(const Token& t);
  [[noreturn]] void fail(const Token& t, std::string message);
  [[noreturn]] void fail_unclosed(const Token& t, std::string_view what, char closer);
  std::string describe(const Token& t);

  Scanner& scanner_;
  Builder& builder_;
  Reporter& reporter_;
  Arena& arena_;
  State state_ = State::StreamStart;
  std::vector<State> states_;
  std::vector<std::pair<std::string_view, std::string_view>> tag_handles_;
};

}  // namespace wfgen::yaml
