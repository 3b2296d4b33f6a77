#include "lint/expression/parser.h"

#include <cctype>

#include "lint/what.h"

namespace wfgen::lint::expr {

namespace {

enum class Tok { End, LParen, RParen, LBracket, RBracket, Dot, Comma, Star, Not, Op, Number,
                 String, Ident, Bad };

struct Token {
  Tok kind = Tok::End;
  size_t offset = 0;
  std::string text;
};

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool ident_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
}

// <= >= == != && ||
bool is_two_char_op(char a, char b) {
  switch (a) {
    case '<': case '>': case '=': case '!': return b == '=';
    case '&': return b == '&';
    case '|': return b == '|';
    default: return false;
  }
}

class Lexer {
 public:
  explicit Lexer(std::string_view s) : s_(s) {}

  // `after_value`: the previous token ends an operand, so '-' cannot start a number.
  Token next(bool after_value) {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
    Token t;
    t.offset = pos_;
    if (pos_ >= s_.size()) return t;
    const char c = s_[pos_];
    auto one = [&](Tok k) {
      ++pos_;
      t.kind = k;
      t.text = std::string(1, c);
      return t;
    };
    switch (c) {
      case '(': return one(Tok::LParen);
      case ')': return one(Tok::RParen);
      case '[': return one(Tok::LBracket);
      case ']': return one(Tok::RBracket);
      case ',': return one(Tok::Comma);
      case '*': return one(Tok::Star);
      case '.':
        if (!after_value && pos_ + 1 < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_ + 1])))
          return number(t);
        return one(Tok::Dot);
      case '\'': return string(t);
      default: break;
    }
    if (pos_ + 1 < s_.size() && is_two_char_op(c, s_[pos_ + 1])) {
      t.kind = Tok::Op;
      t.text = std::string(s_.substr(pos_, 2));
      pos_ += 2;
      return t;
    }
    if (c == '<' || c == '>') return one(Tok::Op);
    if (c == '!') return one(Tok::Not);
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        ((c == '-' || c == '+') && !after_value && pos_ + 1 < s_.size() &&
         (std::isdigit(static_cast<unsigned char>(s_[pos_ + 1])) || s_[pos_ + 1] == '.')))
      return number(t);
    if (ident_start(c)) {
      size_t b = pos_;
      while (pos_ < s_.size() && ident_char(s_[pos_])) ++pos_;
      t.kind = Tok::Ident;
      t.text = std::string(s_.substr(b, pos_ - b));
      return t;
    }
    t.kind = Tok::Bad;
    t.text = std::string(1, c);
    ++pos_;
    return t;
  }

 private:
  // A number as JavaScript writes one (GitHub's grammar): decimal with fraction and
  // exponent, or 0x hex, 0o octal; its exact value does not matter to lint.
  Token number(Token t) {
    size_t b = pos_;
    if (s_[pos_] == '-' || s_[pos_] == '+') ++pos_;
    while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '.' ||
                                ((s_[pos_] == '-' || s_[pos_] == '+') &&
                                 (s_[pos_ - 1] == 'e' || s_[pos_ - 1] == 'E'))))
      ++pos_;
    t.text = std::string(s_.substr(b, pos_ - b));
    t.kind = valid_number(t.text) ? Tok::Number : Tok::Bad;
    return t;
  }

  static bool valid_number(std::string_view n) {
    if (!n.empty() && (n[0] == '-' || n[0] == '+')) n.remove_prefix(1);
    if (n.size() > 2 && n[0] == '0' && (n[1] == 'x' || n[1] == 'X' || n[1] == 'o' || n[1] == 'O')) {
      const bool hex = n[1] == 'x' || n[1] == 'X';
      for (char c : n.substr(2))
        if (!(hex ? std::isxdigit(static_cast<unsigned char>(c)) : (c >= '0' && c <= '7')))
          return false;
      return true;
    }
    size_t i = 0, digits = 0;
    while (i < n.size() && std::isdigit(static_cast<unsigned char>(n[i]))) ++i, ++digits;
    if (i < n.size() && n[i] == '.') {
      ++i;
      while (i < n.size() && std::isdigit(static_cast<unsigned char>(n[i]))) ++i, ++digits;
    }
    if (digits == 0) return false;
    if (i < n.size() && (n[i] == 'e' || n[i] == 'E')) {
      ++i;
      if (i < n.size() && (n[i] == '+' || n[i] == '-')) ++i;
      size_t e = i;
      while (i < n.size() && std::isdigit(static_cast<unsigned char>(n[i]))) ++i;
      if (i == e) return false;
    }
    return i == n.size();
  }

  Token string(Token t) {
    ++pos_;
    std::string value;
    while (pos_ < s_.size()) {
      if (s_[pos_] == '\'') {
        if (pos_ + 1 < s_.size() && s_[pos_ + 1] == '\'') {
          value += '\'';
          pos_ += 2;
          continue;
        }
        ++pos_;
        t.kind = Tok::String;
        t.text = std::move(value);
        return t;
      }
      value += s_[pos_++];
    }
    t.kind = Tok::Bad;
    t.text = "'";
    return t;
  }

  std::string_view s_;
  size_t pos_ = 0;
};

