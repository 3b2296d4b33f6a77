// Scopes of a render: Frame (one per for-loop, macro call, with, block...) and
// Context (per template render chain: the render variables, the top-level frame,
// the block chains of template inheritance).
#pragma once

#include <array>
#include <iterator>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "jinja/value/ref.h"
#include "jinja/value/value.h"

namespace wfgen::jinja {

class Template;
struct BlockStmt;

// The variables of one scope: a few names, kept inline so that a scope (one per macro
// call and loop) costs one allocation; larger scopes spill to the heap.
class ScopeVars {
 public:
  using Entry = std::pair<uint32_t, Value>;
  Entry& operator[](size_t i) { return data()[i]; }
  Entry* begin() { return data(); }
  Entry* end() { return data() + size_; }
  const Entry* begin() const { return data(); }
  const Entry* end() const { return data() + size_; }
  size_t size() const { return size_; }
  void clear() {
    for (size_t i = 0; i < size_; ++i) data()[i].second = Value();
    heap_.clear();
    size_ = 0;
  }
  void emplace_back(uint32_t sym, Value v) {
    if (size_ < kInline) {
      inline_[size_].first = sym;
      inline_[size_].second = std::move(v);
    } else {
      if (size_ == kInline)
        heap_.assign(std::make_move_iterator(inline_.begin()),
                     std::make_move_iterator(inline_.end()));
      heap_.emplace_back(sym, std::move(v));
    }
    ++size_;
  }

 private:
  static constexpr size_t kInline = 6;
  Entry* data() { return size_ > kInline ? heap_.data() : inline_.data(); }
  const Entry* data() const { return size_ > kInline ? heap_.data() : inline_.data(); }
  std::array<Entry, kInline> inline_;
  std::vector<Entry> heap_;
  size_t size_ = 0;
};

// The value of a variable its scope has not assigned yet (Jinja2's `missing`): a read
// gives an undefined named after the variable, and looks no further out.
const Value& missing_value();
inline bool is_missing(const Value& v) {
  return v.is_undefined() && v.undefined_info() == missing_value().undefined_info();
}

struct Frame : Object {
  Ref<Frame> parent;
  ScopeVars vars;
  // A block's frame: Jinja2 hands a block only the assigned variables of the scope it
  // stands in, so missing ones beyond this frame are passed over.
  bool opens_context = false;

  explicit Frame(Ref<Frame> p = {}) : parent(std::move(p)) {}

  // Binds each name of a scope's Unbound list as missing (a fresh frame).
  void bind_missing(const std::vector<uint32_t>& names) {
    for (uint32_t sym : names) vars.emplace_back(sym, missing_value());
  }
  // The same for a frame that may hold some of them already (a template's top level,
  // shared by the templates of an extends chain): those keep their value.
  void bind_missing_if_absent(const std::vector<uint32_t>& names) {
    for (uint32_t sym : names) {
      if (!find_local(sym)) vars.emplace_back(sym, missing_value());
    }
  }

  const Value* find_local(uint32_t sym) const {
    for (const auto& [s, v] : vars) {
      if (s == sym) return &v;
    }
    return nullptr;
  }
  void set(uint32_t sym, Value v) {
    for (auto& [s, old] : vars) {
      if (s == sym) {
        old = std::move(v);
        return;
      }
    }
    vars.emplace_back(sym, std::move(v));
  }
};

struct BlockRef {
  const BlockStmt* block;
  std::shared_ptr<const Template> tmpl;
};

struct Context : Object {
  std::unordered_map<uint32_t, Value> data;  // the variables the render was given
  Ref<Frame> root = make_ref<Frame>();       // top-level assignments (context.vars)
  std::vector<uint32_t> exported;            // exported top-level names, in order
  std::map<std::string, std::vector<BlockRef>, std::less<>> blocks;  // most derived first
  std::shared_ptr<const Template> tmpl;  // the template this context renders first
  // Jinja2's context.eval_ctx.autoescape: what the {% autoescape %} running in this
  // context says (the code of a volatile scope escapes by it, where it runs).
  bool eval_autoescape = false;

  void export_name(uint32_t sym) {
    for (uint32_t s : exported) {
      if (s == sym) return;
    }
    exported.push_back(sym);
  }
};

}  // namespace wfgen::jinja
