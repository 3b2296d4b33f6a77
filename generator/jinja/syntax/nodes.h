// The template syntax tree, as Jinja2's nodes module defines it: expressions and
// statements. Nodes are plain data built once by the parser; evaluation lives in
// the renderer (runtime/). Every node keeps its source offset for error positions.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "jinja/value/value.h"

namespace wfgen::jinja {

struct Expr;
struct Stmt;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using Body = std::vector<StmtPtr>;
struct BuiltinFilter;  // builtins/registry.h
struct BuiltinTest;

// ---------------------------------------------------------------------------
// Expressions

enum class ExprKind : uint8_t {
  Const,    // literal value
  Name,     // variable load (or store target)
  Getattr,  // obj.name
  Getitem,  // obj[arg]
  Slice,    // start:stop:step inside []
  Call,
  Filter,    // expr|name(args)
  Test,      // expr is name(args)
  Unary,     // not, -, +
  Binary,    // + - * / // % ** ~ and or
  Compare,   // chained comparisons
  CondExpr,  // a if b else c
  Tuple,
  List,
  Dict,
  NsRef,  // ns.attr as an assignment target
};

enum class BinOp : uint8_t { Add, Sub, Mul, Div, FloorDiv, Mod, Pow, Concat, And, Or };
enum class UnaryOp : uint8_t { Not, Neg, Pos };
enum class CmpOp : uint8_t { Eq, Ne, Lt, Le, Gt, Ge, In, NotIn };

struct Expr {
  ExprKind kind;
  uint32_t pos;
  Expr(ExprKind k, uint32_t p) : kind(k), pos(p) {}
  virtual ~Expr() = default;
};

struct ConstExpr : Expr {
  Value value;
  ConstExpr(uint32_t p, Value v) : Expr(ExprKind::Const, p), value(std::move(v)) {}
};

struct NameExpr : Expr {
  std::string name;
  uint32_t symbol;  // interned id (see SymbolTable)
  NameExpr(uint32_t p, std::string n, uint32_t sym)
      : Expr(ExprKind::Name, p), name(std::move(n)), symbol(sym) {}
};

struct GetattrExpr : Expr {
  ExprPtr obj;
  std::string attr;
  bool names_dict_method;          // obj.attr on a dict means the method, not the key
  mutable LookupHint lookup_hint;  // render-time cache for DictObj::find
  GetattrExpr(uint32_t p, ExprPtr o, std::string a, bool dict_method)
      : Expr(ExprKind::Getattr, p),
        obj(std::move(o)),
        attr(std::move(a)),
        names_dict_method(dict_method) {}
};

// Where a slice of constants sits in its statement's expression, for the expressions
// around it that Jinja2 may fold at compile time (analysis/constant_folding.h): each
// expression's parent, the statement's whole expression's null (one table for all the
// slices of a statement).
struct FoldChain {
  std::shared_ptr<const std::unordered_map<const Expr*, const Expr*>> parents;
  bool printed = false;  // the whole expression is that of a {{ }}
};

struct GetitemExpr : Expr {
  ExprPtr obj;
  ExprPtr arg;
  // Set on a slice of constants when the template is compiled: where the subscript
  // fails, it may be an Undefined instead of an error, as folded by Jinja2.
  std::unique_ptr<const FoldChain> fold_chain;
  mutable LookupHint lookup_hint;  // render-time cache for DictObj::find
  GetitemExpr(uint32_t p, ExprPtr o, ExprPtr a)
      : Expr(ExprKind::Getitem, p), obj(std::move(o)), arg(std::move(a)) {}
};

struct SliceExpr : Expr {
  ExprPtr start, stop, step;  // each may be null
  explicit SliceExpr(uint32_t p) : Expr(ExprKind::Slice, p) {}
};

// Arguments of a call, filter or test.
struct CallArgsExpr {
  std::vector<ExprPtr> args;
  std::vector<std::pair<std::string, ExprPtr>> kwargs;
  ExprPtr dyn_args;    // *args
  ExprPtr dyn_kwargs;  // **kwargs
};

struct CallExpr : Expr {
  ExprPtr callee;
  CallArgsExpr args;
  CallExpr(uint32_t p, ExprPtr c) : Expr(ExprKind::Call, p), callee(std::move(c)) {}
};

struct FilterExpr : Expr {
  ExprPtr input;  // null inside {% filter %} blocks: the body is the input
  std::string name;
  // Set when the template is compiled (analysis/compile.h); null when unknown: raises
  // when evaluated (Jinja2 defers it in `if`).
  const BuiltinFilter* builtin = nullptr;
  CallArgsExpr args;
  FilterExpr(uint32_t p, ExprPtr in, std::string n)
      : Expr(ExprKind::Filter, p), input(std::move(in)), name(std::move(n)) {}
};

struct TestExpr : Expr {
  ExprPtr input;
  std::string name;
  const BuiltinTest* builtin = nullptr;  // as FilterExpr::builtin
  CallArgsExpr args;
  TestExpr(uint32_t p, ExprPtr in, std::string n)
      : Expr(ExprKind::Test, p), input(std::move(in)), name(std::move(n)) {}
};

struct UnaryExpr : Expr {
  UnaryOp op;
  ExprPtr operand;
  UnaryExpr(uint32_t p, UnaryOp o, ExprPtr e)
      : Expr(ExprKind::Unary, p), op(o), operand(std::move(e)) {}
};

struct BinaryExpr : Expr {
  BinOp op;
  // A ~ that Jinja2 may fold: folded, it joins plain strings, Markup or not (set when the
  // template is compiled: analysis/constant_folding.h).
  bool constant_concat = false;
  ExprPtr left, right;
  BinaryExpr(uint32_t p, BinOp o, ExprPtr l, ExprPtr r)
      : Expr(ExprKind::Binary, p), op(o), left(std::move(l)), right(std::move(r)) {}
};

struct CompareExpr : Expr {
  ExprPtr first;
  std::vector<std::pair<CmpOp, ExprPtr>> rest;
  CompareExpr(uint32_t p, ExprPtr f) : Expr(ExprKind::Compare, p), first(std::move(f)) {}
};

struct CondExpr : Expr {
  ExprPtr test, then, otherwise;  // otherwise may be null: undefined
  CondExpr(uint32_t p) : Expr(ExprKind::CondExpr, p) {}
};

struct SeqExpr : Expr {  // Tuple or List literal
  std::vector<ExprPtr> items;
  SeqExpr(ExprKind k, uint32_t p) : Expr(k, p) {}
};

struct DictExpr : Expr {
  std::vector<std::pair<ExprPtr, ExprPtr>> items;
  explicit DictExpr(uint32_t p) : Expr(ExprKind::Dict, p) {}
};

struct NsRefExpr : Expr {  // `{% set ns.attr = ... %}`
  std::string name;
  uint32_t symbol;
  std::string attr;
  NsRefExpr(uint32_t p, std::string n, uint32_t sym, std::string a)
      : Expr(ExprKind::NsRef, p), name(std::move(n)), symbol(sym), attr(std::move(a)) {}
};

// ---------------------------------------------------------------------------
// Statements

enum class StmtKind : uint8_t {
  Print,  // template data and {{ expr }}s
  If,
  For,
  Set,       // {% set target = expr %}
  SetBlock,  // {% set target %}...{% endset %}
  Macro,
  CallBlock,
  FilterBlock,
  With,
  Include,
  Import,
  FromImport,
  Extends,
  Block,
  Scope,  // {% autoescape %}: a scope of its own that sets the escaping
};

struct Stmt {
  StmtKind kind;
  uint32_t pos;
  Stmt(StmtKind k, uint32_t p) : kind(k), pos(p) {}
  virtual ~Stmt() = default;
};

// A run of template data and {{ expressions }}, in order. Most of a template is such
// runs between tags; one statement for the whole run keeps rendering it a tight loop.
struct PrintStmt : Stmt {
  struct Part {
    // Into the template's source: the text to print when `expr` is null, else the
    // expression's own source (for a source trace; empty for {% print %}).
    std::string_view text;
    ExprPtr expr;
  };
  std::vector<Part> parts;
  explicit PrintStmt(uint32_t p) : Stmt(StmtKind::Print, p) {}
};

struct IfStmt : Stmt {
  std::vector<std::pair<ExprPtr, Body>> branches;  // if + elifs
  Body otherwise;
  explicit IfStmt(uint32_t p) : Stmt(StmtKind::If, p) {}
};

// The names a scope binds to "missing" when it is entered: names it assigns before
// reading them, which Jinja2 makes local to the scope from its start (a read that
// comes earlier, from a nested loop or macro, finds them unassigned, not an outer
// value). Computed after parsing (see idtracking.h).
using Unbound = std::vector<uint32_t>;

struct ForStmt : Stmt {
  ExprPtr target;  // Name or Tuple of Names
  ExprPtr iter;
  ExprPtr filter;  // `if` clause, may be null
  Body body;
  Body otherwise;
  bool recursive = false;
  bool uses_loop = false;  // the body reads `loop` (or has a scoped block): bind it
  Unbound unbound;         // of the body, per iteration
  Unbound else_unbound;    // of the `else` body
  explicit ForStmt(uint32_t p) : Stmt(StmtKind::For, p) {}
};

struct SetStmt : Stmt {
  ExprPtr target;
  ExprPtr value;
  SetStmt(uint32_t p, ExprPtr t, ExprPtr v)
      : Stmt(StmtKind::Set, p), target(std::move(t)), value(std::move(v)) {}
};

struct SetBlockStmt : Stmt {
  ExprPtr target;
  std::unique_ptr<FilterExpr> filter;  // chain applied to the body, may be null
  Body body;
  Unbound unbound;
  explicit SetBlockStmt(uint32_t p) : Stmt(StmtKind::SetBlock, p) {}
};

// A macro's signature and body; shared by {% macro %} and the caller of {% call %}.
struct MacroDef {
  std::string name;  // empty for the caller of a {% call %} block (Jinja2's None)
  std::vector<std::pair<std::string, uint32_t>> params;  // name, symbol
  std::vector<ExprPtr> defaults;                         // for the last defaults.size() params
  Body body;
  // The body reads `caller` / `varargs` / `kwargs` (and no parameter has that name, for
  // the last two): calls then bind them.
  bool uses_caller = false, uses_varargs = false, uses_kwargs = false;
  int caller_param = -1;  // index of a parameter named `caller`
  Unbound unbound;        // of the body
  // Its output is a function of its arguments: a call may print what an earlier call
  // with equal arguments printed (set when compiled: analysis/macro_purity.h).
  bool memoizable = false;
  // Jinja2's Macro.name, as messages print it: 'name', or None for a caller.
  std::string quoted_name() const { return name.empty() ? "None" : "'" + name + "'"; }
};

struct MacroStmt : Stmt {
  uint32_t symbol;
  std::shared_ptr<MacroDef> def;
  MacroStmt(uint32_t p, uint32_t sym) : Stmt(StmtKind::Macro, p), symbol(sym) {}
};

struct CallBlockStmt : Stmt {
  std::unique_ptr<CallExpr> call;
  std::shared_ptr<MacroDef> caller;
  explicit CallBlockStmt(uint32_t p) : Stmt(StmtKind::CallBlock, p) {}
};

struct FilterBlockStmt : Stmt {
  std::unique_ptr<FilterExpr> filter;  // innermost FilterExpr has a null input
  Body body;
  Unbound unbound;
  explicit FilterBlockStmt(uint32_t p) : Stmt(StmtKind::FilterBlock, p) {}
};

struct WithStmt : Stmt {
  std::vector<std::pair<ExprPtr, ExprPtr>> assignments;  // target, value
  Body body;
  Unbound unbound;
  explicit WithStmt(uint32_t p) : Stmt(StmtKind::With, p) {}
};

struct IncludeStmt : Stmt {
  ExprPtr name;
  bool with_context = true;
  bool ignore_missing = false;
  explicit IncludeStmt(uint32_t p) : Stmt(StmtKind::Include, p) {}
};

struct ImportStmt : Stmt {
  ExprPtr name;
  std::string target;
  uint32_t symbol = 0;
  bool with_context = false;
  explicit ImportStmt(uint32_t p) : Stmt(StmtKind::Import, p) {}
};

struct FromImportStmt : Stmt {
  ExprPtr name;
  struct Item {
    std::string name;   // exported name
    std::string alias;  // local name
    uint32_t symbol;    // of alias
  };
  std::vector<Item> names;
  bool with_context = false;
  explicit FromImportStmt(uint32_t p) : Stmt(StmtKind::FromImport, p) {}
};

struct ExtendsStmt : Stmt {
  ExprPtr name;
  explicit ExtendsStmt(uint32_t p) : Stmt(StmtKind::Extends, p) {}
};

struct BlockStmt : Stmt {
  std::string name;
  Body body;
  bool scoped = false;
  bool required = false;
  Unbound unbound;
  explicit BlockStmt(uint32_t p) : Stmt(StmtKind::Block, p) {}
};

struct ScopeStmt : Stmt {
  ExprPtr autoescape;  // whether {{ }} output inside is HTML-escaped
  Body body;
  Unbound unbound;
  explicit ScopeStmt(uint32_t p) : Stmt(StmtKind::Scope, p) {}
};

}  // namespace wfgen::jinja
