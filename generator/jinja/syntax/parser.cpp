#include "jinja/syntax/parser.h"

#include <initializer_list>
#include <optional>
#include <utility>

#include "jinja/limits.h"
#include "jinja/options.h"
#include "jinja/python/int_digits.h"
#include "jinja/syntax/interned_names.h"
#include "jinja/syntax/lexer.h"
#include "jinja/syntax/template.h"
#include "jinja/value/bigint.h"

namespace wfgen::jinja {

namespace {

// Python's dict methods: `d.items` is the method even when d has a key "items".
bool is_dict_method(std::string_view name) {
  static constexpr std::string_view kMethods[] = {"clear",      "copy",   "fromkeys", "get",
                                                  "items",      "keys",   "pop",      "popitem",
                                                  "setdefault", "update", "values"};
  for (auto m : kMethods) {
    if (m == name) return true;
  }
  return false;
}

bool is_reserved_constant(std::string_view n) {
  return n == "true" || n == "false" || n == "none" || n == "True" || n == "False" || n == "None";
}

}  // namespace

class Parser {
 public:
  Parser(Template& tmpl, TokenList tokens, size_t max_nesting)
      : tmpl_(tmpl),
        file_(tmpl.source()),
        lexed_(std::move(tokens)),
        toks_(lexed_.tokens),
        max_nesting_(max_nesting) {}

  void run() {
    if (cur().type == Tok::Error) lexed_.check();
    tmpl_.body_ = subparse({});
    if (cur().type != Tok::Eof) fail_unknown_tag(cur());
  }

  // Jinja2's compile_expression: one expression (a conditional one, no bare tuple), then
  // the end of the source; the template's body assigns it to `result_symbol`.
  void run_expression(uint32_t result_symbol) {
    if (cur().type == Tok::Error) lexed_.check();
    ExprPtr value = parse_expression(true);
    if (cur().type != Tok::Eof) fail_at_cur("chunk after expression");
    auto target = std::make_unique<NameExpr>(value->pos, std::string(symbol_name(result_symbol)),
                                             result_symbol);
    uint32_t pos = value->pos;
    tmpl_.body_.push_back(std::make_unique<SetStmt>(pos, std::move(target), std::move(value)));
  }

 private:
  // How a name is used where it appears: read, assigned, or a parameter.
  enum class NameUse { Load, Store, Param };

  // --- token stream ---------------------------------------------------------
  // Stepping onto a lexical error raises it, as Jinja2's lazy token stream does.
  const Token& cur() const { return toks_[i_]; }
  const Token& look() const {
    const Token& t = toks_[i_ + 1 < toks_.size() ? i_ + 1 : i_];
    if (t.type == Tok::Error) lexed_.check();
    return t;
  }
  const Token& next() {
    const Token& t = toks_[i_];
    if (i_ + 1 < toks_.size()) ++i_;
    if (toks_[i_].type == Tok::Error) lexed_.check();
    return t;
  }
  bool is_op(const Token& t, std::string_view op) const {
    return t.type == Tok::Op && t.text == op;
  }
  bool is_name(const Token& t, std::string_view n) const {
    return t.type == Tok::Name && t.text == n;
  }
  bool skip_op(std::string_view op) {
    if (!is_op(cur(), op)) return false;
    next();
    return true;
  }
  bool skip_name(std::string_view n) {
    if (!is_name(cur(), n)) return false;
    next();
    return true;
  }

  static std::string describe(const Token& t) {
    switch (t.type) {
      case Tok::Eof:
        return "end of template";
      case Tok::VarBegin:
        return "begin of print statement";
      case Tok::VarEnd:
        return "end of print statement";
      case Tok::BlockBegin:
        return "begin of statement block";
      case Tok::BlockEnd:
        return "end of statement block";
      case Tok::Data:
        return "template data / text";
      case Tok::String:
        return "string";
      case Tok::Integer:
        return "integer";
      case Tok::Float:
        return "float";
      default:
        return std::string(t.text);
    }
  }

  [[noreturn]] void fail(std::string msg, uint32_t pos) const { file_.fail(std::move(msg), pos); }

  // --- nesting --------------------------------------------------------------------
  // Every level the parser descends into, and every link of a chain that makes the tree
  // one level deeper (`a.b.c`, `x|f|g`, `1+2+3`), counts against max_nesting: the tree,
  // and so every pass that walks it (analysis, render, destruction), stays that shallow.
  class Nest {
   public:
    explicit Nest(Parser& p) : p_(p) {}
    Nest(Parser& p, uint32_t pos) : p_(p) { add(pos); }
    ~Nest() { p_.depth_ -= n_; }
    Nest(const Nest&) = delete;
    Nest& operator=(const Nest&) = delete;
    void add(uint32_t pos) {
      if (p_.depth_ >= p_.max_nesting_ || stack_exhausted()) p_.fail_nesting(pos);
      ++p_.depth_;
      ++n_;
    }

   private:
    Parser& p_;
    size_t n_ = 0;
  };

  [[noreturn]] void fail_nesting(uint32_t pos) const {
    if (depth_ < max_nesting_) raise_stack_exhausted_at(pos);
    throw file_.error(ErrorKind::Limit,
                      limit_message("expressions and statements nested more than " +
                                        std::to_string(max_nesting_) + " levels deep",
                                    "max_nesting", max_nesting_),
                      pos);
  }
  [[noreturn]] void raise_stack_exhausted_at(uint32_t pos) const {
    try {
      raise_stack_exhausted();
    } catch (const TemplateError& e) {
      throw file_.error(e.kind(), e.message(), pos);
    }
  }
  [[noreturn]] void fail_at_cur(std::string msg) const { fail(std::move(msg), cur().pos); }

