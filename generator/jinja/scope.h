// Scopes of a render: Frame (one per for-loop, macro call, with, block...) and
// Context (per template render chain: the render variables, the top-level frame,
// the block chains of template inheritance).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "jinja/ref.h"
#include "jinja/value.h"

namespace wfgen::jinja {

class Template;
struct BlockStmt;

struct Frame : Object {
  Ref<Frame> parent;
  std::vector<std::pair<uint32_t, Value>> vars;

  explicit Frame(Ref<Frame> p = {}) : parent(std::move(p)) {}

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

  void export_name(uint32_t sym) {
    for (uint32_t s : exported) {
      if (s == sym) return;
    }
    exported.push_back(sym);
  }
};

}  // namespace wfgen::jinja
