#include "jinja/python/regex.h"

#include <utility>

namespace wfgen::jinja {

namespace {

using Set = std::bitset<256>;
using Op = Regex::Inst::Op;

// The pattern as a tree: parsed first, so that a repetition can emit its body n times.
struct Node {
  enum class Kind { Bytes, Concat, Alternation, Repeat, Assert, Look };
  explicit Node(Kind k) : kind(k) {}
  Kind kind;
  Set set;              // Bytes
  int min = 0, max = 0;  // Repeat; max -1 = unbounded
  Op assertion = Op::Begin;  // Assert
  bool negate = false;       // Look
  std::vector<Node> kids;
};

bool is_word(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

Set range(unsigned char from, unsigned char to) {
  Set s;
  for (unsigned c = from; c <= to; ++c) s.set(c);
  return s;
}

// The byte of a set made by one escape.
unsigned char first_byte(const Set& s) {
  unsigned c = 0;
  while (c < 255 && !s[c]) ++c;
  return static_cast<unsigned char>(c);
}

// \d \D \w \W \s \S
bool is_class_escape(char c) {
  switch (c) {
    case 'd': case 'D': case 'w': case 'W': case 's': case 'S':
      return true;
    default:
      return false;
  }
}

Set class_set(char letter) {
  Set s;
  switch (letter | 0x20) {
    case 'd':
      s = range('0', '9');
      break;
    case 'w':
      for (unsigned c = 0; c < 256; ++c) s[c] = is_word(static_cast<unsigned char>(c));
      break;
    default:  // 's': ECMAScript's white space, in bytes
      for (char c : {' ', '\t', '\n', '\v', '\f', '\r'}) s.set(static_cast<unsigned char>(c));
  }
  return letter >= 'A' && letter <= 'Z' ? ~s : s;
}

class Parser {
 public:
  Parser(std::string_view p, bool icase) : p_(p), icase_(icase) {}

  Node parse() {
    Node n = alternation();
    if (at_ < p_.size()) fail("unbalanced parenthesis");  // only a ')' stops alternation()
    return n;
  }

 private:
  [[noreturn]] void fail(const std::string& message, size_t at) const {
    throw RegexError(message, at);
  }
  [[noreturn]] void fail(const std::string& message) const { fail(message, at_); }

  bool more() const { return at_ < p_.size(); }
  char peek() const { return p_[at_]; }

  Node alternation() {
    Node first = concatenation();
    if (!more() || peek() != '|') return first;
    Node alt{Node::Kind::Alternation};
    alt.kids.push_back(std::move(first));
    while (more() && peek() == '|') {
      ++at_;
      alt.kids.push_back(concatenation());
    }
    return alt;
  }

  Node concatenation() {
    Node seq{Node::Kind::Concat};
    while (more() && peek() != '|' && peek() != ')') seq.kids.push_back(repetition());
    return seq;
  }

  Node repetition() {
    const size_t start = at_;
    Node atom = this->atom();
    bool repeated = false;  // `a**` is refused, as ECMAScript and Python do
    while (more()) {
      int min, max;
      const char c = peek();
      if (c == '*') {
        min = 0, max = -1, ++at_;
      } else if (c == '+') {
        min = 1, max = -1, ++at_;
      } else if (c == '?') {
        min = 0, max = 1, ++at_;
      } else if (c == '{') {
        braces(min, max);
      } else {
        break;
      }
      if (repeated || atom.kind == Node::Kind::Assert || atom.kind == Node::Kind::Look)
        fail("nothing to repeat", start);
      if (more() && peek() == '?') ++at_;  // lazy: the same whole matches
      Node rep{Node::Kind::Repeat};
      rep.min = min, rep.max = max;
      rep.kids.push_back(std::move(atom));
      atom = std::move(rep);
      repeated = true;
    }
    return atom;
  }

  // {n}, {n,}, {n,m}
  void braces(int& min, int& max) {
    const size_t open = at_++;
    auto number = [&]() {
      if (!more() || peek() < '0' || peek() > '9') fail("a repetition {n,m} needs numbers", open);
      long v = 0;
      while (more() && peek() >= '0' && peek() <= '9') {
        v = v * 10 + (peek() - '0');
        if (v > Regex::kMaxRepeat)
          fail("a repetition count above " + std::to_string(Regex::kMaxRepeat), open);
        ++at_;
      }
      return static_cast<int>(v);
    };
    min = number();
    max = min;
    if (more() && peek() == ',') {
      ++at_;
      max = more() && peek() == '}' ? -1 : number();
    }
    if (!more() || peek() != '}') fail("a repetition {n,m} is not closed", open);
    ++at_;
    if (max != -1 && max < min) fail("a repetition {n,m} with m below n", open);
  }

  // `s` with both cases of each letter it has, when the case is ignored.
  Set cased(Set s) const {
    if (icase_)
      for (unsigned c = 'a'; c <= 'z'; ++c)
        if (s[c] || s[c - 32]) s.set(c), s.set(c - 32);
    return s;
  }
  Node bytes(const Set& s) const {
    Node n{Node::Kind::Bytes};
    n.set = cased(s);
    return n;
  }
  Node byte(unsigned char c) {
    Set s;
    s.set(c);
    return bytes(s);
  }
  Node assertion(Op op) {
    Node n{Node::Kind::Assert};
    n.assertion = op;
    return n;
  }

  Node atom() {
    const size_t start = at_;
    const char c = p_[at_++];
    switch (c) {
      case '(':
        return group(start);
      case '[':
        return bracket(start);
      case '.':
        return bytes(~(Set().set('\n').set('\r')));
      case '^':
        return assertion(Op::Begin);
      case '$':
        return assertion(Op::End);
      case '*':
      case '+':
      case '?':
      case '{':
        fail("nothing to repeat", start);
      case '\\': {
        if (more() && (peek() == 'b' || peek() == 'B'))
          return assertion(p_[at_++] == 'b' ? Op::WordEdge : Op::NotWordEdge);
        Set s;
        escape(start, s);
        return bytes(s);
      }
      default:
        return byte(static_cast<unsigned char>(c));
    }
  }

  Node group(size_t open) {
    if (++depth_ > Regex::kMaxNesting)
      fail("groups nested more than " + std::to_string(Regex::kMaxNesting) + " deep", open);
    Node n{Node::Kind::Concat};
    if (more() && peek() == '?') {
      ++at_;
      const char kind = more() ? p_[at_++] : '\0';
      if (kind == '=' || kind == '!') {
        n = Node{Node::Kind::Look};
        n.negate = kind == '!';
      } else if (kind != ':') {
        fail(kind == '<' ? "lookbehinds and named groups are not supported"
                         : "only (?: ), (?= ) and (?! ) are supported after (?",
             open);
      }
    }
    Node body = alternation();
    if (!more()) fail("missing ) for this (", open);
    ++at_;
    --depth_;
    n.kids.push_back(std::move(body));
    return n;
  }

  // After a backslash at `start` (at_ on the escaped letter): adds what it stands for to
  // `s`; `in_class`: \b is a backspace there.
  void escape(size_t start, Set& s, bool in_class = false) {
    if (!more()) fail("a pattern cannot end with a backslash", start);
    const char c = p_[at_++];
    if (is_class_escape(c)) {
      s |= class_set(c);
      return;
    }
    switch (c) {
      case 't': s.set('\t'); return;
      case 'n': s.set('\n'); return;
      case 'r': s.set('\r'); return;
      case 'f': s.set('\f'); return;
      case 'v': s.set('\v'); return;
      case 'b':
        if (in_class) {
          s.set('\b');
          return;
        }
        break;
      case '0':
        if (!more() || peek() < '0' || peek() > '9') {
          s.set(0);
          return;
        }
        break;
      case 'x': {
        auto hex = [](char h) {
          return h >= '0' && h <= '9' ? h - '0'
                 : (h | 0x20) >= 'a' && (h | 0x20) <= 'f' ? (h | 0x20) - 'a' + 10
                                                          : -1;
        };
        if (at_ + 2 > p_.size() || hex(p_[at_]) < 0 || hex(p_[at_ + 1]) < 0)
          fail("\\x needs two hexadecimal digits", start);
        s.set(static_cast<unsigned char>(hex(p_[at_]) * 16 + hex(p_[at_ + 1])));
        at_ += 2;
        return;
      }
      default:
        if (!is_word(static_cast<unsigned char>(c))) {  // escaped punctuation: itself
          s.set(static_cast<unsigned char>(c));
          return;
        }
    }
    fail(c >= '1' && c <= '9' ? "backreferences are not supported"
                              : std::string("unsupported escape \\") + c,
         start);
  }

  Node bracket(size_t open) {
    bool negated = more() && peek() == '^';
    if (negated) ++at_;
    Set s;
    while (true) {
      if (!more()) fail("missing ] for this [", open);
      if (peek() == ']') break;
      // One item: a byte (which may start a range) or a class escape.
      const size_t item = at_;
      Set one;
      bool single = true;
      unsigned char low = 0;
      if (peek() == '\\') {
        ++at_;
        single = !(more() && is_class_escape(peek()));
        escape(item, one, true);
        if (single) low = first_byte(one);
      } else {
        low = static_cast<unsigned char>(p_[at_++]);
        one.set(low);
      }
      if (single && at_ + 1 < p_.size() && peek() == '-' && p_[at_ + 1] != ']') {
        ++at_;  // a range low-high
        const size_t hi_at = at_;
        Set high;
        if (peek() == '\\') {
          ++at_;
          if (more() && is_class_escape(peek()))
            fail("a range cannot end in a class escape", hi_at);
          escape(hi_at, high, true);
        } else {
          high.set(static_cast<unsigned char>(p_[at_++]));
        }
        const unsigned char hi = first_byte(high);
        if (hi < low) fail("a range out of order", item);
        one = range(low, hi);
      }
      s |= one;
    }
    ++at_;  // the ]
    s = cased(s);  // before negating: [^a] refuses both cases
    return bytes(negated ? ~s : s);  // (the negation of a cased set is cased)
  }

  std::string_view p_;
  bool icase_;
  size_t at_ = 0;
  size_t depth_ = 0;
};

// Emits the program of a tree (Thompson's construction).
class Emitter {
 public:
  Emitter(std::vector<Regex::Inst>& program, std::vector<Set>& sets)
      : program_(program), sets_(sets) {}

  void emit(const Node& n) {
    switch (n.kind) {
      case Node::Kind::Bytes:
        sets_.push_back(n.set);
        add({Op::Byte, false, static_cast<uint32_t>(sets_.size() - 1)});
        return;
      case Node::Kind::Concat:
        for (const Node& k : n.kids) emit(k);
        return;
      case Node::Kind::Alternation: {
        std::vector<uint32_t> to_end;
        for (size_t i = 0; i < n.kids.size(); ++i) {
          if (i + 1 < n.kids.size()) {
            const uint32_t split = add({Op::Split});
            program_[split].x = here();
            emit(n.kids[i]);
            to_end.push_back(add({Op::Jump}));
            program_[split].y = here();
          } else {
            emit(n.kids[i]);
          }
        }
        for (uint32_t j : to_end) program_[j].x = here();
        return;
      }
      case Node::Kind::Repeat:
        repeat(n);
        return;
      case Node::Kind::Assert:
        add({n.assertion});
        return;
      case Node::Kind::Look: {
        const uint32_t look = add({Op::Look, n.negate});
        program_[look].x = here();
        emit(n.kids[0]);
        add({Op::Match});
        program_[look].y = here();
        return;
      }
    }
  }

  void finish() { add({Op::Match}); }

 private:
  uint32_t here() const { return static_cast<uint32_t>(program_.size()); }

  uint32_t add(Regex::Inst inst) {
    if (program_.size() >= Regex::kMaxStates)
      throw RegexError("the pattern is too large (more than " +
                           std::to_string(Regex::kMaxStates) + " states)",
                       0);
    program_.push_back(inst);
    return here() - 1;
  }

  void repeat(const Node& n) {
    const Node& body = n.kids[0];
    for (int i = 0; i < n.min; ++i) emit(body);
    if (n.max == -1) {  // L: split(body, out); body; jump L
      const uint32_t split = add({Op::Split});
      program_[split].x = here();
      emit(body);
      add({Op::Jump, false, split});
      program_[split].y = here();
      return;
    }
    std::vector<uint32_t> to_end;  // each optional copy may stop: split(body, out)
    for (int i = n.min; i < n.max; ++i) {
      const uint32_t split = add({Op::Split});
      program_[split].x = here();
      to_end.push_back(split);
      emit(body);
    }
    for (uint32_t s : to_end) program_[s].y = here();
  }

  std::vector<Regex::Inst>& program_;
  std::vector<Set>& sets_;
};

// The states a run is in at one position: a sparse set (insertion and clearing O(1)).
class StateList {
 public:
  explicit StateList(size_t states) : index_(states), states_(states) {}
  bool contains(uint32_t s) const {
    uint32_t i = index_[s];
    return i < size_ && states_[i] == s;
  }
  void insert(uint32_t s) {
    index_[s] = size_;
    states_[size_++] = s;
  }
  void clear() { size_ = 0; }
  size_t size() const { return size_; }
  uint32_t operator[](size_t i) const { return states_[i]; }

 private:
  std::vector<uint32_t> index_, states_;
  size_t size_ = 0;
};

}  // namespace

Regex::Regex(std::string_view pattern, Case letter_case) {
  Node tree = Parser(pattern, letter_case == Case::Insensitive).parse();
  Emitter emitter(program_, sets_);
  emitter.emit(tree);
  emitter.finish();
}

// A match's text, and the work its lookaheads have done. A lookahead is asked at most once
// per position of a run (a state is in a position's list once), so its answers need no
// memo; a lookahead inside another's body is asked again by each run of the outer one,
// which the step limit bounds.
struct Regex::Run {
  std::string_view text;
  uint64_t look_steps = 0;
};

bool Regex::matches(std::string_view text) const {
  Run r{text};
  return run(r, 0, 0, false);
}

// Runs the program from state `start` at `at`. `prefix` (a lookahead's body): true once a
// Match is reached anywhere; otherwise only a Match at the end of the text counts.
bool Regex::run(Run& r, uint32_t start, size_t at, bool prefix) const {
  const std::string_view text = r.text;
  StateList now(program_.size()), next(program_.size());
  std::vector<uint32_t> pending;  // states still to follow at this position
  bool matched = false;
  // Adds `s` and every state it reaches without reading a byte, at position `pos`.
  auto follow = [&](StateList& list, uint32_t s, size_t pos) {
    pending.push_back(s);
    while (!pending.empty()) {
      const uint32_t i = pending.back();
      pending.pop_back();
      if (list.contains(i)) continue;
      list.insert(i);
      const Inst& in = program_[i];
      switch (in.op) {
        case Op::Byte:
          break;
        case Op::Match:
          if (prefix || pos == text.size()) matched = true;
          break;
        case Op::Jump:
          pending.push_back(in.x);
          break;
        case Op::Split:
          pending.push_back(in.y);
          pending.push_back(in.x);
          break;
        case Op::Begin:
          if (pos == 0) pending.push_back(i + 1);
          break;
        case Op::End:
          if (pos == text.size()) pending.push_back(i + 1);
          break;
        case Op::WordEdge:
        case Op::NotWordEdge: {
          const bool before = pos > 0 && is_word(static_cast<unsigned char>(text[pos - 1]));
          const bool after = pos < text.size() && is_word(static_cast<unsigned char>(text[pos]));
          if ((before != after) == (in.op == Op::WordEdge)) pending.push_back(i + 1);
          break;
        }
        case Op::Look:
          if (run(r, in.x, pos, true) != in.negate) pending.push_back(in.y);
          break;
      }
    }
  };
  if (prefix) ++r.look_steps;  // a lookahead asked, even one that reads nothing
  follow(now, start, at);
  for (size_t pos = at; !matched && pos < text.size() && now.size() > 0; ++pos) {
    if (prefix && (r.look_steps += now.size()) > kMaxLookaheadSteps)
      throw RegexError("the text is too long for this pattern's lookaheads (more than " +
                           std::to_string(kMaxLookaheadSteps) + " steps)",
                       0);
    const auto c = static_cast<unsigned char>(text[pos]);
    next.clear();
    for (size_t k = 0; k < now.size(); ++k) {
      const Inst& in = program_[now[k]];
      if (in.op == Op::Byte && sets_[in.x][c]) follow(next, now[k] + 1, pos + 1);
    }
    std::swap(now, next);
  }
  return matched;
}

}  // namespace wfgen::jinja
