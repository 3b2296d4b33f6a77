// Lexer: template source -> tokens, following Jinja2's lexer rule for rule:
// newline normalisation, the trailing-newline rule, whitespace control (`-`, `+`),
// trim_blocks, lstrip_blocks, comments and raw blocks, brace balancing inside tags.
#pragma once

#include <cstdint>
#include <exception>
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
  Error,  // a lexical error here: TokenList::error
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

// The tokens of a template. Jinja2 lexes lazily, so a lexical error is raised only
// when the parser reaches it (a parse error before it is reported instead): the list
// then ends with a Tok::Error token and `error` holds the located TemplateError.
struct TokenList {
  std::vector<Token> tokens;  // ends with Eof or Error
  std::exception_ptr error;

  // Throws the lexical error, if any.
  void check() const {
    if (error) std::rethrow_exception(error);
  }
};

// Tokenizes `file.text()`, which must outlive the tokens.
TokenList tokenize(const SourceFile& file, const EnvironmentOptions& options);
// Tokenizes `file.text()` as one expression: as the inside of a {{ }} (no VarBegin),
// ending at the end of the text (or at a variable end delimiter, for the parser to refuse).
TokenList tokenize_expression(const SourceFile& file, const EnvironmentOptions& options);

}  // namespace wfgen::jinja
