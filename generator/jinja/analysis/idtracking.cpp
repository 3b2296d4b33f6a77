#include "jinja/analysis/idtracking.h"

#include <functional>
#include <map>
#include <set>

#include "jinja/syntax/interned_names.h"
#include "jinja/syntax/node_children.h"
#include "jinja/syntax/template.h"

namespace wfgen::jinja {

namespace {

const uint32_t kLoopSymbol = intern_symbol("loop");

using NameFn = std::function<void(uint32_t)>;

// Every name an expression reads.
void each_name(const Expr* e, const NameFn& f) {
  if (!e) return;
  if (e->kind == ExprKind::Name) return f(static_cast<const NameExpr&>(*e).symbol);
  if (e->kind == ExprKind::NsRef) return f(static_cast<const NsRefExpr&>(*e).symbol);
  for_each_child(*e, [&f](const Expr* child) { each_name(child, f); });
}

// How a scope's variable starts out (Jinja2's VAR_LOAD_*): a parameter, resolved from
// the context, copied from an enclosing scope's variable, or missing.
enum class Start : uint8_t { Param, Resolve, Alias, Missing };

// The names one scope knows, in the order Jinja2's symbol visitor meets them.
class Symbols {
 public:
  explicit Symbols(const Symbols* parent) : parent_(parent) {}

  bool has_ref(uint32_t sym) const {
    for (const Symbols* s = this; s; s = s->parent_) {
      if (s->refs_.count(sym)) return true;
    }
    return false;
  }
  void load(uint32_t sym) {
    if (!has_ref(sym)) refs_[sym] = Start::Resolve;
  }
  void store(uint32_t sym) {
    stores_.insert(sym);
    if (refs_.count(sym)) return;
    refs_[sym] = parent_ && parent_->has_ref(sym) ? Start::Alias : Start::Missing;
  }
  void param(uint32_t sym) {
    stores_.insert(sym);
    refs_[sym] = Start::Param;
  }

  // After an if: what its branches (analysed on copies) defined joins this scope, and a
  // name assigned only in some branch is resolved (or aliased), never missing.
  void branch_update(const std::vector<Symbols>& branches) {
    std::set<uint32_t> branch_stores;
    for (const Symbols& b : branches) branch_stores.insert(b.stores_.begin(), b.stores_.end());
    for (uint32_t s : stores_) branch_stores.erase(s);
    for (const Symbols& b : branches) {
      for (const auto& [sym, start] : b.refs_) refs_[sym] = start;
      stores_.insert(b.stores_.begin(), b.stores_.end());
    }
    for (uint32_t sym : branch_stores) {
      refs_[sym] = parent_ && parent_->has_ref(sym) ? Start::Alias : Start::Resolve;
    }
  }

  Unbound missing() const {
    Unbound out;
    for (const auto& [sym, start] : refs_) {
      if (start == Start::Missing) out.push_back(sym);
    }
    return out;
  }

 private:
  const Symbols* parent_;
  std::map<uint32_t, Start> refs_;
  std::set<uint32_t> stores_;
};

// Jinja2's FrameSymbolVisitor: the loads and stores of one scope's own level. Loops,
// macros, blocks and the like are scopes of their own: of them, only what the
// enclosing scope evaluates (a loop's iterable, a call block's call) is on this level.
class LevelVisitor {
 public:
  explicit LevelVisitor(Symbols& symbols) : sym_(&symbols) {}

  void body(const Body& stmts) {
    for (const auto& s : stmts) stmt(*s);
  }
  void expr(const Expr* e) {
    each_name(e, [this](uint32_t s) { sym_->load(s); });
  }
  // An assignment target: names are stores (or parameters), `ns.attr` reads `ns`.
  void target(const Expr& t, bool as_param = false) {
    if (t.kind == ExprKind::Name) {
      uint32_t s = static_cast<const NameExpr&>(t).symbol;
      return as_param ? sym_->param(s) : sym_->store(s);
    }
    if (t.kind == ExprKind::Tuple) {
      for (const auto& item : static_cast<const SeqExpr&>(t).items) target(*item, as_param);
      return;
    }
    expr(&t);
  }

  void stmt(const Stmt& s) {
    switch (s.kind) {
      case StmtKind::Print:
        for (const auto& part : static_cast<const PrintStmt&>(s).parts) expr(part.expr.get());
        return;
      case StmtKind::If:
        return if_branches(static_cast<const IfStmt&>(s), 0);
      case StmtKind::For:
        return expr(static_cast<const ForStmt&>(s).iter.get());
      case StmtKind::Set: {
        const auto& set = static_cast<const SetStmt&>(s);
        expr(set.value.get());
        return target(*set.target);
      }
      case StmtKind::SetBlock:
        return target(*static_cast<const SetBlockStmt&>(s).target);
      case StmtKind::Macro:
        return sym_->store(static_cast<const MacroStmt&>(s).symbol);
      case StmtKind::CallBlock:
        return expr(static_cast<const CallBlockStmt&>(s).call.get());
      case StmtKind::FilterBlock:
        return expr(static_cast<const FilterBlockStmt&>(s).filter.get());
      case StmtKind::With:
        for (const auto& [t, value] : static_cast<const WithStmt&>(s).assignments) {
          expr(value.get());
        }
        return;
      case StmtKind::Include:
        return expr(static_cast<const IncludeStmt&>(s).name.get());
      case StmtKind::Import: {
        const auto& i = static_cast<const ImportStmt&>(s);
        expr(i.name.get());
        return sym_->store(i.symbol);
      }
      case StmtKind::FromImport: {
        const auto& f = static_cast<const FromImportStmt&>(s);
        expr(f.name.get());
        for (const auto& item : f.names) sym_->store(item.symbol);
        return;
      }
      case StmtKind::Extends:
        return expr(static_cast<const ExtendsStmt&>(s).name.get());
      case StmtKind::Block:
      case StmtKind::Scope:
        return;
    }
  }

