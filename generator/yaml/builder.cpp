#include "yaml/builder.h"

#include <new>

#include "yaml/schema.h"

namespace wfgen::yaml {

Node* Builder::make(Kind kind, Style style, Mark mark, uint32_t offset) {
  Node* n = new (tree_.arena_.allocate(sizeof(Node))) Node();
  n->kind_ = kind;
  n->style_ = style;
  n->line_ = static_cast<uint32_t>(mark.line);
  n->col_ = static_cast<uint32_t>(mark.col);
  n->offset_ = offset;
  ++tree_.node_count_;
  return n;
}

void Builder::start_document(Mark start, uint32_t offset) {
  if (!tree_.documents_.empty() && options_.single_document)
    reporter_.report(DiagKind::ExtraDocument, offset, start,
                     "more than one document (a data file holds one; this one starts here)");
  in_document_ = true;
  doc_start_ = start;
  root_ = nullptr;
  anchors_.clear();
  alias_nodes_ = 0;
}

void Builder::end_document() {
  if (root_) tree_.documents_.push_back({root_, doc_start_});
  root_ = nullptr;
  in_document_ = false;
}

void Builder::add(Node* n) {
  if (stack_.empty())
    root_ = n;
  else
    kids_.push_back(n);
}

void Builder::apply(Node* n, const Properties& props) {
  if (props.has_tag) {
    n->tag_ = props.tag.data();
    n->tag_len_ = static_cast<uint32_t>(props.tag.size());
    if (reporter_.collecting())
      reporter_.report(DiagKind::Tag, props.offset, props.mark, "tag '" + tag_display(props.tag) + "'");
  }
  if (props.has_anchor) {
    n->anchor_ = props.anchor.data();
    n->anchor_len_ = static_cast<uint32_t>(props.anchor.size());
    anchors_[props.anchor] = n;
    if (reporter_.collecting())
      reporter_.report(DiagKind::Anchor, props.offset, props.mark,
                       "anchor '&" + std::string(props.anchor) + "'");
  }
}

void Builder::resolve_scalar(Node* n) {
  std::string_view tag = n->tag();
  Scalar s;
  if (tag.empty()) {
    if (n->style_ == Style::Plain) s = resolve_plain(n->value());
  } else if (tag == "!") {
    // The non-specific tag: a string, whatever the text.
  } else if (is_core_scalar_tag(tag)) {
    std::string_view type = tag.substr(kCoreTagPrefix.size());
    if (!resolve_tagged(type, n->value(), s)) {
      report(DiagKind::InvalidValue, *n, "'" + std::string(n->value()) + "' is not a valid " + std::string(type));
      s = Scalar{};
    }
  } else {
    bool collection_tag = tag == "tag:yaml.org,2002:map" || tag == "tag:yaml.org,2002:seq";
    report(DiagKind::UnsupportedTag, *n,
           collection_tag ? "tag '" + tag_display(tag) + "' cannot be used on a scalar"
                          : "unsupported tag '" + tag_display(tag) + "'");
  }
  if (s.too_big) {
    report(DiagKind::InvalidValue, *n, "integer '" + std::string(n->value()) + "' does not fit in 64 bits");
    s.type = ScalarType::Float;
  }
  n->type_ = s.type;
  n->num_.u = s.num.u;
  if (s.is_unsigned) n->flags_ |= Node::kUnsigned;
}

void Builder::scalar(const Token& t, const Properties& props) {
  Mark m = props.any() ? props.mark : t.mark();
  uint32_t offset = props.any() ? props.offset : t.begin;
  Node* n = make(Kind::Scalar, t.style, m, offset);
  n->value_ = t.value.data();
  n->value_len_ = static_cast<uint32_t>(t.value.size());
  n->src_begin_ = t.begin;
  n->src_end_ = t.end;
  n->scan_indent_ = t.scan_indent;
  if (t.flow_context) n->flags_ |= Node::kFlowContext;
  if (props.any()) apply(n, props);
  resolve_scalar(n);
  add(n);
}

void Builder::empty(Mark mark, uint32_t offset, const Properties& props) {
  Mark m = props.any() ? props.mark : mark;
  uint32_t at = props.any() ? props.offset : offset;
  Node* n = make(Kind::Scalar, Style::Plain, m, at);
  n->flags_ |= Node::kEmpty;
  n->src_begin_ = n->src_end_ = offset;
  if (props.any()) apply(n, props);
  resolve_scalar(n);
  add(n);
}

void Builder::alias(const Token& t) {
  auto it = anchors_.find(t.value);
  Node* target = it == anchors_.end() ? nullptr : it->second;
  std::string name = "*" + std::string(t.value);
  if (!target || (target->flags_ & Node::kOpen)) {
    reporter_.report(DiagKind::BadAlias, t.begin, t.mark(),
                     target ? "alias '" + name + "' refers to a node that contains it (a cycle)"
                            : "undefined alias '" + name + "'");
    // Collect mode goes on with a null in its place.
    Node* n = make(Kind::Scalar, Style::Plain, t.mark(), t.begin);
    n->type_ = ScalarType::Null;
    n->flags_ |= Node::kEmpty;
    n->src_begin_ = n->src_end_ = t.begin;
    add(n);
    return;
  }
  if (reporter_.collecting()) reporter_.report(DiagKind::Alias, t.begin, t.mark(), "alias '" + name + "'");
  alias_nodes_ += target->expanded_;
  if (alias_nodes_ > options_.max_alias_nodes)
    reporter_.fail(DiagKind::Limit, t.begin, t.mark(),
                   "aliases expand to more than " + std::to_string(options_.max_alias_nodes) +
                       " nodes (the limit on alias expansion)");
  Node* n = make(Kind::Alias, target->style_, t.mark(), t.begin);
  n->link_.target = target;
  n->expanded_ = target->expanded_;
  add(n);
}

void Builder::start_collection(Kind kind, Style style, Mark mark, uint32_t offset,
                               const Properties& props) {
  if (stack_.size() >= options_.max_depth)
    reporter_.fail(DiagKind::Limit, offset, mark,
                   depth_limit_message(options_));
  Node* n = make(kind, style, props.any() ? props.mark : mark,
                 props.any() ? props.offset : offset);
  n->flags_ |= Node::kOpen;
  if (props.any()) apply(n, props);
  if (props.has_tag && props.tag != "!") {
    std::string_view want = kind == Kind::Mapping ? "tag:yaml.org,2002:map" : "tag:yaml.org,2002:seq";
    if (props.tag != want)
      report(DiagKind::UnsupportedTag, *n,
             is_core_scalar_tag(props.tag)
                 ? "tag '" + tag_display(props.tag) + "' cannot be used on a " +
                       (kind == Kind::Mapping ? "mapping" : "sequence")
                 : "unsupported tag '" + tag_display(props.tag) + "'");
  }
  add(n);
  // add() put the collection among its parent's children; it is finished in place.
  stack_.push_back({n, kids_.size()});
}

void Builder::end_collection() {
  Frame f = stack_.back();
  stack_.pop_back();
  Node* n = f.node;
  size_t count = kids_.size() - f.first_child;
  Node** kids = kids_.data() + f.first_child;
  uint64_t expanded = 1;
  for (size_t i = 0; i < count; ++i) expanded += kids[i]->expanded_;
  n->expanded_ = expanded;
  if (n->kind_ == Kind::Mapping) {
    finish_mapping(n, kids, count);
  } else {
    auto** items = tree_.arena_.make_array<const Node*>(count);
    for (size_t i = 0; i < count; ++i) items[i] = kids[i];
    n->link_.items = items;
    n->count_ = static_cast<uint32_t>(count);
  }
  n->flags_ &= static_cast<uint8_t>(~Node::kOpen);
  kids_.resize(f.first_child);
}

void Builder::finish_mapping(Node* n, Node** kids, size_t count) {
  size_t pairs = count / 2;
  Pair* out = tree_.arena_.make_array<Pair>(pairs);
  uint64_t key_bits = 0;
  const bool many = pairs > 16;
  if (many) seen_keys_.clear();
  for (size_t i = 0; i < pairs; ++i) {
    Node* key = kids[2 * i];
    const Node* value = kids[2 * i + 1];
    out[i] = {key, value};
    const Node& k = key->resolved();
    if (k.kind_ != Kind::Scalar) {
      report(DiagKind::ComplexKey, *key, "mapping keys must be scalars");
      continue;
    }
    if (key->kind_ == Kind::Scalar && key->style_ == Style::Plain && key->tag_len_ == 0 &&
        key->value() == "<<") {
      key->flags_ |= Node::kMerge;
      key_bits = ~uint64_t{0};  // what it merges in is looked up through it
      if (reporter_.collecting()) report(DiagKind::MergeKey, *key, "merge key '<<'");
      check_merge(*key, *value);
    }
    std::string_view text = k.key_text();
    const uint64_t bit = Node::key_bit(text);
    // A key whose filter bit no earlier key set is new: most keys skip the search.
    const bool maybe_seen = key_bits & bit;
    key_bits |= bit;
    size_t first = SIZE_MAX;
    if (many) {
      auto [it, inserted] = seen_keys_.emplace(text, i);
      if (!inserted) first = it->second;
    } else if (maybe_seen) {
      for (size_t j = 0; j < i; ++j) {
        const Node& other = out[j].key->resolved();
        if (other.kind_ == Kind::Scalar && other.key_text() == text) {
          first = j;
          break;
        }
      }
    }
    if (first != SIZE_MAX)
      report(DiagKind::DuplicateKey, *key,
             "duplicate key '" + std::string(text) + "' (first defined at line " +
                 std::to_string(out[first].key->line_) + ")");
  }
  n->link_.pairs = out;
  n->count_ = static_cast<uint32_t>(pairs);
  n->num_.key_bits = key_bits;
}

void Builder::check_merge(const Node& key, const Node& value) {
  const Node& v = value.resolved();
  bool ok = v.kind_ == Kind::Mapping;
  if (v.kind_ == Kind::Sequence) {
    ok = true;
    for (const Node* item : v.items())
      if (item->resolved().kind_ != Kind::Mapping) ok = false;
  }
  if (!ok)
    report(DiagKind::BadMerge, key.offset() == value.offset() ? key : value,
           "a merge key '<<' takes a mapping or a list of mappings");
}

void Builder::close_all() {
  while (!stack_.empty()) {
    // A mapping cut short after a key gets an empty value.
    Frame& f = stack_.back();
    if (f.node->kind_ == Kind::Mapping && (kids_.size() - f.first_child) % 2 == 1) {
      Node* n = make(Kind::Scalar, Style::Plain, f.node->mark(), f.node->offset_);
      n->type_ = ScalarType::Null;
      n->flags_ |= Node::kEmpty;
      kids_.push_back(n);
    }
    end_collection();
  }
  if (in_document_) end_document();
}

}  // namespace wfgen::yaml
