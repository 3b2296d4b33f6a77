// The runtime objects templates see besides data: macros, the loop object, imported
// template modules, `self`, `super` and global functions.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "jinja/builtins/registry.h"
#include "jinja/runtime/frame.h"
#include "jinja/syntax/nodes.h"
#include "jinja/value/value.h"

namespace wfgen::jinja {

class Template;

// How Jinja2's compiler saw the {% autoescape %} scopes around a piece of code: the
// escaping of the innermost constant one, and whether one was not constant (volatile:
// there it folds only a {{ }}, and no filter or test). Lexical, as a compiler's view is:
// a template, a block and a macro body see where they are written, not who runs them.
struct CompiledEscaping {
  bool autoescape = false;
  bool volatile_scope = false;
};

// A {% macro %} (or the `caller` of a {% call %} block) bound to the scope it was
// defined in: like a Python closure, it sees that scope's variables as they are
// when it is called.
struct MacroObj : ObjectBase {
  std::shared_ptr<MacroDef> def;
  const Template* tmpl = nullptr;  // where the body is (alive for the whole render)
  Ref<Frame> closure;
  Ref<Context> ctx;
  bool autoescape = false;  // escaping of the scope it was defined in, for its body
  CompiledEscaping compiled;  // and as Jinja2's compiler saw it there

  std::string_view type_name() const override { return "Macro"; }
  std::string_view python_module() const override { return "jinja2.runtime"; }
  const MacroObj* as_macro() const override { return this; }
  bool getattr(Runtime& rt, std::string_view name, Value& out) const override;
  bool callable() const override { return true; }
  Value call(Runtime& rt, CallArgs& args) override;
  void repr(std::string& out) const override;
};

// Jinja2's LoopContext: `loop.index`, `loop.cycle(...)`, `loop(children)`...
struct LoopObj : ObjectBase {
  std::vector<Value> items;
  size_t index0 = 0;
  size_t depth0 = 0;
  const ForStmt* node = nullptr;
  // Where a recursive `loop(...)` call renders the body, wherever the call is made from (a
  // child's block, a macro of another template): the loop's scope, context and template,
  // its escaping (as a macro's: fixed where compiled, or its context's at the call in a
  // volatile `{% autoescape %}`), and whether its output was dropped (after `extends`).
  Ref<Frame> outer;
  Ref<Context> ctx;
  const Template* tmpl = nullptr;  // alive for the whole render
  bool autoescape = false;
  CompiledEscaping compiled;
  bool suppress_output = false;
  Value last_changed;
  bool changed_called = false;

  std::string_view type_name() const override { return "LoopContext"; }
  std::string_view python_module() const override { return "jinja2.runtime"; }
  bool getattr(Runtime& rt, std::string_view name, Value& out) const override;
  bool callable() const override { return true; }
  Value call(Runtime& rt, CallArgs& args) override;
  void repr(std::string& out) const override;
  // len(loop) is loop.length, the items the loop takes (LoopContext.__len__).
  bool size(size_t& n) const override {
    n = items.size();
    return true;
  }
  // The frame and context are cleared when the render ends (renderer.h).
  void held_values(const std::function<void(Value&)>& fn) override {
    for (Value& item : items) fn(item);
    fn(last_changed);
  }
};

// The result of {% import %}: the template's exported macros and variables.
struct ModuleObj : ObjectBase {
  std::string name;
  std::vector<std::pair<std::string, Value>> exports;
  std::string body;  // str(module) is the module's rendered output

  std::string_view type_name() const override { return "TemplateModule"; }
  std::string_view python_module() const override { return "jinja2.environment"; }
  bool getattr(Runtime& rt, std::string_view name, Value& out) const override;
  const Value* stored_attribute(std::string_view name, uint32_t& hint) const override;
  void repr(std::string& out) const override { out += body; }
  void held_values(const std::function<void(Value&)>& fn) override {
    for (auto& [name, value] : exports) fn(value);
  }
};

// `self` in a template: `self.blockname()` renders that block.
struct SelfObj : ObjectBase {
  Ref<Context> ctx;
  std::string_view type_name() const override { return "TemplateReference"; }
  std::string_view python_module() const override { return "jinja2.runtime"; }
  bool getattr(Runtime& rt, std::string_view name, Value& out) const override;
  void repr(std::string& out) const override;
};

// A callable that renders block `name` at position `index` of the chain:
// `super()` and `self.name()`.
struct BlockCallObj : ObjectBase {
  Ref<Context> ctx;
  std::string name;
  size_t index = 0;
  // The names the block sees: those where a scoped block stands, which super() passes
  // on to the parent's block; null for the template's top-level names.
  Ref<Frame> scope;
  std::string_view type_name() const override { return "BlockReference"; }
  std::string_view python_module() const override { return "jinja2.runtime"; }
  bool getattr(Runtime& rt, std::string_view name, Value& out) const override;
  bool callable() const override { return true; }
  Value call(Runtime& rt, CallArgs& args) override;
};

// A builtin global function (range, dict, namespace...).
// Most are classes in Python (range, dict, Cycler...), printed as such.
struct GlobalFuncObj : ObjectBase {
  GlobalFn fn;
  std::string name;
  std::string_view type_name() const override {
    return python_class().empty() ? "function" : "type";
  }
  bool callable() const override { return true; }
  Value call(Runtime& rt, CallArgs& args) override { return fn(rt, args); }
  void repr(std::string& out) const override {
    std::string_view cls = python_class();
    if (cls.empty()) {
      out += "<function " + std::string(name == "lipsum" ? "generate_lorem_ipsum" : name) + ">";
    } else {
      out += "<class '" + std::string(cls) + "'>";
    }
  }
  // The Python class this global is, or empty for a plain function (lipsum).
  std::string_view python_class() const {
    if (name == "range" || name == "dict") return name;
    if (name == "cycler") return "jinja2.utils.Cycler";
    if (name == "joiner") return "jinja2.utils.Joiner";
    if (name == "namespace") return "jinja2.utils.Namespace";
    return {};
  }
};

}  // namespace wfgen::jinja