 private:
  // Jinja2 nests elifs: the test, then the body, the elifs (themselves an if) and the
  // else, each on a copy of the symbols, merged back with branch_update.
  void if_branches(const IfStmt& s, size_t first) {
    expr(s.branches[first].first.get());
    Symbols* original = sym_;
    auto on_copy = [&](const std::function<void()>& visit) {
      Symbols copy = *original;
      sym_ = &copy;
      visit();
      sym_ = original;
      return copy;
    };
    std::vector<Symbols> branches;
    branches.push_back(on_copy([&] { body(s.branches[first].second); }));
    branches.push_back(on_copy([&] {
      if (first + 1 < s.branches.size()) if_branches(s, first + 1);
    }));
    branches.push_back(on_copy([&] {
      if (first + 1 == s.branches.size()) body(s.otherwise);
    }));
    sym_->branch_update(branches);
  }

  Symbols* sym_;
};

using StmtFn = std::function<void(const Stmt&)>;

// Every statement in `body` and below it (into blocks only when `into_blocks`).
void each_stmt(const Body& body, bool into_blocks, const StmtFn& f) {
  for (const auto& sp : body) {
    const Stmt& s = *sp;
    f(s);
    switch (s.kind) {
      case StmtKind::If: {
        const auto& i = static_cast<const IfStmt&>(s);
        for (const auto& [test, b] : i.branches) each_stmt(b, into_blocks, f);
        each_stmt(i.otherwise, into_blocks, f);
        break;
      }
      case StmtKind::For: {
        const auto& l = static_cast<const ForStmt&>(s);
        each_stmt(l.body, into_blocks, f);
        each_stmt(l.otherwise, into_blocks, f);
        break;
      }
      case StmtKind::SetBlock:
        each_stmt(static_cast<const SetBlockStmt&>(s).body, into_blocks, f);
        break;
      case StmtKind::Macro:
        each_stmt(static_cast<const MacroStmt&>(s).def->body, into_blocks, f);
        break;
      case StmtKind::CallBlock:
        each_stmt(static_cast<const CallBlockStmt&>(s).caller->body, into_blocks, f);
        break;
      case StmtKind::FilterBlock:
        each_stmt(static_cast<const FilterBlockStmt&>(s).body, into_blocks, f);
        break;
      case StmtKind::With:
        each_stmt(static_cast<const WithStmt&>(s).body, into_blocks, f);
        break;
      case StmtKind::Block:
        if (into_blocks) each_stmt(static_cast<const BlockStmt&>(s).body, into_blocks, f);
        break;
      case StmtKind::Scope:
        each_stmt(static_cast<const ScopeStmt&>(s).body, into_blocks, f);
        break;
      default:
        break;
    }
  }
}

// Every expression one statement evaluates itself (not those of nested statements).
void each_expr(const Stmt& s, const std::function<void(const Expr*)>& f) {
  switch (s.kind) {
    case StmtKind::Print:
      for (const auto& part : static_cast<const PrintStmt&>(s).parts) f(part.expr.get());
      return;
    case StmtKind::If:
      for (const auto& [test, b] : static_cast<const IfStmt&>(s).branches) f(test.get());
      return;
    case StmtKind::For: {
      const auto& l = static_cast<const ForStmt&>(s);
      f(l.iter.get());
      f(l.filter.get());
      return;
    }
    case StmtKind::Set:
      f(static_cast<const SetStmt&>(s).value.get());
      return;
    case StmtKind::SetBlock:
      f(static_cast<const SetBlockStmt&>(s).filter.get());
      return;
    case StmtKind::Macro:
      for (const auto& d : static_cast<const MacroStmt&>(s).def->defaults) f(d.get());
      return;
    case StmtKind::CallBlock: {
      const auto& c = static_cast<const CallBlockStmt&>(s);
      f(c.call.get());
      for (const auto& d : c.caller->defaults) f(d.get());
      return;
    }
    case StmtKind::FilterBlock:
      f(static_cast<const FilterBlockStmt&>(s).filter.get());
      return;
    case StmtKind::With:
      for (const auto& [t, value] : static_cast<const WithStmt&>(s).assignments) f(value.get());
      return;
    case StmtKind::Include:
      f(static_cast<const IncludeStmt&>(s).name.get());
      return;
    case StmtKind::Import:
      f(static_cast<const ImportStmt&>(s).name.get());
      return;
    case StmtKind::FromImport:
      f(static_cast<const FromImportStmt&>(s).name.get());
      return;
    case StmtKind::Extends:
      f(static_cast<const ExtendsStmt&>(s).name.get());
      return;
    case StmtKind::Scope:
      f(static_cast<const ScopeStmt&>(s).autoescape.get());
      return;
    case StmtKind::Block:
      return;
  }
}

// As Jinja2's compiler: a loop binds `loop` when it is recursive, when its body reads
// `loop` (blocks not looked into), or when a scoped block stands anywhere in it.
bool loop_needs_loop_object(const ForStmt& f) {
  if (f.recursive) return true;
  bool needed = false;
  each_stmt(f.body, false, [&](const Stmt& s) {
    each_expr(s, [&](const Expr* e) {
      each_name(e, [&](uint32_t sym) { needed = needed || sym == kLoopSymbol; });
    });
  });
  if (needed) return true;
  each_stmt(f.body, true, [&](const Stmt& s) {
    needed = needed || (s.kind == StmtKind::Block && static_cast<const BlockStmt&>(s).scoped);
  });
  return needed;
}

// Analyses the scopes below one analysed level (through its ifs, which are on that
// level), each with `parent` as the enclosing scope.
void resolve_children(const Body& body, const Symbols* parent);

Unbound resolve_scope(const Symbols* parent, const std::function<void(LevelVisitor&)>& visit,
                      const Body& body) {
  Symbols symbols(parent);
  LevelVisitor level(symbols);
  visit(level);
  resolve_children(body, &symbols);
  return symbols.missing();
}

void resolve_macro(MacroDef& def, const Symbols* parent) {
  def.unbound = resolve_scope(
      parent,
      [&](LevelVisitor& v) {
        for (const auto& [name, sym] : def.params) {
          NameExpr param(0, name, sym);
          v.target(param, true);
        }
        for (const auto& d : def.defaults) v.expr(d.get());
        v.body(def.body);
      },
      def.body);
}

void resolve_child(Stmt& s, const Symbols* parent) {
  switch (s.kind) {
    case StmtKind::If: {
      auto& i = static_cast<IfStmt&>(s);
      for (auto& [test, b] : i.branches) resolve_children(b, parent);
      resolve_children(i.otherwise, parent);
      return;
    }
    case StmtKind::Scope: {
      auto& sc = static_cast<ScopeStmt&>(s);
      sc.unbound = resolve_scope(
          parent,
          [&](LevelVisitor& v) {
            v.expr(sc.autoescape.get());
            v.body(sc.body);
          },
          sc.body);
      return;
    }
    case StmtKind::For: {
      auto& f = static_cast<ForStmt&>(s);
      f.unbound = resolve_scope(
          parent,
          [&](LevelVisitor& v) {
            v.target(*f.target, true);
            v.body(f.body);
          },
          f.body);
      f.else_unbound = resolve_scope(
          parent, [&](LevelVisitor& v) { v.body(f.otherwise); }, f.otherwise);
      f.uses_loop = loop_needs_loop_object(f);
      return;
    }
    case StmtKind::Macro:
      return resolve_macro(*static_cast<MacroStmt&>(s).def, parent);
    case StmtKind::CallBlock:
      return resolve_macro(*static_cast<CallBlockStmt&>(s).caller, parent);
    case StmtKind::SetBlock: {
      auto& b = static_cast<SetBlockStmt&>(s);
      b.unbound = resolve_scope(
          parent, [&](LevelVisitor& v) { v.body(b.body); }, b.body);
      return;
    }
    case StmtKind::FilterBlock: {
      auto& b = static_cast<FilterBlockStmt&>(s);
      b.unbound = resolve_scope(
          parent,
          [&](LevelVisitor& v) {
            v.body(b.body);
            v.expr(b.filter.get());
          },
          b.body);
      return;
    }
    case StmtKind::With: {
      auto& w = static_cast<WithStmt&>(s);
      w.unbound = resolve_scope(
          parent,
          [&](LevelVisitor& v) {
            for (const auto& [target, value] : w.assignments) v.target(*target);
            v.body(w.body);
          },
          w.body);
      return;
    }
    case StmtKind::Block: {
      // A block is a scope of its own with no enclosing one: it reads the context.
      auto& b = static_cast<BlockStmt&>(s);
      b.unbound = resolve_scope(
          nullptr, [&](LevelVisitor& v) { v.body(b.body); }, b.body);
      return;
    }
    default:
      return;
  }
}

void resolve_children(const Body& body, const Symbols* parent) {
  for (const auto& s : body) resolve_child(*s, parent);
}

}  // namespace

void resolve_scopes(Template& tmpl) {
  tmpl.unbound_ = resolve_scope(
      nullptr, [&](LevelVisitor& v) { v.body(tmpl.body_); }, tmpl.body_);
}

}  // namespace wfgen::jinja
