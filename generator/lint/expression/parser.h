// Parses one GitHub Actions expression with GitHub's grammar (docs: "Evaluate expressions
// in workflows and actions"). Precedence, tightest first: ( ) [ ] . ; ! ; < <= > >= ;
// == != ; && ; ||. Nesting is limited, so a hostile expression ends in an error, never
// in a stack overflow.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "lint/expression/ast.h"

namespace wfgen::lint::expr {

struct SyntaxError {
  size_t offset = 0;  // into the expression's text
  std::string message;
};

struct Parsed {
  std::unique_ptr<Node> root;         // null when `error` is set
  std::optional<SyntaxError> error;
};

// Deeper than this many nested operands, parentheses or calls is an error.
inline constexpr int kMaxNesting = 200;
// Longer chains of one operator (a || b || ...) or of property reads are an error too.
inline constexpr int kMaxChain = 1000;

Parsed parse(std::string_view text);

}  // namespace wfgen::lint::expr
