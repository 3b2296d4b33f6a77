// Lexer: template source -> tokens, following Jinja2's lexer rule for rule:
// newline normalisation, the trailing-newline rule, whitespace control (`-`, `+`),
// trim_blocks, lstrip_blocks, comments and raw blocks, brace balancing inside tags.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wfgen::jinja {

struct EnvironmentOptions;

enum class Tok : uint8_t {
  Data,        // template text (a view into the normalised source)
  VarBegin,    // {{
  VarEnd,      // }}
  BlockBegin,  // {%
  BlockEnd,    // %}
  Name,
  String,   // `value` holds the decoded text
  Integer,  // `text` holds the literal (prefixes and '_' kept)
  Float,
  Op,  // `text` holds the operator
  Eof,
};

struct Token {
  Tok type;
  uint32_t pos;           // offset in the normalised source
  std::string_view text;  // raw text in the normalised source
  std::string value;      // decoded string literal (Tok::String only)
};

// Normalises newlines to '\n' and drops one trailing newline unless kept,
// exactly as Jinja2 does before lexing.
std::string normalize_source(std::string_view source, bool keep_trailing_newline);

class SourceFile;

// Tokenizes `file.text()`, which must outlive the tokens. Throws a located
// TemplateError(Syntax) on lexical errors.
std::vector<Token> tokenize(const SourceFile& file, const EnvironmentOptions& options);

}  // namespace wfgen::jinja