  void expect_op(std::string_view op) {
    if (!skip_op(op)) {
      if (cur().type == Tok::Eof)
        fail_at_cur("unexpected end of template, expected '" + std::string(op) + "'.");
      fail_at_cur("expected token '" + std::string(op) + "', got '" + describe(cur()) + "'");
    }
  }
  void expect_name(std::string_view n) {
    if (!skip_name(n)) {
      if (cur().type == Tok::Eof)
        fail_at_cur("unexpected end of template, expected '" + std::string(n) + "'.");
      fail_at_cur("expected token '" + std::string(n) + "', got '" + describe(cur()) + "'");
    }
  }
  const Token& expect_any_name() {
    if (cur().type != Tok::Name) {
      if (cur().type == Tok::Eof) fail_at_cur("unexpected end of template, expected 'name'.");
      fail_at_cur("expected token 'name', got '" + describe(cur()) + "'");
    }
    return next();
  }
  void expect_type(Tok type, const char* what) {
    if (cur().type != type) {
      if (cur().type == Tok::Eof)
        fail_at_cur(std::string("unexpected end of template, expected '") + what + "'.");
      fail_at_cur(std::string("expected token '") + what + "', got '" + describe(cur()) + "'");
    }
    next();
  }
  void expect_block_end() { expect_type(Tok::BlockEnd, "end of statement block"); }

  // --- statements -----------------------------------------------------------
  using EndTags = std::initializer_list<std::string_view>;

  bool at_end_tag(EndTags end) const {
    for (auto e : end) {
      if (is_name(cur(), e)) return true;
    }
    return false;
  }

  Body subparse(EndTags end) {
    Body body;
    if (end.size()) end_stack_.push_back(end);
    struct Pop {
      std::vector<EndTags>& stack;
      bool pushed;
      ~Pop() {
        if (pushed) stack.pop_back();
      }
    } pop{end_stack_, end.size() != 0};
    while (cur().type != Tok::Eof) {
      const Token& t = cur();
      if (t.type == Tok::Data) {
        print_run(body, t.pos).parts.push_back({t.text, nullptr});
        next();
      } else if (t.type == Tok::VarBegin) {
        next();
        uint32_t pos = cur().pos;
        const char* start = cur().text.data();
        ExprPtr e = parse_tuple(false, true, false);
        print_run(body, pos).parts.push_back({expression_text(start, cur()), std::move(e)});
        expect_type(Tok::VarEnd, "end of print statement");
      } else if (t.type == Tok::BlockBegin) {
        next();
        if (end.size() && at_end_tag(end)) return body;
        body.push_back(parse_statement());
        expect_block_end();
      } else {
        fail_at_cur("internal parser error: unexpected token");
      }
    }
    return body;
  }

