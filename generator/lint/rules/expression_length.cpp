// expression-length: every value GitHub evaluates as an expression is at most 21,000
// characters (actions/runner's ExpressionConstants.MaxLength; GitHub refuses the file
// with "Exceeded max expression length 21000"). A string holding `${{ }}` anywhere is
// one expression to GitHub: format('text {0} text', expr...) built from the whole value,
// so a long `run:` script with a single `${{ }}` in it counts in full.
#include <string>

#include "lint/expression/in_workflow.h"
#include "lint/expression_spans.h"
#include "lint/rule.h"

namespace wfgen::lint::rules {

namespace {

constexpr size_t kMaxLength = 21'000;

// Length in UTF-16 code units, as .NET's String.Length counts it.
size_t utf16_length(std::string_view s) {
  size_t n = 0;
  for (unsigned char c : s) {
    if ((c & 0xC0) == 0x80) continue;  // a continuation byte
    n += c >= 0xF0 ? 2 : 1;
  }
  return n;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() &&
         (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() &&
         (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// The length of the expression GitHub evaluates for `value` (whose spans are all closed).
size_t evaluated_length(std::string_view value, const std::vector<ExpressionSpan>& spans) {
  if (spans.size() == 1 && spans[0].begin == 0 && spans[0].end == value.size())
    return utf16_length(trim(spans[0].inner(value)));
  // format('<text with '' and {{ }} escaped, {N} per expression>', e0, e1, ...)
  size_t n = std::string_view("format('").size() + std::string_view("')").size();
  size_t literal_start = 0;
  for (size_t i = 0; i < spans.size(); ++i) {
    std::string_view lit = value.substr(literal_start, spans[i].begin - literal_start);
    n += utf16_length(lit);
    for (char c : lit) n += (c == '\'' || c == '{' || c == '}');
    n += 2 + std::to_string(i).size();                   // {i}
    n += 2 + utf16_length(trim(spans[i].inner(value)));  // , expr
    literal_start = spans[i].end;
  }
  std::string_view tail = value.substr(literal_start);
  n += utf16_length(tail);
  for (char c : tail) n += (c == '\'' || c == '{' || c == '}');
  return n;
}

class ExpressionLength final : public Rule {
 public:
  ExpressionLength()
      : Rule({"expression-length",
              "a value holding ${{ }} is at most 21,000 characters as GitHub evaluates it",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    // Every value holding a `${{ }}` is in the workflow's expression index (its entries
    // in file order, a value's expressions one after the other).
    const yaml::Node* last = nullptr;
    for (const expr::Index::Entry& e : expr::index_of(wf).entries) {
      if (e.scalar == last) continue;
      last = e.scalar;
      std::string_view value = e.scalar->value();
      // Escapes at most double the text; {N} and ', ' at most replace ${{ }}: a short
      // value cannot reach the limit.
      if (value.size() * 4 + 16 <= kMaxLength) continue;
      std::vector<ExpressionSpan> spans = find_expressions(value);
      if (spans.empty() || !spans.back().closed) continue;
      size_t length = evaluated_length(value, spans);
      if (length <= kMaxLength) continue;
      const NodePath& path = e.path;
      std::string where = path.empty() || path.back().is_index()
                              ? "this value"
                              : "'" + std::string(path.back().key) + "'";
      sink.report(*e.scalar, where + " is one expression of " + std::to_string(length) +
                                 " characters to GitHub (its text joined with its " +
                                 std::to_string(spans.size()) +
                                 " ${{ }} by format()); GitHub allows at most 21,000: move "
                                 "the text into a file, or pass the values through env");
    }
  }
};

}  // namespace

const Rule& expression_length() {
  static const ExpressionLength rule;
  return rule;
}

}  // namespace wfgen::lint::rules
