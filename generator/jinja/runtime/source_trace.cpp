#include "jinja/runtime/source_trace.h"

#include <algorithm>

#include "jinja/syntax/template.h"

namespace wfgen::jinja {

namespace {

// Where `view` (a view into `tmpl`'s source) starts in it.
uint32_t offset_in(const Template& tmpl, std::string_view view) {
  return static_cast<uint32_t>(view.data() - tmpl.source().text().data());
}

}  // namespace

void SourceTrace::text(size_t offset, const Template& tmpl, std::string_view text) {
  add({offset, &tmpl, offset_in(tmpl, text), static_cast<uint32_t>(text.size()), Kind::Text,
       current_});
}

void SourceTrace::expression(size_t offset, const Template& tmpl, uint32_t pos,
                             std::string_view source) {
  if (!source.empty()) pos = offset_in(tmpl, source);
  add({offset, &tmpl, pos, static_cast<uint32_t>(source.size()), Kind::Expression, current_});
}

void SourceTrace::statement(size_t offset, const Template& tmpl, uint32_t pos) {
  add({offset, &tmpl, pos, 0, Kind::Statement, current_});
}

void SourceTrace::enter(TraceSiteKind kind, const Template& tmpl, uint32_t pos) {
  sites_.push_back({&tmpl, pos, kind, current_});
  current_ = static_cast<int32_t>(sites_.size() - 1);
}

void SourceTrace::leave() {
  if (current_ >= 0) current_ = sites_[static_cast<size_t>(current_)].parent;
}

void SourceTrace::begin_capture() { captures_.push_back(pieces_.size()); }

void SourceTrace::end_capture(size_t size) {
  if (captures_.empty()) return;
  auto start = pieces_.begin() + static_cast<std::ptrdiff_t>(captures_.back());
  captures_.pop_back();
  last_capture_.assign(start, pieces_.end());
  pieces_.erase(start, pieces_.end());
  last_capture_size_ = size;
  ++captures_ended_;
}

void SourceTrace::splice(size_t offset, size_t size, uint64_t captures_before) {
  if (captures_ended_ == captures_before || size != last_capture_size_) return;
  for (Piece p : last_capture_) {
    p.offset += offset;
    add(p);
  }
  last_capture_.clear();
  last_capture_size_ = 0;
}

std::optional<TraceOrigin> SourceTrace::origin(size_t offset) const {
  // The last piece starting at or before `offset`: pieces are written in order, and a
  // piece inside an expression's value (a macro's text) comes after the expression's.
  auto it = std::upper_bound(pieces_.begin(), pieces_.end(), offset,
                             [](size_t at, const Piece& p) { return at < p.offset; });
  if (it == pieces_.begin()) return std::nullopt;
  const Piece& p = *(it - 1);
  const SourceFile& source = p.tmpl->source();
  TraceOrigin o;
  uint32_t pos = p.pos;
  if (p.kind == Kind::Text) {
    if (p.length == 0) return std::nullopt;
    pos += static_cast<uint32_t>(std::min<size_t>(offset - p.offset, p.length - 1));
  } else if (p.kind == Kind::Expression && p.length > 0) {
    o.expression = source.text().substr(p.pos, p.length);
  }
  o.where = source.loc(pos);
  for (int32_t s = p.site; s >= 0; s = sites_[static_cast<size_t>(s)].parent) {
    const Site& site = sites_[static_cast<size_t>(s)];
    o.via.push_back({site.tmpl->source().loc(site.pos), site.kind});
  }
  return o;
}

}  // namespace wfgen::jinja