struct Failure {
  SyntaxError error;
};

class Parser {
 public:
  explicit Parser(std::string_view s) : lex_(s) { advance(false); }

  std::unique_ptr<Node> expression() {
    if (tok_.kind == Tok::End) fail(tok_.offset, "the expression is empty");
    auto e = binary(0);
    if (tok_.kind != Tok::End) unexpected("after the expression");
    return e;
  }

 private:
  [[noreturn]] void fail(size_t at, std::string message) { throw Failure{{at, std::move(message)}}; }

  [[noreturn]] void unexpected(const What& where) {
    if (tok_.kind == Tok::Bad && tok_.text == "'")
      fail(tok_.offset, "a string literal is not closed (a ' is written '' inside one)");
    if (tok_.kind == Tok::Bad)
      fail(tok_.offset, "'" + tok_.text + "' is not valid in an expression" +
                            (tok_.text == "\"" ? " (strings are in single quotes)" : ""));
    if (tok_.kind == Tok::End) fail(tok_.offset, "the expression ends " + where.str());
    fail(tok_.offset, "unexpected '" + tok_.text + "' " + where.str());
  }

  // Chains are trees as deep as they are long; every walk of the tree recurses.
  [[noreturn]] void too_long(size_t at) {
    fail(at, "the expression chains more than " + std::to_string(kMaxChain) +
                 " operands or property reads");
  }

  void advance(bool after_value) { tok_ = lex_.next(after_value); }

  // `where` is composed only when the token is not the one expected.
  void expect(Tok kind, const char* what, const What& where) {
    if (tok_.kind != kind) {
      if (tok_.kind == Tok::End || tok_.kind == Tok::Bad) unexpected(where);
      fail(tok_.offset, std::string("expected ") + what + " " + where.str() + ", found '" +
                            tok_.text + "'");
    }
  }

  struct Depth {
    Parser& p;
    Depth(Parser& parser, size_t at) : p(parser) {
      if (++p.depth_ > kMaxNesting)
        p.fail(at, "the expression nests deeper than " + std::to_string(kMaxNesting) + " levels");
    }
    ~Depth() { --p.depth_; }
  };

  // Levels, loosest first: || && (== !=) (< <= > >=).
  static int level_of(const std::string& op) {
    if (op == "||") return 0;
    if (op == "&&") return 1;
    if (op == "==" || op == "!=") return 2;
    return 3;
  }

