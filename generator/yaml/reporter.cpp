#include "yaml/reporter.h"

namespace wfgen::yaml {

void Reporter::report(DiagKind kind, uint32_t offset, Mark mark, std::string message) {
  if (mode_ == Mode::Collect)
    out_.push_back({kind, mark, offset, std::move(message)});
  else if (is_error(kind))
    throw_error(mark, std::move(message));
}

void Reporter::fail(DiagKind kind, uint32_t offset, Mark mark, std::string message) {
  if (mode_ == Mode::Strict) throw_error(mark, std::move(message));
  out_.push_back({kind, mark, offset, std::move(message)});
  throw Stop{};
}

void Reporter::throw_error(Mark mark, std::string message) const {
  throw data::DataError(file_, mark, std::move(message), data::line_of(text_, mark.line));
}

std::string_view diag_kind_name(DiagKind k) {
  switch (k) {
    case DiagKind::Syntax: return "syntax";
    case DiagKind::Limit: return "limit";
    case DiagKind::Encoding: return "encoding";
    case DiagKind::Tab: return "tab-indentation";
    case DiagKind::DuplicateKey: return "duplicate-key";
    case DiagKind::ComplexKey: return "complex-key";
    case DiagKind::UnsupportedTag: return "unsupported-tag";
    case DiagKind::InvalidValue: return "invalid-value";
    case DiagKind::BadAlias: return "bad-alias";
    case DiagKind::BadMerge: return "bad-merge";
    case DiagKind::ExtraDocument: return "extra-document";
    case DiagKind::Anchor: return "anchor";
    case DiagKind::Alias: return "alias";
    case DiagKind::MergeKey: return "merge-key";
    case DiagKind::Tag: return "tag";
  }
  return "unknown";
}

}  // namespace wfgen::yaml