  // The source of an output expression, from its first token to `end` (its VarEnd),
  // without the space before the delimiter: what a source trace names.
  static std::string_view expression_text(const char* start, const Token& end) {
    if (end.type != Tok::VarEnd) return {};
    std::string_view text(start, static_cast<size_t>(end.text.data() - start));
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\n' ||
                             text.back() == '\r'))
      text.remove_suffix(1);
    return text;
  }

  // The PrintStmt ending `body`, started at `pos` when the body ends otherwise.
  static PrintStmt& print_run(Body& body, uint32_t pos) {
    if (body.empty() || body.back()->kind != StmtKind::Print)
      body.push_back(std::make_unique<PrintStmt>(pos));
    return static_cast<PrintStmt&>(*body.back());
  }

  Body parse_statements(EndTags end, bool drop_needle) {
    skip_op(":");
    expect_block_end();
    Body body = subparse(end);
    if (cur().type == Tok::Eof) fail_eof(end);
    if (drop_needle) next();
    return body;
  }

  [[noreturn]] void fail_eof(EndTags end) {
    end_stack_.push_back(end);
    fail_unexpected_tag(nullptr, cur().pos);
  }

  [[noreturn]] void fail_unknown_tag(const Token& t) { fail_unexpected_tag(&t.text, t.pos); }

  // Jinja2's message for a tag nobody expects (or the end of the template): what the
  // innermost open construct is looking for, and which construct that is.
  [[noreturn]] void fail_unexpected_tag(const std::string_view* name, uint32_t pos) {
    std::string msg = name ? "Encountered unknown tag '" + std::string(*name) + "'."
                           : std::string("Unexpected end of template.");
    if (!end_stack_.empty()) {
      std::string looking;
      for (auto tag : end_stack_.back()) {
        if (!looking.empty()) looking += " or ";
        looking += "'" + std::string(tag) + "'";
      }
      bool expected_somewhere = false;
      for (EndTags tags : end_stack_) {
        for (auto tag : tags) expected_somewhere = expected_somewhere || (name && tag == *name);
      }
      if (expected_somewhere) {
        msg +=
            " You probably made a nesting mistake. Jinja is expecting this tag, but currently "
            "looking for " +
            looking + ".";
      } else {
        msg += " Jinja was looking for the following tags: " + looking + ".";
      }
    }
    if (!tag_stack_.empty()) {
      msg += " The innermost block that needs to be closed is '" + std::string(tag_stack_.back()) +
             "'.";
    }
    fail(msg, pos);
  }

  StmtPtr parse_statement() {
    const Token& t = cur();
    if (t.type != Tok::Name) fail_at_cur("tag name expected");
    Nest nest(*this, t.pos);
    std::string_view tag = t.text;
    tag_stack_.push_back(tag);
    StmtPtr s;
    if (tag == "for") {
      s = parse_for();
    } else if (tag == "if") {
      s = parse_if();
    } else if (tag == "block") {
      s = parse_block();
    } else if (tag == "extends") {
      s = parse_extends();
    } else if (tag == "print") {
      s = parse_print();
    } else if (tag == "macro") {
      s = parse_macro();
    } else if (tag == "include") {
      s = parse_include();
    } else if (tag == "from") {
      s = parse_from();
    } else if (tag == "import") {
      s = parse_import();
    } else if (tag == "set") {
      s = parse_set();
    } else if (tag == "with") {
      s = parse_with();
    } else if (tag == "autoescape") {
      s = parse_autoescape();
    } else if (tag == "filter") {
      s = parse_filter_block();
    } else if (tag == "call") {
      s = parse_call_block();
    } else {
      tag_stack_.pop_back();
      fail_unknown_tag(t);
    }
    tag_stack_.pop_back();
    return s;
  }

  // Jinja2's frames while parsing: an if is a soft frame (still the top level, where
  // {% extends %} may stand); loops, macros, blocks and the like open new frames.
  struct SoftScope {
    Parser& p;
    bool saved_toplevel;
    SoftScope(Parser& parser, bool soft) : p(parser), saved_toplevel(parser.toplevel_) {
      if (!soft) p.toplevel_ = false;
    }
    ~SoftScope() { p.toplevel_ = saved_toplevel; }
  };

  StmtPtr parse_for() {
    auto node = std::make_unique<ForStmt>(next().pos);
    std::optional<uint32_t> outer_loop_store = std::exchange(loop_store_pos_, std::nullopt);
    {
      SoftScope s(*this, false);
      node->target = parse_assign_target(true, false);
    }
    expect_name("in");
    node->iter = parse_tuple(false, false, false);
    {
      SoftScope s(*this, false);
      if (skip_name("if")) node->filter = parse_expression(true);
      node->recursive = skip_name("recursive");
      node->body = parse_statements({"endfor", "else"}, false);
      if (next().text != "endfor") node->otherwise = parse_statements({"endfor"}, true);
    }
    // Anywhere in the loop, target or body, `loop` can't be assigned.
    if (loop_store_pos_)
      fail("Can't assign to special loop variable in for-loop target", *loop_store_pos_);
    loop_store_pos_ = outer_loop_store;
    return node;
  }

  StmtPtr parse_if() {
    auto node = std::make_unique<IfStmt>(next().pos);
    SoftScope s(*this, true);
    while (true) {
      ExprPtr test = parse_tuple(false, false, false);
      Body body = parse_statements({"elif", "else", "endif"}, false);
      node->branches.emplace_back(std::move(test), std::move(body));
      const Token& t = next();
      if (t.text == "elif") continue;
      if (t.text == "else") node->otherwise = parse_statements({"endif"}, true);
      break;
    }
    return node;
  }

  StmtPtr parse_block() {
    auto node = std::make_unique<BlockStmt>(next().pos);
    node->name = std::string(expect_any_name().text);
    node->scoped = skip_name("scoped");
    node->required = skip_name("required");
    if (is_op(cur(), "-")) {
      fail_at_cur(
          "Block names in Jinja have to be valid Python identifiers and may not contain "
          "hyphens, use an underscore instead.");
    }
    {
      SoftScope s(*this, false);
      macro_stack_.push_back({nullptr});  // blocks stop the caller/varargs search
      node->body = parse_statements({"endblock"}, true);
      macro_stack_.pop_back();
    }
    if (node->required) {
      for (const auto& st : node->body) {
        bool ok = st->kind == StmtKind::Print;
        if (ok) {
          for (const auto& part : static_cast<PrintStmt&>(*st).parts) {
            ok = ok && !part.expr;
            for (char c : part.text) {
              ok =
                  ok && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v');
            }
          }
        }
        if (!ok) fail("Required blocks can only contain comments or whitespace", node->pos);
      }
    }
    skip_name(node->name);
    if (tmpl_.blocks_.count(node->name)) {
      fail("block '" + node->name + "' defined twice", node->pos);
    }
    tmpl_.blocks_[node->name] = node.get();
    return node;
  }

  StmtPtr parse_extends() {
    auto node = std::make_unique<ExtendsStmt>(next().pos);
    if (!toplevel_) fail("cannot use extend from a non top-level scope", node->pos);
    node->name = parse_expression(true);
    return node;
  }

  StmtPtr parse_print() {
    uint32_t pos = next().pos;
    std::vector<ExprPtr> items;
    while (cur().type != Tok::BlockEnd) {
      if (!items.empty()) expect_op(",");
      items.push_back(parse_expression(true));
    }
    // {% print a, b %} prints each expression in turn.
    auto print = std::make_unique<PrintStmt>(pos);
    for (auto& e : items) print->parts.push_back({{}, std::move(e)});
    return print;
  }

  void parse_signature(MacroDef& def) {
    expect_op("(");
    while (!is_op(cur(), ")")) {
      if (!def.params.empty()) expect_op(",");
      const Token& name = parse_param_name();
      for (const auto& [existing, sym] : def.params) {
        if (existing == name.text) {
          fail("duplicate argument '" + existing + "' in function definition", name.pos);
        }
      }
      def.params.emplace_back(std::string(name.text), intern_symbol(name.text));
      if (skip_op("=")) {
        def.defaults.push_back(parse_expression(true));
      } else if (!def.defaults.empty()) {
        fail_at_cur("non-default argument follows default argument");
      }
    }
    expect_op(")");
  }

  const Token& parse_param_name() {
    const Token& t = expect_any_name();
    if (is_reserved_constant(t.text)) fail("can't assign to 'const'", t.pos);
    note_name(t.text, t.pos, NameUse::Param);
    return t;
  }

  std::shared_ptr<MacroDef> parse_macro_body(std::shared_ptr<MacroDef> def, std::string_view end,
                                             uint32_t pos) {
    SoftScope s(*this, false);
    macro_stack_.push_back({def.get()});
    def->body = parse_statements({end}, true);
    macro_stack_.pop_back();
    // A parameter named varargs/kwargs is an ordinary one; one named caller stays the
    // caller only if it has a default (Jinja2's compiler refuses it otherwise).
    const size_t first_default = def->params.size() - def->defaults.size();
    for (size_t i = 0; i < def->params.size(); ++i) {
      const std::string& name = def->params[i].first;
      if (name == "varargs") def->uses_varargs = false;
      if (name == "kwargs") def->uses_kwargs = false;
      if (name == "caller") def->caller_param = static_cast<int>(i);
    }
    if (def->uses_caller && def->caller_param >= 0 &&
        static_cast<size_t>(def->caller_param) < first_default) {
      fail(
          "When defining macros or call blocks the special \"caller\" argument must be omitted "
          "or be given a default.",
          pos);
    }
    return def;
  }

  StmtPtr parse_macro() {
    uint32_t pos = next().pos;
    const Token& name = parse_param_name();
    auto node = std::make_unique<MacroStmt>(pos, intern_symbol(name.text));
    auto def = std::make_shared<MacroDef>();
    def->name = std::string(name.text);
    {
      SoftScope s(*this, false);
      parse_signature(*def);
    }
    node->def = parse_macro_body(std::move(def), "endmacro", pos);
    return node;
  }

  StmtPtr parse_call_block() {
    auto node = std::make_unique<CallBlockStmt>(next().pos);
    auto def = std::make_shared<MacroDef>();
    if (is_op(cur(), "(")) {
      SoftScope s(*this, false);
      parse_signature(*def);
    }
    uint32_t call_pos = cur().pos;
    ExprPtr call = parse_expression(true);
    if (call->kind != ExprKind::Call) fail("expected call", call_pos);
    node->call.reset(static_cast<CallExpr*>(call.release()));
    node->caller = parse_macro_body(std::move(def), "endcall", node->pos);
    return node;
  }

  StmtPtr parse_filter_block() {
    auto node = std::make_unique<FilterBlockStmt>(next().pos);
    ExprPtr f = parse_filter(nullptr, true);
    node->filter.reset(static_cast<FilterExpr*>(f.release()));
    SoftScope s(*this, false);
    node->body = parse_statements({"endfilter"}, true);
    return node;
  }

  StmtPtr parse_with() {
    auto node = std::make_unique<WithStmt>(next().pos);
    while (cur().type != Tok::BlockEnd) {
      if (!node->assignments.empty()) expect_op(",");
      // Jinja2 marks with targets as parameters: `{% with loop = 1 %}` is allowed in a loop.
      ExprPtr target = parse_assign_target(true, false, NameUse::Param);
      expect_op("=");
      ExprPtr value = parse_expression(true);
      node->assignments.emplace_back(std::move(target), std::move(value));
    }
    SoftScope s(*this, false);
    node->body = parse_statements({"endwith"}, true);
    return node;
  }

  // {% autoescape expr %}: Jinja2 wraps the body in a scope of its own.
  StmtPtr parse_autoescape() {
    auto node = std::make_unique<ScopeStmt>(next().pos);
    node->autoescape = parse_expression(true);
    SoftScope s(*this, false);
    node->body = parse_statements({"endautoescape"}, true);
    return node;
  }

  StmtPtr parse_set() {
    uint32_t pos = next().pos;
    ExprPtr target = parse_assign_target(true, true);
    if (skip_op("=")) {
      ExprPtr value = parse_tuple(false, true, false);
      return std::make_unique<SetStmt>(pos, std::move(target), std::move(value));
    }
    auto node = std::make_unique<SetBlockStmt>(pos);
    node->target = std::move(target);
    if (is_op(cur(), "|")) {
      ExprPtr f = parse_filter(nullptr, false);
      node->filter.reset(static_cast<FilterExpr*>(f.release()));
    }
    SoftScope s(*this, false);
    node->body = parse_statements({"endset"}, true);
    return node;
  }

  void parse_import_context(bool& with_context) {
    if ((is_name(cur(), "with") || is_name(cur(), "without")) && is_name(look(), "context")) {
      with_context = next().text == "with";
      next();
    }
  }

  StmtPtr parse_include() {
    auto node = std::make_unique<IncludeStmt>(next().pos);
    node->name = parse_expression(true);
    if (is_name(cur(), "ignore") && is_name(look(), "missing")) {
      next();
      next();
      node->ignore_missing = true;
    }
    parse_import_context(node->with_context);
    return node;
  }

  StmtPtr parse_import() {
    auto node = std::make_unique<ImportStmt>(next().pos);
    node->name = parse_expression(true);
    expect_name("as");
    const Token& target = parse_param_name();
    node->target = std::string(target.text);
    node->symbol = intern_symbol(target.text);
    parse_import_context(node->with_context);
    return node;
  }

  StmtPtr parse_from() {
    auto node = std::make_unique<FromImportStmt>(next().pos);
    node->name = parse_expression(true);
    expect_name("import");
    auto parse_context = [&]() {
      if ((is_name(cur(), "with") || is_name(cur(), "without")) && is_name(look(), "context")) {
        node->with_context = next().text == "with";
        next();
        return true;
      }
      return false;
    };
    while (true) {
      if (!node->names.empty()) expect_op(",");
      if (cur().type == Tok::Name) {
        if (parse_context()) break;
        const Token& target = parse_param_name();
        if (!target.text.empty() && target.text[0] == '_') {
          fail("names starting with an underline can not be imported", target.pos);
        }
        std::string name(target.text), alias = name;
        if (skip_name("as")) alias = std::string(parse_param_name().text);
        node->names.push_back({name, alias, intern_symbol(alias)});
        if (parse_context() || !is_op(cur(), ",")) break;
      } else {
        expect_any_name();
      }
    }
    return node;
  }

  // --- assignment targets -----------------------------------------------------
  // A target of for/set/with: names in it are stores (`ns.attr` too, where allowed).
  ExprPtr parse_assign_target(bool with_tuple, bool with_namespace, NameUse use = NameUse::Store) {
    NameContext store(*this, use);
    ExprPtr target =
        with_tuple ? parse_tuple(true, true, false, with_namespace) : parse_primary(with_namespace);
    // As Jinja2: the message names the whole target, `can't assign to 'tuple'`.
    if (!assignable(*target)) {
      static const char* names[] = {"const",  "name", "getattr", "getitem", "slice",   "call",
                                    "filter", "test", "unary",   "binary",  "compare", "condexpr",
                                    "tuple",  "list", "dict",    "nsref"};
      fail(std::string("can't assign to '") + names[static_cast<int>(target->kind)] + "'",
           target->pos);
    }
    return target;
  }

  static bool assignable(const Expr& e) {
    if (e.kind == ExprKind::Name || e.kind == ExprKind::NsRef) return true;
    if (e.kind != ExprKind::Tuple) return false;
    for (const auto& item : static_cast<const SeqExpr&>(e).items) {
      if (!assignable(*item)) return false;
    }
    return true;
  }

  // --- expressions --------------------------------------------------------------
  ExprPtr parse_expression(bool with_condexpr) {
    Nest nest(*this, cur().pos);
    return with_condexpr ? parse_condexpr() : parse_or();
  }

  ExprPtr parse_condexpr() {
    uint32_t pos = cur().pos;
    ExprPtr expr1 = parse_or();
    Nest chain(*this);
    while (is_name(cur(), "if")) {
      chain.add(next().pos);
      SoftScope s(*this, true);
      auto node = std::make_unique<CondExpr>(pos);
      node->test = parse_or();
      if (skip_name("else")) node->otherwise = parse_condexpr();
      node->then = std::move(expr1);
      expr1 = std::move(node);
      pos = cur().pos;
    }
    return expr1;
  }

  ExprPtr parse_or() {
    ExprPtr left = parse_and();
    Nest chain(*this);
    while (is_name(cur(), "or")) {
      uint32_t pos = next().pos;
      chain.add(pos);
      left = std::make_unique<BinaryExpr>(pos, BinOp::Or, std::move(left), parse_and());
    }
    return left;
  }

  ExprPtr parse_and() {
    ExprPtr left = parse_not();
    Nest chain(*this);
    while (is_name(cur(), "and")) {
      uint32_t pos = next().pos;
      chain.add(pos);
      left = std::make_unique<BinaryExpr>(pos, BinOp::And, std::move(left), parse_not());
    }
    return left;
  }

  ExprPtr parse_not() {
    if (is_name(cur(), "not")) {
      uint32_t pos = next().pos;
      Nest nest(*this, pos);
      return std::make_unique<UnaryExpr>(pos, UnaryOp::Not, parse_not());
    }
    return parse_compare();
  }

  ExprPtr parse_compare() {
    uint32_t pos = cur().pos;
    ExprPtr expr = parse_math1();
    std::unique_ptr<CompareExpr> cmp;
    while (true) {
      CmpOp op;
      const Token& t = cur();
      if (is_op(t, "==")) {
        op = CmpOp::Eq;
      } else if (is_op(t, "!=")) {
        op = CmpOp::Ne;
      } else if (is_op(t, "<")) {
        op = CmpOp::Lt;
      } else if (is_op(t, "<=")) {
        op = CmpOp::Le;
      } else if (is_op(t, ">")) {
        op = CmpOp::Gt;
      } else if (is_op(t, ">=")) {
        op = CmpOp::Ge;
      } else if (is_name(t, "in")) {
        op = CmpOp::In;
      } else if (is_name(t, "not") && is_name(look(), "in")) {
        next();
        op = CmpOp::NotIn;
      } else {
        break;
      }
      next();
      if (!cmp) cmp = std::make_unique<CompareExpr>(pos, std::move(expr));
      ExprPtr rhs = parse_math1();
      // `x in ["a", "b"]` only reads its list: build the constant once, not per evaluation.
      if (op == CmpOp::In || op == CmpOp::NotIn) rhs = fold_constant_sequence(std::move(rhs));
      cmp->rest.emplace_back(op, std::move(rhs));
    }
    if (cmp) return cmp;
    return expr;
  }

  // A list or tuple literal of constants as one constant (a tuple: it is never mutated).
  ExprPtr fold_constant_sequence(ExprPtr e) const {
    if (e->kind != ExprKind::List && e->kind != ExprKind::Tuple) return e;
    std::vector<Value> items;
    for (const auto& item : static_cast<SeqExpr&>(*e).items) {
      if (item->kind != ExprKind::Const) return e;
      items.push_back(static_cast<ConstExpr&>(*item).value);
    }
    Value v = constant_at(e->pos, [&] {
      return e->kind == ExprKind::Tuple ? Value::tuple(std::move(items))
                                        : Value::list(std::move(items));
    });
    return std::make_unique<ConstExpr>(e->pos, std::move(v));
  }

  // A constant the parser makes for the text at `pos` (a string literal, a folded list): a
  // limit it breaks (max_string, max_items) is reported there.
  template <class Make>
  Value constant_at(uint32_t pos, const Make& make) const {
    try {
      return make();
    } catch (TemplateError& e) {
      if (!e.located()) e.locate(file_.loc(pos), file_.line_text(pos));
      throw;
    }
  }

  ExprPtr parse_math1() {
    ExprPtr left = parse_concat();
    Nest chain(*this);
    while (is_op(cur(), "+") || is_op(cur(), "-")) {
      BinOp op = cur().text == "+" ? BinOp::Add : BinOp::Sub;
      uint32_t pos = next().pos;
      chain.add(pos);
      left = std::make_unique<BinaryExpr>(pos, op, std::move(left), parse_concat());
    }
    return left;
  }

  ExprPtr parse_concat() {
    ExprPtr left = parse_math2();
    Nest chain(*this);
    while (is_op(cur(), "~")) {
      uint32_t pos = next().pos;
      chain.add(pos);
      left =
          std::make_unique<BinaryExpr>(pos, BinOp::Concat, std::move(left), parse_math2());
    }
    return left;
  }

  ExprPtr parse_math2() {
    ExprPtr left = parse_pow();
    Nest chain(*this);
    while (true) {
      BinOp op;
      if (is_op(cur(), "*")) {
        op = BinOp::Mul;
      } else if (is_op(cur(), "/")) {
        op = BinOp::Div;
      } else if (is_op(cur(), "//")) {
        op = BinOp::FloorDiv;
      } else if (is_op(cur(), "%")) {
        op = BinOp::Mod;
      } else {
        break;
      }
      uint32_t pos = next().pos;
      chain.add(pos);
      left = std::make_unique<BinaryExpr>(pos, op, std::move(left), parse_pow());
    }
    return left;
  }

  ExprPtr parse_pow() {
    ExprPtr left = parse_unary(true);
    Nest chain(*this);
    while (is_op(cur(), "**")) {
      uint32_t pos = next().pos;
      chain.add(pos);
      left = std::make_unique<BinaryExpr>(pos, BinOp::Pow, std::move(left), parse_unary(true));
    }
    return left;
  }

  ExprPtr parse_unary(bool with_filter) {
    ExprPtr node;
    Nest nest(*this);
    if (is_op(cur(), "-")) {
      uint32_t pos = next().pos;
      nest.add(pos);
      node = std::make_unique<UnaryExpr>(pos, UnaryOp::Neg, parse_unary(false));
    } else if (is_op(cur(), "+")) {
      uint32_t pos = next().pos;
      nest.add(pos);
      node = std::make_unique<UnaryExpr>(pos, UnaryOp::Pos, parse_unary(false));
    } else {
      node = parse_primary();
    }
    node = parse_postfix(std::move(node));
    if (with_filter) node = parse_filter_expr(std::move(node));
    return node;
  }

  Value parse_number(const Token& t) {
    std::string digits;
    for (char c : t.text) {
      if (c != '_') digits += c;
    }
    if (t.type == Tok::Float) return Value::floating(std::strtod(digits.c_str(), nullptr));
    int base = 10;
    std::string_view body = digits;
    if (digits.size() > 1 && digits[0] == '0') {
      char x = static_cast<char>(digits[1] | 0x20);
      base = x == 'b' ? 2 : x == 'o' ? 8 : x == 'x' ? 16 : 10;
      if (base != 10) body = body.substr(2);
    }
    try {  // Python's int() limits (its ValueError, here at the literal)
      if (base == 10)
        check_int_parse_digits(body.size());
      else
        check_int_bits(body.size() * (base == 2 ? 1 : base == 8 ? 3 : 4));
    } catch (const TemplateError& e) {
      throw file_.error(e.kind(), e.message(), t.pos);
    }
    auto big = BigInt::parse_base(body, base);
    if (!big) fail("invalid integer literal", t.pos);
    return Value::integer(*big);
  }

  ExprPtr parse_primary(bool with_namespace = false) {
    const Token& t = cur();
    if (t.type == Tok::Name) {
      next();
      if (t.text == "true" || t.text == "True")
        return std::make_unique<ConstExpr>(t.pos, Value::boolean(true));
      if (t.text == "false" || t.text == "False")
        return std::make_unique<ConstExpr>(t.pos, Value::boolean(false));
      if (t.text == "none" || t.text == "None")
        return std::make_unique<ConstExpr>(t.pos, Value::none());
      if (with_namespace && is_op(cur(), ".")) {
        next();  // dot
        const Token& attr = expect_any_name();
        return std::make_unique<NsRefExpr>(t.pos, std::string(t.text), intern_symbol(t.text),
                                           std::string(attr.text));
      }
      note_name(t.text, t.pos, name_use_);
      return std::make_unique<NameExpr>(t.pos, std::string(t.text), intern_symbol(t.text));
    }
    if (t.type == Tok::String) {
      uint32_t pos = t.pos;
      std::string s;
      while (cur().type == Tok::String) s += next().value;
      return std::make_unique<ConstExpr>(pos,
                                         constant_at(pos, [&] { return Value::string(std::move(s)); }));
    }
    if (t.type == Tok::Integer || t.type == Tok::Float) {
      next();
      return std::make_unique<ConstExpr>(t.pos, parse_number(t));
    }
    if (is_op(t, "(")) {
      next();
      ExprPtr e = parse_tuple(false, true, true);
      expect_op(")");
      return e;
    }
    if (is_op(t, "[")) return parse_list();
    if (is_op(t, "{")) return parse_dict();
    if (t.type == Tok::Eof) fail_at_cur("unexpected end of template");
    fail_at_cur("unexpected '" + describe(t) + "'");
  }

  struct NameContext {
    Parser& p;
    NameUse saved;
    NameContext(Parser& parser, NameUse use) : p(parser), saved(parser.name_use_) {
      p.name_use_ = use;
    }
    ~NameContext() { p.name_use_ = saved; }
  };

  // Records the uses that change how a macro is called: as Jinja2's compiler, a macro
  // takes `caller`/`varargs`/`kwargs` when its body reads the name before anything in it
  // assigns it (or declares it as a nested macro's parameter). Also notes assignments to
  // `loop`, which a for loop refuses.
  void note_name(std::string_view name, uint32_t pos, NameUse use) {
    if (use == NameUse::Store && name == "loop" && !loop_store_pos_) loop_store_pos_ = pos;
    int bit = name == "caller" ? 1 : name == "varargs" ? 2 : name == "kwargs" ? 4 : 0;
    if (!bit) return;
    for (auto it = macro_stack_.rbegin(); it != macro_stack_.rend() && it->def; ++it) {
      if (it->seen & bit) continue;
      it->seen |= bit;
      if (use != NameUse::Load) continue;
      if (bit == 1) it->def->uses_caller = true;
      if (bit == 2) it->def->uses_varargs = true;
      if (bit == 4) it->def->uses_kwargs = true;
    }
  }

  // Jinja2's parser also takes "extra end rules" here (`in` after a for target,
  // `recursive` after its iterable), but its token test never matches them, so a tuple
  // ends only at these tokens: `{% for in in x %}` is a loop over `in`, and
  // `{% for x, in y %}` fails.
  bool is_tuple_end() const {
    const Token& t = cur();
    return t.type == Tok::VarEnd || t.type == Tok::BlockEnd || is_op(t, ")");
  }

  ExprPtr parse_tuple(bool simplified, bool with_condexpr, bool explicit_parens,
                      bool with_namespace = false) {
    uint32_t pos = cur().pos;
    std::vector<ExprPtr> args;
    bool is_tuple = false;
    while (true) {
      if (!args.empty()) expect_op(",");
      if (is_tuple_end()) break;
      if (simplified) {
        args.push_back(parse_primary(with_namespace));
      } else {
        args.push_back(parse_expression(with_condexpr));
      }
      if (is_op(cur(), ",")) {
        is_tuple = true;
      } else {
        break;
      }
    }
    if (!is_tuple) {
      if (!args.empty()) return std::move(args[0]);
      if (!explicit_parens) fail_at_cur("Expected an expression, got '" + describe(cur()) + "'");
    }
    auto node = std::make_unique<SeqExpr>(ExprKind::Tuple, pos);
    node->items = std::move(args);
    return node;
  }

  ExprPtr parse_list() {
    auto node = std::make_unique<SeqExpr>(ExprKind::List, next().pos);
    while (!is_op(cur(), "]")) {
      if (!node->items.empty()) expect_op(",");
      if (is_op(cur(), "]")) break;
      node->items.push_back(parse_expression(true));
    }
    expect_op("]");
    return node;
  }

  ExprPtr parse_dict() {
    auto node = std::make_unique<DictExpr>(next().pos);
    while (!is_op(cur(), "}")) {
      if (!node->items.empty()) expect_op(",");
      if (is_op(cur(), "}")) break;
      ExprPtr key = parse_expression(true);
      expect_op(":");
      ExprPtr value = parse_expression(true);
      node->items.emplace_back(std::move(key), std::move(value));
    }
    expect_op("}");
    return node;
  }

  ExprPtr parse_postfix(ExprPtr node) {
    Nest chain(*this);
    while (true) {
      if (is_op(cur(), ".") || is_op(cur(), "[") || is_op(cur(), "(")) chain.add(cur().pos);
      if (is_op(cur(), ".") || is_op(cur(), "[")) {
        node = parse_subscript(std::move(node));
      } else if (is_op(cur(), "(")) {
        node = parse_call(std::move(node));
      } else {
        return node;
      }
    }
  }

  ExprPtr parse_filter_expr(ExprPtr node) {
    Nest chain(*this);
    while (true) {
      if (is_op(cur(), "|") || is_name(cur(), "is") || is_op(cur(), "(")) chain.add(cur().pos);
      if (is_op(cur(), "|")) {
        node = parse_filter(std::move(node), false);
      } else if (is_name(cur(), "is")) {
        node = parse_test(std::move(node));
      } else if (is_op(cur(), "(")) {
        node = parse_call(std::move(node));
      } else {
        return node;
      }
    }
  }

  ExprPtr parse_subscript(ExprPtr node) {
    const Token& t = next();
    if (t.text == ".") {
      const Token& attr = next();
      if (attr.type == Tok::Name) {
        return std::make_unique<GetattrExpr>(t.pos, std::move(node), std::string(attr.text),
                                             is_dict_method(attr.text));
      }
      if (attr.type != Tok::Integer) fail("expected name or number", attr.pos);
      auto arg = std::make_unique<ConstExpr>(attr.pos, parse_number(attr));
      return std::make_unique<GetitemExpr>(t.pos, std::move(node), std::move(arg));
    }
    std::vector<ExprPtr> args;
    while (!is_op(cur(), "]")) {
      if (!args.empty()) expect_op(",");
      args.push_back(parse_subscribed());
    }
    expect_op("]");
    ExprPtr arg;
    if (args.size() == 1) {
      arg = std::move(args[0]);
    } else {
      auto tup = std::make_unique<SeqExpr>(ExprKind::Tuple, t.pos);
      tup->items = std::move(args);
      arg = std::move(tup);
    }
    return std::make_unique<GetitemExpr>(t.pos, std::move(node), std::move(arg));
  }

  ExprPtr parse_subscribed() {
    uint32_t pos = cur().pos;
    ExprPtr start;
    if (is_op(cur(), ":")) {
      next();
    } else {
      ExprPtr e = parse_expression(true);
      if (!is_op(cur(), ":")) return e;
      next();
      start = std::move(e);
    }
    auto slice = std::make_unique<SliceExpr>(pos);
    slice->start = std::move(start);
    if (!is_op(cur(), ":") && !is_op(cur(), "]") && !is_op(cur(), ",")) {
      slice->stop = parse_expression(true);
    }
    if (is_op(cur(), ":")) {
      next();
      if (!is_op(cur(), "]") && !is_op(cur(), ",")) slice->step = parse_expression(true);
    }
    return slice;
  }

  void parse_call_args(CallArgsExpr& out) {
    uint32_t pos = cur().pos;
    expect_op("(");
    bool require_comma = false;
    auto ensure = [&](bool ok) {
      if (!ok) fail("invalid syntax for function call expression", pos);
    };
    while (!is_op(cur(), ")")) {
      if (require_comma) {
        expect_op(",");
        if (is_op(cur(), ")")) break;
      }
      if (is_op(cur(), "*")) {
        ensure(!out.dyn_args && !out.dyn_kwargs);
        next();
        out.dyn_args = parse_expression(true);
      } else if (is_op(cur(), "**")) {
        ensure(!out.dyn_kwargs);
        next();
        out.dyn_kwargs = parse_expression(true);
      } else if (cur().type == Tok::Name && is_op(look(), "=")) {
        ensure(!out.dyn_kwargs);
        uint32_t key_pos = cur().pos;
        std::string key(next().text);
        next();
        for (const auto& kw : out.kwargs) {
          if (kw.first == key) fail("keyword argument repeated: " + key, key_pos);
        }
        out.kwargs.emplace_back(std::move(key), parse_expression(true));
      } else {
        ensure(!out.dyn_args && !out.dyn_kwargs && out.kwargs.empty());
        out.args.push_back(parse_expression(true));
      }
      require_comma = true;
    }
    expect_op(")");
  }

  ExprPtr parse_call(ExprPtr node) {
    auto call = std::make_unique<CallExpr>(cur().pos, std::move(node));
    parse_call_args(call->args);
    return call;
  }

  std::string parse_dotted_name() {
    std::string name(expect_any_name().text);
    while (is_op(cur(), ".")) {
      next();
      name += ".";
      name += expect_any_name().text;
    }
    return name;
  }

  ExprPtr parse_filter(ExprPtr node, bool start_inline) {
    Nest chain(*this);
    while (is_op(cur(), "|") || start_inline) {
      chain.add(cur().pos);
      if (!start_inline) next();
      uint32_t pos = cur().pos;
      std::string name = parse_dotted_name();
      auto f = std::make_unique<FilterExpr>(pos, std::move(node), std::move(name));
      if (is_op(cur(), "(")) parse_call_args(f->args);
      node = std::move(f);
      start_inline = false;
    }
    return node;
  }

  ExprPtr parse_test(ExprPtr node) {
    uint32_t pos = next().pos;
    bool negated = skip_name("not");
    uint32_t name_pos = cur().pos;
    std::string name = parse_dotted_name();
    auto test = std::make_unique<TestExpr>(name_pos, std::move(node), std::move(name));
    const Token& t = cur();
    if (is_op(t, "(")) {
      parse_call_args(test->args);
    } else if ((t.type == Tok::Name || t.type == Tok::String || t.type == Tok::Integer ||
                t.type == Tok::Float || is_op(t, "[") || is_op(t, "{")) &&
               !is_name(t, "else") && !is_name(t, "or") && !is_name(t, "and")) {
      if (is_name(t, "is")) fail_at_cur("You cannot chain multiple tests with is");
      ExprPtr arg = parse_postfix(parse_primary());
      test->args.args.push_back(std::move(arg));
    }
    if (negated) return std::make_unique<UnaryExpr>(pos, UnaryOp::Not, std::move(test));
    return test;
  }

  Template& tmpl_;
  const SourceFile& file_;
  TokenList lexed_;
  const std::vector<Token>& toks_;
  size_t i_ = 0;
  size_t max_nesting_;
  size_t depth_ = 0;  // levels of nesting open (see Nest)
  bool toplevel_ = true;  // not inside a scope that is not soft (where extends may stand)
  NameUse name_use_ = NameUse::Load;
  std::optional<uint32_t> loop_store_pos_;  // first assignment to `loop` not yet checked
  std::vector<std::string_view> tag_stack_;
  std::vector<EndTags> end_stack_;  // the end tags each open subparse is looking for
  struct MacroScan {
    MacroDef* def;  // null: a block, which stops the search
    int seen = 0;   // caller/varargs/kwargs (bits 1/2/4) already met in the body
  };
  std::vector<MacroScan> macro_stack_;
};

std::shared_ptr<Template> parse_template(std::string name, std::string_view source,
                                         const EnvironmentOptions& options, std::string filename) {
  auto file = std::make_unique<SourceFile>(filename.empty() ? name : std::move(filename),
                                           normalize_source(source, options.keep_trailing_newline));
  auto tmpl = std::make_shared<Template>(std::move(name), std::move(file));
  Parser parser(*tmpl, tokenize(tmpl->source(), options), options.limits.max_nesting);
  parser.run();
  return tmpl;
}

std::shared_ptr<Template> parse_expression_template(std::string name, std::string_view source,
                                                    const EnvironmentOptions& options,
                                                    uint32_t result_symbol) {
  auto file = std::make_unique<SourceFile>(name, normalize_source(source, true));
  auto tmpl = std::make_shared<Template>(std::move(name), std::move(file));
  Parser parser(*tmpl, tokenize_expression(tmpl->source(), options), options.limits.max_nesting);
  parser.run_expression(result_symbol);
  return tmpl;
}

}  // namespace wfgen::jinja