  std::unique_ptr<Node> binary(int level) {
    if (level > 3) return unary();
    auto lhs = binary(level + 1);
    int operands = 1;
    while (tok_.kind == Tok::Op && level_of(tok_.text) == level) {
      if (++operands > kMaxChain) too_long(tok_.offset);
      auto n = std::make_unique<Node>();
      n->kind = Kind::Binary;
      n->offset = lhs->offset;
      n->text = tok_.text;
      advance(false);
      n->children.push_back(std::move(lhs));
      n->children.push_back(binary(level + 1));
      lhs = std::move(n);
    }
    return lhs;
  }

  std::unique_ptr<Node> unary() {
    if (tok_.kind == Tok::Not) {
      Depth d(*this, tok_.offset);
      auto n = std::make_unique<Node>();
      n->kind = Kind::Not;
      n->offset = tok_.offset;
      advance(false);
      n->children.push_back(unary());
      return n;
    }
    return postfix(primary());
  }

  std::unique_ptr<Node> postfix(std::unique_ptr<Node> e) {
    for (int links = 0;; ++links) {
      if (links > kMaxChain) too_long(tok_.offset);
      if (tok_.kind == Tok::Dot) {
        advance(false);
        auto n = std::make_unique<Node>();
        n->offset = e->offset;
        if (tok_.kind == Tok::Star) {
          n->kind = Kind::Filter;
        } else if (tok_.kind == Tok::Ident) {
          n->kind = Kind::Property;
          n->text = tok_.text;
        } else {
          unexpected("after '.' (a property name or * follows it)");
        }
        advance(true);
        n->children.push_back(std::move(e));
        e = std::move(n);
      } else if (tok_.kind == Tok::LBracket) {
        Depth d(*this, tok_.offset);
        advance(false);
        auto n = std::make_unique<Node>();
        n->offset = e->offset;
        n->children.push_back(std::move(e));
        if (tok_.kind == Tok::Star) {
          n->kind = Kind::Filter;
          advance(true);
        } else {
          n->kind = Kind::Index;
          n->children.push_back(binary(0));
        }
        expect(Tok::RBracket, "']'", "to close the index");
        advance(true);
        e = std::move(n);
      } else {
        return e;
      }
    }
  }

  std::unique_ptr<Node> primary() {
    auto n = std::make_unique<Node>();
    n->offset = tok_.offset;
    switch (tok_.kind) {
      case Tok::Number:
        n->kind = Kind::Number;
        n->text = tok_.text;
        advance(true);
        return n;
      case Tok::String:
        n->kind = Kind::String;
        n->text = tok_.text;
        advance(true);
        return n;
      case Tok::LParen: {
        Depth d(*this, tok_.offset);
        advance(false);
        auto inner = binary(0);
        expect(Tok::RParen, "')'", "to close the parenthesis");
        advance(true);
        return inner;
      }
      case Tok::Ident: break;
      default: unexpected("where an operand was expected");
    }
    n->text = tok_.text;
    advance(true);
    if (n->text == "true" || n->text == "false") {
      n->kind = Kind::Boolean;
    } else if (n->text == "null") {
      n->kind = Kind::Null;
    } else if (n->text == "NaN" || n->text == "Infinity") {
      n->kind = Kind::Number;
    } else if (tok_.kind == Tok::LParen) {
      n->kind = Kind::Call;
      Depth d(*this, n->offset);
      advance(false);
      if (tok_.kind != Tok::RParen) {
        for (;;) {
          n->children.push_back(binary(0));
          if (tok_.kind != Tok::Comma) break;
          advance(false);
        }
      }
      expect(Tok::RParen, "')'", [&] { return "to close the arguments of " + n->text + "()"; });
      advance(true);
    } else {
      n->kind = Kind::Context;
    }
    return n;
  }

  Lexer lex_;
  Token tok_;
  int depth_ = 0;
};

}  // namespace

Parsed parse(std::string_view text) {
  Parsed p;
  try {
    p.root = Parser(text).expression();
  } catch (const Failure& f) {
    p.error = f.error;
  }
  return p;
}

}  // namespace wfgen::lint::expr
