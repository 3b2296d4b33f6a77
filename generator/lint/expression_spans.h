// Where the `${{ ... }}` expressions of a string are, found as GitHub finds them: from
// `${{` to the first `}}` outside a single-quoted string literal. Offsets are into the
// scalar's value; Workflow::position_in turns them into file positions.
#pragma once

#include <string_view>
#include <vector>

namespace wfgen::lint {

struct ExpressionSpan {
  size_t begin = 0;     // offset of "${{"
  size_t end = 0;       // offset just past "}}" (the value's size when not closed)
  bool closed = false;  // false: "${{" without its "}}" (GitHub rejects the file)

  // The text between the delimiters, untrimmed ("" when not closed).
  std::string_view inner(std::string_view value) const {
    return closed ? value.substr(begin + 3, end - begin - 5) : std::string_view{};
  }
  // Offset of inner() in the value.
  size_t inner_begin() const { return begin + 3; }
};

// Every expression in `value`, in order. After an unclosed one there is nothing more.
std::vector<ExpressionSpan> find_expressions(std::string_view value);

// True when `value` is exactly one expression with nothing around it ("${{ x }}"), the
// form GitHub requires where a key takes a boolean or number "or an expression".
bool is_whole_expression(std::string_view value);

}  // namespace wfgen::lint
