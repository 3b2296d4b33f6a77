#include "lint/expression_spans.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace wfgen::lint {

namespace {

// The first '\'' or '}' of `value` at or after `i`, or its size: where an expression's
// text can change state. Expressions run to tens of characters, and a workflow has
// thousands: 16 bytes a step where it can.
size_t next_quote_or_brace(std::string_view value, size_t i) {
  const char* p = value.data();
  const size_t n = value.size();
#ifdef __SSE2__
  const __m128i quote = _mm_set1_epi8('\'');
  const __m128i brace = _mm_set1_epi8('}');
  for (; i + 16 <= n; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    const int bits =
        _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, brace)));
    if (bits) return i + static_cast<size_t>(__builtin_ctz(static_cast<unsigned>(bits)));
  }
#endif
  while (i < n && p[i] != '\'' && p[i] != '}') ++i;
  return i;
}

}  // namespace

std::vector<ExpressionSpan> find_expressions(std::string_view value) {
  std::vector<ExpressionSpan> spans;
  size_t start = value.find("${{");
  while (start != std::string_view::npos) {
    ExpressionSpan span{start, value.size(), false};
    bool in_string = false;  // '' inside a literal toggles twice: escapes need no care
    for (size_t i = next_quote_or_brace(value, start + 3); i < value.size();
         i = next_quote_or_brace(value, i + 1)) {
      if (value[i] == '\'') {
        in_string = !in_string;
      } else if (!in_string && value[i - 1] == '}') {
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
