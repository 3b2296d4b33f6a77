// Regular expressions matched against a whole text (std::regex_match's question: does all
// of it match?), in time linear in the text and without recursing on it: a Pike VM over
// the compiled NFA. libstdc++'s std::regex recurses once per character matched and
// overflowed the stack on a value of ~30,000 characters; it also spent ~500 K instructions
// compiling each bracket expression.
//
// The syntax is the subset ECMAScript and Python's `re` read alike: literals; `.` (any
// byte but \n and \r); escapes \d \D \w \W \s \S (ASCII), \t \n \r \f \v \0 \xHH and any
// punctuation escaped; classes [a-z_] [^...] (with those escapes inside); groups ( ) and
// (?: ); alternation |; quantifiers * + ? {n} {n,} {n,m} (a lazy `?` after one changes
// nothing for a whole match); anchors ^ $ \b \B; lookaheads (?= ) and (?! ). It matches
// bytes, not code points. Anything else (backreferences, lookbehind, named groups, inline
// flags, \u escapes) is refused when compiled, with RegexError.
#pragma once

#include <bitset>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace wfgen::jinja {

class RegexError : public std::runtime_error {
 public:
  RegexError(const std::string& message, size_t offset)
      : std::runtime_error(message), offset_(offset) {}
  // Where in the pattern (a byte offset); for a match too costly, 0.
  size_t offset() const { return offset_; }

 private:
  size_t offset_;
};

class Regex {
 public:
  enum class Case { Sensitive, Insensitive };  // Insensitive: ASCII letters only

  // Throws RegexError for a pattern outside the syntax above, nested more than
  // kMaxNesting deep or compiling to more than kMaxStates states.
  explicit Regex(std::string_view pattern, Case letter_case = Case::Sensitive);

  // Whether all of `text` matches. Linear in the text, but for lookaheads: each is
  // evaluated once per position it is reached at, scanning ahead; more than
  // kMaxLookaheadSteps of that work throws RegexError (a lookahead inside a repetition
  // over a long text).
  bool matches(std::string_view text) const;

  static constexpr size_t kMaxNesting = 100;
  static constexpr size_t kMaxStates = 10'000;
  static constexpr int kMaxRepeat = 1000;  // the largest n or m of {n,m}
  static constexpr uint64_t kMaxLookaheadSteps = 50'000'000;

  // One instruction of the compiled program (see regex.cpp).
  struct Inst {
    enum class Op : uint8_t { Byte, Split, Jump, Match, Begin, End, WordEdge, NotWordEdge, Look };
    Op op;
    bool negate = false;  // Look: (?! )
    uint32_t x = 0;       // Byte: the set; Split, Jump: a target; Look: its body
    uint32_t y = 0;       // Split: the other target; Look: where a thread goes on
  };

 private:
  struct Run;
  bool run(Run& r, uint32_t start, size_t at, bool prefix) const;

  std::vector<Inst> program_;
  std::vector<std::bitset<256>> sets_;
};

}  // namespace wfgen::jinja
