#include "jinja/analysis/unknown_filters_tests.h"

#include <optional>

#include "jinja/error.h"
#include "jinja/python/ops.h"
#include "jinja/syntax/node_children.h"
#include "jinja/syntax/template.h"

namespace wfgen::jinja {

namespace {

// The constant an expression folds to at compile time, as far as it matters here:
// literals, `not`, comparisons, and `and`/`or`/inline if that a constant decides.
std::optional<Value> fold(const Expr* e) {
  if (!e) return std::nullopt;
  try {
    switch (e->kind) {
      case ExprKind::Const:
        return static_cast<const ConstExpr&>(*e).value;
      case ExprKind::Unary: {
        const auto& u = static_cast<const UnaryExpr&>(*e);
        if (u.op != UnaryOp::Not) return std::nullopt;
        auto v = fold(u.operand.get());
        if (!v) return std::nullopt;
        return Value::boolean(!truthy(*v));
      }
      case ExprKind::Binary: {
        const auto& b = static_cast<const BinaryExpr&>(*e);
        if (b.op != BinOp::And && b.op != BinOp::Or) return std::nullopt;
        auto left = fold(b.left.get());
        if (!left) return std::nullopt;
        if (truthy(*left) == (b.op == BinOp::Or)) return left;
        return fold(b.right.get());
      }
      case ExprKind::CondExpr: {
        const auto& c = static_cast<const CondExpr&>(*e);
        auto test = fold(c.test.get());
        if (!test) return std::nullopt;
        return truthy(*test) ? fold(c.then.get()) : fold(c.otherwise.get());
      }
      case ExprKind::Compare: {
        const auto& c = static_cast<const CompareExpr&>(*e);
        auto left = fold(c.first.get());
        if (!left) return std::nullopt;
        for (const auto& [op, operand] : c.rest) {
          auto right = fold(operand.get());
          if (!right) return std::nullopt;
          bool ok = false;
          switch (op) {
            case CmpOp::Eq:
              ok = equals(*left, *right);
              break;
            case CmpOp::Ne:
              ok = !equals(*left, *right);
              break;
            case CmpOp::Lt:
              ok = compare(*left, *right) < 0;
              break;
            case CmpOp::Le:
              ok = compare(*left, *right) <= 0;
              break;
            case CmpOp::Gt:
              ok = compare(*left, *right) > 0;
              break;
            case CmpOp::Ge:
              ok = compare(*left, *right) >= 0;
              break;
            case CmpOp::In:
            case CmpOp::NotIn:
              return std::nullopt;
          }
          if (!ok) return Value::boolean(false);
          left = std::move(right);
        }
        return Value::boolean(true);
      }
      default:
        return std::nullopt;
    }
  } catch (const TemplateError&) {
    return std::nullopt;  // folding failed: Jinja2 compiles the expression instead
  }
}

class Checker {
 public:
  explicit Checker(const Template& tmpl) : tmpl_(tmpl) {}

  void run() {
    body(tmpl_.body(), false);
    for (const auto& [name, block] : tmpl_.blocks()) body(block->body, false);
  }

 private:
  void fail(const std::string& kind, const std::string& name, uint32_t pos) const {
    tmpl_.source().fail("No " + kind + " named '" + name + "'.", pos);
  }

  // Jinja2's compiler checks a filter or test before compiling its input, so the
  // outermost unknown name is the one reported.
  void expr(const Expr* e, bool soft) {
    if (!e) return;
    if (e->kind == ExprKind::Filter) {
      const auto& f = static_cast<const FilterExpr&>(*e);
      if (!f.builtin && !soft) fail("filter", f.name, f.pos);
    } else if (e->kind == ExprKind::Test) {
      const auto& t = static_cast<const TestExpr&>(*e);
      if (!t.builtin && !soft) fail("test", t.name, t.pos);
    } else if (e->kind == ExprKind::CondExpr) {
      soft = true;  // an inline if is soft throughout
    }
    for_each_child(*e, [this, soft](const Expr* child) { expr(child, soft); });
  }

  void body(const Body& stmts, bool soft) {
    for (const auto& s : stmts) stmt(*s, soft);
  }

  void macro(const MacroDef& def) {
    for (const auto& d : def.defaults) expr(d.get(), false);
    body(def.body, false);
  }

  // `soft` is whether this statement stands in an if (directly: the scopes a loop, macro,
  // block... opens are not soft again).
  void stmt(const Stmt& s, bool soft) {
    switch (s.kind) {
      case StmtKind::Print:
        for (const auto& part : static_cast<const PrintStmt&>(s).parts) {
          if (part.expr && !fold(part.expr.get())) expr(part.expr.get(), soft);
        }
        return;
      case StmtKind::If: {
        const auto& i = static_cast<const IfStmt&>(s);
        for (const auto& [test, b] : i.branches) {
          expr(test.get(), true);
          body(b, true);
        }
        return body(i.otherwise, true);
      }
      case StmtKind::For: {
        const auto& f = static_cast<const ForStmt&>(s);
        expr(f.iter.get(), soft);
        expr(f.filter.get(), false);
        body(f.body, false);
        return body(f.otherwise, false);
      }
      case StmtKind::Set:
        return expr(static_cast<const SetStmt&>(s).value.get(), soft);
      case StmtKind::SetBlock: {
        const auto& b = static_cast<const SetBlockStmt&>(s);
        body(b.body, false);
        return expr(b.filter.get(), false);
      }
      case StmtKind::Macro:
        return macro(*static_cast<const MacroStmt&>(s).def);
      case StmtKind::CallBlock: {
        const auto& c = static_cast<const CallBlockStmt&>(s);
        macro(*c.caller);
        return expr(c.call.get(), soft);
      }
      case StmtKind::FilterBlock: {
        const auto& f = static_cast<const FilterBlockStmt&>(s);
        body(f.body, false);
        return expr(f.filter.get(), false);
      }
      case StmtKind::With: {
        const auto& w = static_cast<const WithStmt&>(s);
        for (const auto& [target, value] : w.assignments) expr(value.get(), soft);
        return body(w.body, false);
      }
      case StmtKind::Include:
        return expr(static_cast<const IncludeStmt&>(s).name.get(), soft);
      case StmtKind::Import:
        return expr(static_cast<const ImportStmt&>(s).name.get(), soft);
      case StmtKind::FromImport:
        return expr(static_cast<const FromImportStmt&>(s).name.get(), soft);
      case StmtKind::Extends:
        return expr(static_cast<const ExtendsStmt&>(s).name.get(), soft);
      case StmtKind::Block:  // compiled after the top level (see run)
        return;
      case StmtKind::Scope: {
        const auto& sc = static_cast<const ScopeStmt&>(s);
        expr(sc.autoescape.get(), false);
        return body(sc.body, false);
      }
    }
  }

  const Template& tmpl_;
};

}  // namespace

void check_unknown_filters_tests(const Template& tmpl) {
  Checker(tmpl).run();
}

}  // namespace wfgen::jinja
