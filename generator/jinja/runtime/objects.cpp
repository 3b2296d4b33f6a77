#include "jinja/runtime/objects.h"

#include "jinja/error.h"
#include "jinja/python/ops.h"
#include "jinja/runtime/renderer.h"
#include "jinja/syntax/template.h"

namespace wfgen::jinja {

namespace {

Renderer& renderer(Runtime& rt) {
  return static_cast<Renderer&>(rt);
}

// loop.cycle / loop.changed, bound to their loop.
struct LoopMethodObj : ObjectBase {
  Value loop;  // the LoopObj
  bool is_cycle;
  std::string_view type_name() const override { return "method"; }
  void repr(std::string& out) const override {
    out +=
        is_cycle ? "<bound method LoopContext.cycle of " : "<bound method LoopContext.changed of ";
    loop.obj().repr(out);
    out += ">";
  }
  bool callable() const override { return true; }
  void held_values(const std::function<void(Value&)>& fn) override { fn(loop); }
  Value call(Runtime&, CallArgs& args) override {
    auto& l = static_cast<LoopObj&>(loop.obj());
    if (!args.kwargs.empty()) {
      throw_type_error(std::string(is_cycle ? "cycle" : "changed") +
                       "() got an unexpected keyword argument '" + args.kwargs[0].first + "'");
    }
    if (is_cycle) {
      if (args.args.empty()) throw_type_error("no items for cycling given");
      return args.args[l.index0 % args.args.size()];
    }
    Value current = Value::list(std::move(args.args));
    if (!l.changed_called || !equals(l.last_changed, current)) {
      l.changed_called = true;
      l.last_changed = std::move(current);
      return Value::boolean(true);
    }
    return Value::boolean(false);
  }
};

}  // namespace

// --- MacroObj -----------------------------------------------------------------------

bool MacroObj::getattr(Runtime&, std::string_view name, Value& out) const {
  if (name == "name") {
    out = def->name.empty() ? Value::none() : Value::string(def->name);
  } else if (name == "arguments") {
    std::vector<Value> names;
    for (const auto& p : def->params) names.push_back(Value::string(p.first));
    out = Value::tuple(std::move(names));
  } else if (name == "catch_kwargs") {
    out = Value::boolean(def->uses_kwargs);
  } else if (name == "catch_varargs") {
    out = Value::boolean(def->uses_varargs);
  } else if (name == "caller") {
    out = Value::boolean(def->uses_caller);
  } else {
    return false;
  }
  return true;
}

Value MacroObj::call(Runtime& rt, CallArgs& args) {
  return renderer(rt).call_macro(*this, args);
}

void MacroObj::repr(std::string& out) const {
  out += "<Macro ";
  if (def->name.empty()) {
    out += "anonymous";
  } else {
    append_string_repr(out, def->name);
  }
  out += ">";
}

// --- LoopObj ------------------------------------------------------------------------

bool LoopObj::getattr(Runtime& rt, std::string_view name, Value& out) const {
  const auto n = static_cast<int64_t>(items.size());
  const auto i = static_cast<int64_t>(index0);
  if (name == "index") {
    out = Value::integer(i + 1);
  } else if (name == "index0") {
    out = Value::integer(i);
  } else if (name == "revindex") {
    out = Value::integer(n - i);
  } else if (name == "revindex0") {
    out = Value::integer(n - i - 1);
  } else if (name == "first") {
    out = Value::boolean(i == 0);
  } else if (name == "last") {
    out = Value::boolean(i == n - 1);
  } else if (name == "length") {
    out = Value::integer(n);
  } else if (name == "depth") {
    out = Value::integer(static_cast<int64_t>(depth0) + 1);
  } else if (name == "depth0") {
    out = Value::integer(static_cast<int64_t>(depth0));
  } else if (name == "previtem") {
    out = i > 0 ? items[index0 - 1] : rt.make_undefined("there is no previous item");
  } else if (name == "nextitem") {
    out = i + 1 < n ? items[index0 + 1] : rt.make_undefined("there is no next item");
  } else if (name == "cycle" || name == "changed") {
    auto* m = new LoopMethodObj;
    m->loop = Value::object(const_cast<LoopObj*>(this));
    m->is_cycle = name == "cycle";
    out = Value::object(m);
  } else {
    return false;
  }
  return true;
}

Value LoopObj::call(Runtime& rt, CallArgs& args) {
  if (!node || !node->recursive) {
    throw_type_error("The loop must have the 'recursive' marker to be called recursively.");
  }
  if (!args.kwargs.empty()) {
    throw_type_error("LoopContext.__call__() got an unexpected keyword argument '" +
                     args.kwargs[0].first + "'");
  }
  if (args.args.size() != 1) {
    throw_type_error("LoopContext.__call__() " +
                     std::string(args.args.empty()
                                     ? "missing 1 required positional argument: "
                                       "'iterable'"
                                     : "takes 2 positional arguments but " +
                                           std::to_string(args.args.size() + 1) + " were given"));
  }
  return renderer(rt).render_loop_recursive(*this, args.args[0]);
}

void LoopObj::repr(std::string& out) const {
  out += "<LoopContext " + std::to_string(index0 + 1) + "/" + std::to_string(items.size()) + ">";
}

// --- ModuleObj, SelfObj, BlockCallObj ---------------------------------------------------

bool ModuleObj::getattr(Runtime&, std::string_view attr, Value& out) const {
  uint32_t hint = 0;
  const Value* v = stored_attribute(attr, hint);
  if (v) out = *v;
  return v != nullptr;
}

const Value* ModuleObj::stored_attribute(std::string_view attr, uint32_t& hint) const {
  auto matches = [&](size_t i) {
    const std::string& k = exports[i].first;
    return k.size() == attr.size() && bytes_equal(k.data(), attr.data(), k.size());
  };
  if (hint < exports.size() && matches(hint)) return &exports[hint].second;
  for (size_t i = 0; i < exports.size(); ++i) {
    if (matches(i)) {
      hint = static_cast<uint32_t>(i);
      return &exports[i].second;
    }
  }
  return nullptr;
}

bool SelfObj::getattr(Runtime&, std::string_view name, Value& out) const {
  if (ctx->blocks.find(name) == ctx->blocks.end()) return false;
  auto* b = new BlockCallObj;
  b->ctx = ctx;
  b->name = std::string(name);
  b->index = 0;
  out = Value::object(b);
  return true;
}

void SelfObj::repr(std::string& out) const {
  out += "<TemplateReference ";
  append_string_repr(out, ctx->tmpl ? ctx->tmpl->name() : std::string());
  out += ">";
}

bool BlockCallObj::getattr(Runtime& rt, std::string_view attr, Value& out) const {
  if (attr != "super") return false;
  auto it = ctx->blocks.find(name);
  if (it == ctx->blocks.end() || index + 1 >= it->second.size()) {
    out = rt.make_undefined("there is no parent block called '" + name + "'.");
    return true;
  }
  auto* b = new BlockCallObj;
  b->ctx = ctx;
  b->name = name;
  b->index = index + 1;
  b->scope = scope;
  out = Value::object(b);
  return true;
}

Value BlockCallObj::call(Runtime& rt, CallArgs&) {
  return renderer(rt).render_block(ctx, name, index, scope);
}

}  // namespace wfgen::jinja
