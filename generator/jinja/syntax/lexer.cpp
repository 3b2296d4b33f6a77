#include "jinja/syntax/lexer.h"

#include <algorithm>
#include <array>
#include <optional>

#include "jinja/options.h"
#include "jinja/python/unicode.h"
#include "jinja/python/unicode_case.h"
#include "jinja/syntax/source.h"

namespace wfgen::jinja {

std::string normalize_source(std::string_view source, bool keep_trailing_newline) {
  if (source.find('\r') == std::string_view::npos) {
    std::string out(source);
    if (!keep_trailing_newline && !out.empty() && out.back() == '\n') out.pop_back();
    return out;
  }
  std::string out;
  out.reserve(source.size());
  for (size_t i = 0; i < source.size(); ++i) {
    char c = source[i];
    if (c == '\r') {
      if (i + 1 < source.size() && source[i + 1] == '\n') ++i;
      out += '\n';
    } else {
      out += c;
    }
  }
  if (!keep_trailing_newline && !out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

namespace {

// Python's str.isspace() for the ASCII range (what templates contain in practice).
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' ||
         (c >= '\x1c' && c <= '\x1f');
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_ascii_name_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool is_ascii_name_char(char c) {
  return is_ascii_name_start(c) || is_digit(c);
}
enum class TagKind { Raw, Comment, Block, Variable };

struct TagStart {
  TagKind kind;
  size_t pos;  // where the delimiter starts
  size_t end;  // after the delimiter and its sign (for Raw: after the whole raw tag)
  char sign;   // '-', '+' or 0
};

class Lexer {
 public:
  Lexer(const SourceFile& file, const EnvironmentOptions& opt)
      : file_(file), src_(file.text()), opt_(opt) {
    // Jinja2 tries the longest start delimiter first; ties in the order
    // variable, comment, block (its reverse-sorted rule names).
    starts_ = {{{TagKind::Variable, opt.variable_start},
                {TagKind::Comment, opt.comment_start},
                {TagKind::Block, opt.block_start}}};
    for (const auto& [kind, delim] : starts_) {
      if (!delim.empty()) starts_tag_[static_cast<unsigned char>(delim[0])] = true;
    }
    if (!opt.block_start.empty())
      starts_tag_[static_cast<unsigned char>(opt.block_start[0])] = true;
    for (int i = 0; i < 3; ++i) {
      for (int j = i + 1; j < 3; ++j) {
        if (starts_[j].second.size() > starts_[i].second.size()) std::swap(starts_[i], starts_[j]);
      }
    }
  }

  // `expression`: the whole source is the inside of a {{ }} (Jinja2's "variable" state,
  // where compile_expression starts).
  TokenList run(bool expression) {
    TokenList out;
    try {
      if (expression)
        lex_tag_body(0, true);
      else
        lex_all();
      tokens_.push_back(Token{Tok::Eof, static_cast<uint32_t>(src_.size()), {}, {}});
    } catch (const TemplateError&) {
      out.error = std::current_exception();
      tokens_.push_back(Token{Tok::Error, static_cast<uint32_t>(src_.size()), {}, {}});
    }
    out.tokens = std::move(tokens_);
    return out;
  }

 private:
  void lex_all() {
    size_t pos = 0;
    while (pos < src_.size()) {
      std::optional<TagStart> tag = find_tag(pos);
      size_t text_end = tag ? tag->pos : src_.size();
      std::string_view text = src_.substr(pos, text_end - pos);
      if (!tag) {
        emit_data(pos, text);
        break;
      }
      text = apply_lstrip(text, tag->sign, tag->kind != TagKind::Variable);
      emit_data(pos, text);
      line_starting_ = src_[tag->end - 1] == '\n';
      switch (tag->kind) {
        case TagKind::Comment:
          pos = lex_comment(tag->end, tag->pos);
          break;
        case TagKind::Raw:
          pos = lex_raw(tag->end, tag->pos);
          break;
        case TagKind::Block:
          pos = lex_tag(tag->pos, tag->end, false);
          break;
        case TagKind::Variable:
          pos = lex_tag(tag->pos, tag->end, true);
          break;
      }
    }
  }

  // Whether `s` is written at `pos`. Nearly every test fails on its first byte (a lexer
  // tries each delimiter and operator in turn): that byte is compared first.
  bool at(size_t pos, std::string_view s) const {
    if (s.empty()) return pos <= src_.size();
    return pos < src_.size() && src_[pos] == s[0] && src_.substr(pos, s.size()) == s;
  }

  // The byte length of the whitespace character at pos (Python's \s: Unicode spaces
  // too), or 0.
  size_t space_at(size_t pos) const {
    if (pos >= src_.size()) return 0;
    if (static_cast<unsigned char>(src_[pos]) < 0x80) return is_space(src_[pos]) ? 1 : 0;
    size_t next = pos;
    uint32_t cp = utf8::decode(src_, next);
    return utf8::is_space(cp) ? next - pos : 0;
  }
  size_t skip_space(size_t pos) const {
    while (size_t n = space_at(pos)) pos += n;
    return pos;
  }

  // Length of a block-end match at pos: `+%}` | `-%}\s*` | `%}` (+ `\n?` with trim).
  // `trim` says whether trim_blocks applies to this kind of tag end.
  size_t match_end(size_t pos, const std::string& delim, bool allow_plus, bool trim) const {
    if (allow_plus && pos < src_.size() && src_[pos] == '+' && at(pos + 1, delim)) {
      return 1 + delim.size();
    }
    if (pos < src_.size() && src_[pos] == '-' && at(pos + 1, delim)) {
      return skip_space(pos + 1 + delim.size()) - pos;
    }
    if (at(pos, delim)) {
      size_t n = delim.size();
      if (trim && opt_.trim_blocks && pos + n < src_.size() && src_[pos + n] == '\n') ++n;
      return n;
    }
    return 0;
  }

  char sign_at(size_t pos) const {
    if (pos < src_.size() && (src_[pos] == '-' || src_[pos] == '+')) return src_[pos];
    return 0;
  }

  // `{% raw %}` (any sign, whitespace, `-%}\s*` or `%}` end) starting at pos.
  std::optional<size_t> match_raw_begin(size_t pos) const {
    const std::string& bs = opt_.block_start;
    if (!at(pos, bs)) return std::nullopt;
    size_t p = pos + bs.size();
    if (sign_at(p)) ++p;
    p = skip_space(p);
    if (!at(p, "raw")) return std::nullopt;
    p = skip_space(p + 3);
    const std::string& be = opt_.block_end;
    if (p < src_.size() && src_[p] == '-' && at(p + 1, be)) return skip_space(p + 1 + be.size());
    if (at(p, be)) return p + be.size();
    return std::nullopt;
  }

  std::optional<TagStart> find_tag(size_t from) const {
    for (size_t p = from; p < src_.size(); ++p) {
      // Most of a template is text: skip bytes that cannot start a delimiter.
      if (!starts_tag_[static_cast<unsigned char>(src_[p])]) continue;
      if (auto raw_end = match_raw_begin(p)) {
        return TagStart{TagKind::Raw, p, *raw_end, sign_at(p + opt_.block_start.size())};
      }
      for (const auto& [kind, delim] : starts_) {
        if (at(p, delim)) {
          size_t end = p + delim.size();
          char sign = sign_at(end);
          return TagStart{kind, p, end + (sign ? 1 : 0), sign};
        }
      }
    }
    return std::nullopt;
  }

  // The OptionalLStrip rule: `-` strips all trailing whitespace of the text; with
  // lstrip_blocks (and no `+`), a block/comment/raw tag alone on its line takes the
  // indentation before it.
  std::string_view apply_lstrip(std::string_view text, char sign, bool is_block_like) const {
    const size_t base = static_cast<size_t>(text.data() - src_.data());
    if (sign == '-') return text.substr(0, content_end(base, base + text.size()) - base);
    if (sign != '+' && opt_.lstrip_blocks && is_block_like) {
      size_t nl = text.rfind('\n');
      size_t l_pos = nl == std::string_view::npos ? 0 : nl + 1;
      if (l_pos > 0 || line_starting_) {
        if (l_pos < text.size() && content_end(base + l_pos, base + text.size()) == base + l_pos)
          return text.substr(0, l_pos);
      }
    }
    return text;
  }

  // Where src_[from, to) ends once trailing whitespace (Unicode too) is dropped:
  // walks back over whole characters from `to`.
  size_t content_end(size_t from, size_t to) const {
    size_t end = to;
    while (end > from) {
      size_t start = end - 1;
      while (start > from && (static_cast<unsigned char>(src_[start]) & 0xC0) == 0x80) --start;
      if (space_at(start) != end - start) break;
      end = start;
    }
    return end;
  }

  void emit_data(size_t pos, std::string_view text) {
    if (text.empty()) return;
    tokens_.push_back(Token{Tok::Data, static_cast<uint32_t>(pos), text, {}});
  }

  size_t lex_comment(size_t pos, size_t tag_pos) {
    const std::string& ce = opt_.comment_end;
    for (size_t p = pos; p < src_.size(); ++p) {
      if (size_t n = match_end(p, ce, true, true)) {
        line_starting_ = src_[p + n - 1] == '\n';
        return p + n;
      }
    }
    file_.fail("Missing end of comment tag", static_cast<uint32_t>(tag_pos));
  }

  size_t lex_raw(size_t pos, size_t tag_pos) {
    const std::string& bs = opt_.block_start;
    const std::string& be = opt_.block_end;
    for (size_t p = pos; p < src_.size(); ++p) {
      if (!at(p, bs)) continue;
      size_t q = p + bs.size();
      char sign = sign_at(q);
      if (sign) ++q;
      q = skip_space(q);
      if (!at(q, "endraw")) continue;
      q = skip_space(q + 6);
      size_t n = match_end(q, be, true, true);
      if (!n) continue;
      std::string_view text = apply_lstrip(src_.substr(pos, p - pos), sign, true);
      emit_data(pos, text);
      line_starting_ = src_[q + n - 1] == '\n';
      return q + n;
    }
    // As Jinja2's lexer: a raw tag that ends the template is an empty raw block.
    if (pos == src_.size()) return pos;
    file_.fail("Missing end of raw directive", static_cast<uint32_t>(tag_pos));
  }

  // Tokens inside {{ }} or {% %}, up to the end delimiter at balanced brackets.
  size_t lex_tag(size_t tag_pos, size_t pos, bool variable) {
    tokens_.push_back(Token{variable ? Tok::VarBegin : Tok::BlockBegin,
                            static_cast<uint32_t>(tag_pos),
                            src_.substr(tag_pos, pos - tag_pos),
                            {}});
    return lex_tag_body(pos, variable);
  }

  size_t lex_tag_body(size_t pos, bool variable) {
    const std::string& end = variable ? opt_.variable_end : opt_.block_end;
    std::string balance;
    while (pos < src_.size()) {
      if (balance.empty()) {
        if (size_t n = match_end(pos, end, !variable, !variable)) {
          tokens_.push_back(Token{variable ? Tok::VarEnd : Tok::BlockEnd,
                                  static_cast<uint32_t>(pos),
                                  src_.substr(pos, n),
                                  {}});
          line_starting_ = src_[pos + n - 1] == '\n';
          return pos + n;
        }
      }
      char c = src_[pos];
      if (space_at(pos)) {
        pos = skip_space(pos);
        continue;
      }
      if (size_t n = match_float(pos)) {
        push(Tok::Float, pos, n);
      } else if (size_t n = match_integer(pos)) {
        push(Tok::Integer, pos, n);
      } else if (is_ascii_name_start(c) || static_cast<unsigned char>(c) >= 0x80) {
        lex_name(pos);
      } else if (c == '\'' || c == '"') {
        lex_string(pos);
      } else if (size_t n = match_operator(pos)) {
        track_balance(balance, pos, src_.substr(pos, n));
        push(Tok::Op, pos, n);
      } else {
        std::string shown;
        append_char_repr(shown, pos);
        file_.fail("unexpected char " + shown + " at " + std::to_string(pos),
                   static_cast<uint32_t>(pos));
      }
      pos = tokens_.back().pos + tokens_.back().text.size();
    }
    return pos;  // end of source inside a tag: the parser reports it
  }

  // A name: Jinja2's pattern takes letters, digits and a few marks from all of Unicode,
  // then refuses what Python would not accept as an identifier.
  void lex_name(size_t pos) {
    size_t e = pos;
    bool identifier = true;  // str.isidentifier() of the name so far
    while (e < src_.size()) {
      if (static_cast<unsigned char>(src_[e]) < 0x80) {
        if (!is_ascii_name_char(src_[e])) break;
        if (e == pos && is_digit(src_[e])) identifier = false;
        ++e;
        continue;
      }
      size_t next = e;
      uint32_t cp = utf8::decode(src_, next);
      if (!utf8::is_jinja_name_char(cp)) break;
      if (!(e == pos ? utf8::is_id_start(cp) : utf8::is_id_continue(cp))) identifier = false;
      e = next;
    }
    if (e == pos) {
      size_t next = pos;
      utf8::decode(src_, next);
      file_.fail("unexpected char '" + std::string(src_.substr(pos, next - pos)) + "' at " +
                     std::to_string(utf8::length(src_.substr(0, pos))),
                 static_cast<uint32_t>(pos));
    }
    if (!identifier) file_.fail("Invalid character in identifier", static_cast<uint32_t>(pos));
    push(Tok::Name, pos, e - pos);
  }

  void push(Tok type, size_t pos, size_t n) {
    tokens_.push_back(Token{type, static_cast<uint32_t>(pos), src_.substr(pos, n), {}});
  }

  void append_char_repr(std::string& out, size_t pos) const {
    char c = src_[pos];
    out += c == '\'' ? "\"'\"" : std::string("'") + c + "'";
  }

  void track_balance(std::string& balance, size_t pos, std::string_view op) const {
    char c = op.size() == 1 ? op[0] : 0;
    if (c == '{') balance += '}';
    if (c == '(') balance += ')';
    if (c == '[') balance += ']';
    if (c == '}' || c == ')' || c == ']') {
      if (balance.empty()) {
        file_.fail(std::string("unexpected '") + c + "'", static_cast<uint32_t>(pos));
      }
      char expected = balance.back();
      balance.pop_back();
      if (expected != c) {
        file_.fail(std::string("unexpected '") + c + "', expected '" + expected + "'",
                   static_cast<uint32_t>(pos));
      }
    }
  }

  // (\d+_)*\d+ : digits with single underscores between them.
  size_t match_digits(size_t pos, bool (*digit)(char)) const {
    size_t p = pos;
    if (p >= src_.size() || !digit(src_[p])) return 0;
    while (p < src_.size()) {
      if (digit(src_[p])) {
        ++p;
      } else if (src_[p] == '_' && p + 1 < src_.size() && digit(src_[p + 1])) {
        ++p;
      } else {
        break;
      }
    }
    return p - pos;
  }

  size_t match_float(size_t pos) const {
    if (pos > 0 && src_[pos - 1] == '.') return 0;
    size_t n = match_digits(pos, is_digit);
    if (!n) return 0;
    size_t p = pos + n;
    size_t frac = 0;
    if (p < src_.size() && src_[p] == '.') frac = match_digits(p + 1, is_digit);
    size_t after_frac = frac ? p + 1 + frac : p;
    // exponent
    size_t q = after_frac;
    if (q < src_.size() && (src_[q] == 'e' || src_[q] == 'E')) {
      size_t r = q + 1;
      if (r < src_.size() && (src_[r] == '+' || src_[r] == '-')) ++r;
      if (size_t e = match_digits(r, is_digit)) return r + e - pos;
    }
    return frac ? after_frac - pos : 0;
  }

  size_t match_integer(size_t pos) const {
    char c = src_[pos];
    if (!is_digit(c)) return 0;
    if (c == '0' && pos + 1 < src_.size()) {
      char x = static_cast<char>(src_[pos + 1] | 0x20);
      bool (*digit)(char) = nullptr;
      if (x == 'b') digit = [](char d) { return d == '0' || d == '1'; };
      if (x == 'o') digit = [](char d) { return d >= '0' && d <= '7'; };
      if (x == 'x') {
        digit = [](char d) {
          return is_digit(d) || (d >= 'a' && d <= 'f') || (d >= 'A' && d <= 'F');
        };
      }
      if (digit) {
        // 0b(_?[01])+ : an underscore may also follow the prefix directly.
        size_t p = pos + 2;
        if (p < src_.size() && src_[p] == '_') ++p;
        if (size_t n = match_digits(p, digit)) return p + n - pos;
      }
    }
    if (c == '0') {
      // 0(_?0)*
      size_t p = pos + 1;
      while (p < src_.size()) {
        if (src_[p] == '0') {
          ++p;
        } else if (src_[p] == '_' && p + 1 < src_.size() && src_[p + 1] == '0') {
          p += 2;
        } else {
          break;
        }
      }
      return p - pos;
    }
    return match_digits(pos, is_digit);
  }

  size_t match_operator(size_t pos) const {
    static const std::array<std::string_view, 4> two = {"//", "**", "==", "!="};
    static const std::array<std::string_view, 2> two_cmp = {">=", "<="};
    for (auto op : two) {
      if (at(pos, op)) return 2;
    }
    for (auto op : two_cmp) {
      if (at(pos, op)) return 2;
    }
    static constexpr std::string_view one = "+-/*%~[](){}><=.:|,;";
    return one.find(src_[pos]) != std::string_view::npos ? 1 : 0;
  }

  void lex_string(size_t pos) {
    char quote = src_[pos];
    size_t p = pos + 1;
    while (p < src_.size() && src_[p] != quote) {
      if (src_[p] == '\\' && p + 1 < src_.size()) ++p;
      ++p;
    }
    if (p >= src_.size()) {
      std::string shown;
      append_char_repr(shown, pos);
      file_.fail("unexpected char " + shown + " at " + std::to_string(pos),
                 static_cast<uint32_t>(pos));
    }
    Token t{Tok::String, static_cast<uint32_t>(pos), src_.substr(pos, p + 1 - pos), {}};
    t.value = decode_string(src_.substr(pos + 1, p - pos - 1), pos);
    tokens_.push_back(std::move(t));
  }

  static int hex_value(char c) {
    if (is_digit(c)) return c - '0';
    c = static_cast<char>(c | 0x20);
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  }

  // Python's 'unicode-escape' decoding, as Jinja2 applies it to string literals.
  std::string decode_string(std::string_view raw, size_t pos) const {
    std::string out;
    out.reserve(raw.size());
    for (size_t i = 0; i < raw.size(); ++i) {
      char c = raw[i];
      if (c != '\\' || i + 1 >= raw.size()) {
        out += c;
        continue;
      }
      char e = raw[++i];
      switch (e) {
        case '\n':
          break;
        case '\\':
          out += '\\';
          break;
        case '\'':
          out += '\'';
          break;
        case '"':
          out += '"';
          break;
        case 'a':
          out += '\a';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'v':
          out += '\v';
          break;
        case 'x':
        case 'u':
        case 'U': {
          size_t digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
          uint32_t cp = 0;
          for (size_t k = 0; k < digits; ++k) {
            int h = i + 1 + k < raw.size() ? hex_value(raw[i + 1 + k]) : -1;
            if (h < 0) {
              const char* what = e == 'x'   ? "truncated \\xXX escape"
                                 : e == 'u' ? "truncated \\uXXXX escape"
                                            : "truncated \\UXXXXXXXX escape";
              file_.fail(what, static_cast<uint32_t>(pos));
            }
            cp = cp * 16 + static_cast<uint32_t>(h);
          }
          if (cp > 0x10FFFF) file_.fail("illegal Unicode character", static_cast<uint32_t>(pos));
          utf8::encode(out, cp);
          i += digits;
          break;
        }
        default:
          if (e >= '0' && e <= '7') {
            uint32_t cp = static_cast<uint32_t>(e - '0');
            for (int k = 0; k < 2 && i + 1 < raw.size() && raw[i + 1] >= '0' && raw[i + 1] <= '7';
                 ++k) {
              cp = cp * 8 + static_cast<uint32_t>(raw[++i] - '0');
            }
            utf8::encode(out, cp);
          } else {
            out += '\\';
            out += e;
          }
      }
    }
    return out;
  }

  const SourceFile& file_;
  std::string_view src_;
  const EnvironmentOptions& opt_;
  std::array<std::pair<TagKind, std::string>, 3> starts_;
  std::array<bool, 256> starts_tag_{};  // first bytes of the start delimiters
  std::vector<Token> tokens_;
  bool line_starting_ = true;
};

}  // namespace

TokenList tokenize(const SourceFile& file, const EnvironmentOptions& options) {
  return Lexer(file, options).run(false);
}

TokenList tokenize_expression(const SourceFile& file, const EnvironmentOptions& options) {
  return Lexer(file, options).run(true);
}

}  // namespace wfgen::jinja
