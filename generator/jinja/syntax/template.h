// Template: one parsed template, immutable after parsing and shareable between
// renders. Holds its source (text nodes point into it), its body and its blocks.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "jinja/syntax/nodes.h"
#include "jinja/syntax/source.h"

namespace wfgen::jinja {

class Template {
 public:
  Template(std::string name, std::unique_ptr<SourceFile> source)
      : name_(std::move(name)), source_(std::move(source)) {}

  const std::string& name() const { return name_; }
  const SourceFile& source() const { return *source_; }
  const Body& body() const { return body_; }
  const BlockStmt* block(std::string_view name) const {
    auto it = blocks_.find(name);
    return it == blocks_.end() ? nullptr : it->second;
  }
  const std::map<std::string, const BlockStmt*, std::less<>>& blocks() const { return blocks_; }
  // The names the template's top level binds to "missing" when it starts (see Unbound).
  const Unbound& unbound() const { return unbound_; }

 private:
  friend class Parser;
  friend void resolve_scopes(Template& tmpl);
  std::string name_;
  std::unique_ptr<SourceFile> source_;
  Body body_;
  Unbound unbound_;
  std::map<std::string, const BlockStmt*, std::less<>> blocks_;
};

}  // namespace wfgen::jinja
