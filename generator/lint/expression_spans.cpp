#include "lint/expression_spans.h"

namespace wfgen::lint {

std::vector<ExpressionSpan> find_expressions(std::string_view value) {
  std::vector<ExpressionSpan> spans;
  size_t start = value.find("${{");
  while (start != std::string_view::npos) {
    ExpressionSpan span{start, value.size(), false};
    bool in_string = false;  // '' inside a literal toggles twice: escapes need no care
    for (size_t i = start + 3; i < value.size(); ++i) {
      if (value[i] == '\'') {
        in_string = !in_string;
      } else if (!in_string && value[i] == '}' && value[i - 1] == '}') {
        span.end = i + 1;
        span.closed = true;
        break;
      }
    }
    spans.push_back(span);
    if (!span.closed) break;
    start = value.find("${{", span.end);
  }
  return spans;
}

bool is_whole_expression(std::string_view value) {
  auto spans = find_expressions(value);
  return spans.size() == 1 && spans[0].closed && spans[0].begin == 0 &&
         spans[0].end == value.size();
}

}  // namespace wfgen::lint
