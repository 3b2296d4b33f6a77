#include "data/json_direct.h"

#include <cctype>
#include <charconv>
#include <cstdlib>
#include <string_view>

#include "data/error.h"
#include "data/load.h"
#include "jinja/error.h"
#include "jinja/limits.h"
#include "jinja/python/int_digits.h"
#include "jinja/python/unicode.h"
#include "jinja/value/string_pool.h"

namespace wfgen::data {

namespace {

using jinja::Value;

// A strict RFC 8259 parser building Values directly: one pass, no DOM. For malformed
// text it only says so (the position-tracking loader words the error); what is well
// formed but beyond a limit (nesting, an int's digits) it reports itself, with where.
class Parser {
 public:
  explicit Parser(std::string_view text)
      : begin_(text.data()),
        p_(text.data()),
        end_(text.data() + text.size()),
        max_depth_(jinja::active_limits().max_depth) {}

  bool parse(Value& out) {
    skip_ws();
    if (!value(out, 0)) return false;
    skip_ws();
    return p_ == end_;
  }

  // Set when parse() failed on a limit rather than on malformed text.
  const std::string& limit_error() const { return limit_error_; }
  size_t limit_offset() const { return limit_offset_; }

 private:
  bool fail_limit(const char* at, std::string message) {
    limit_error_ = std::move(message);
    limit_offset_ = static_cast<size_t>(at - begin_);
    return false;
  }

  void skip_ws() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }
  bool literal(std::string_view word) {
    if (static_cast<size_t>(end_ - p_) < word.size() || std::string_view(p_, word.size()) != word)
      return false;
    p_ += word.size();
    return true;
  }

  bool value(Value& out, size_t depth) {
    if (p_ == end_) return false;
    if ((*p_ == '[' || *p_ == '{') && depth >= max_depth_)
      return fail_limit(p_, jinja::limit_message("data nested more than " +
                                                      std::to_string(max_depth_) + " levels deep",
                                                  "max_depth", max_depth_));
    switch (*p_) {
      case '{':
        return object(out, depth);
      case '[':
        return array(out, depth);
      case '"': {
        std::string s;
        if (!string(s)) return false;
        out = Value::data_string(std::move(s));
        return true;
      }
      case 't':
        out = Value::boolean(true);
        return literal("true");
      case 'f':
        out = Value::boolean(false);
        return literal("false");
      case 'n':
        out = Value::none();
        return literal("null");
      default:
        return number(out);
    }
  }

  bool object(Value& out, size_t depth) {
    ++p_;  // {
    out = Value::dict();
    skip_ws();
    if (p_ < end_ && *p_ == '}') return ++p_, true;
    while (true) {
      skip_ws();
      std::string key;
      if (p_ == end_ || *p_ != '"' || !string(key)) return false;
      if (out.dict_obj().find(std::string_view(key))) return false;  // duplicate key
      skip_ws();
      if (p_ == end_ || *p_ != ':') return false;
      ++p_;
      skip_ws();
      Value v;
      if (!value(v, depth + 1)) return false;
      out.dict_obj().set(keys_.get(key), std::move(v));
      skip_ws();
      if (p_ == end_) return false;
      if (*p_ == '}') return ++p_, true;
      if (*p_ != ',') return false;
      ++p_;
    }
  }

  bool array(Value& out, size_t depth) {
    ++p_;  // [
    out = Value::data_list({});
    skip_ws();
    if (p_ < end_ && *p_ == ']') return ++p_, true;
    while (true) {
      skip_ws();
      Value v;
      if (!value(v, depth + 1)) return false;
      out.items().push_back(std::move(v));
      skip_ws();
      if (p_ == end_) return false;
      if (*p_ == ']') return ++p_, true;
      if (*p_ != ',') return false;
      ++p_;
    }
  }

  static int hex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }
  bool hex4(uint32_t& cp) {
    if (end_ - p_ < 4) return false;
    cp = 0;
    for (int i = 0; i < 4; ++i) {
      int h = hex(p_[i]);
      if (h < 0) return false;
      cp = cp * 16 + static_cast<uint32_t>(h);
    }
    p_ += 4;
    return true;
  }

  bool string(std::string& out) {
    ++p_;  // opening quote
    while (true) {
      const char* run = p_;
      while (p_ < end_ && *p_ != '"' && *p_ != '\\' && static_cast<unsigned char>(*p_) >= 0x20)
        ++p_;
      out.append(run, p_);
      if (p_ == end_ || static_cast<unsigned char>(*p_) < 0x20) return false;
      if (*p_ == '"') return ++p_, true;
      if (++p_ == end_) return false;  // backslash
      char e = *p_++;
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
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
        case 'u': {
          uint32_t cp;
          if (!hex4(cp)) return false;
          if (cp >= 0xD800 && cp < 0xDC00 && end_ - p_ >= 6 && p_[0] == '\\' && p_[1] == 'u') {
            const char* save = p_;
            p_ += 2;
            uint32_t lo;
            if (hex4(lo) && lo >= 0xDC00 && lo < 0xE000) {
              cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            } else {
              p_ = save;
            }
          }
          jinja::utf8::encode(out, cp);
          break;
        }
        default:
          return false;
      }
    }
  }

  bool number(Value& out) {
    const char* start = p_;
    if (p_ < end_ && *p_ == '-') ++p_;
    if (p_ == end_ || !std::isdigit(static_cast<unsigned char>(*p_))) return false;
    if (*p_ == '0') {
      ++p_;
    } else {
      while (p_ < end_ && std::isdigit(static_cast<unsigned char>(*p_))) ++p_;
    }
    bool integral = true;
    if (p_ < end_ && *p_ == '.') {
      integral = false;
      ++p_;
      if (p_ == end_ || !std::isdigit(static_cast<unsigned char>(*p_))) return false;
      while (p_ < end_ && std::isdigit(static_cast<unsigned char>(*p_))) ++p_;
    }
    if (p_ < end_ && (*p_ == 'e' || *p_ == 'E')) {
      integral = false;
      ++p_;
      if (p_ < end_ && (*p_ == '+' || *p_ == '-')) ++p_;
      if (p_ == end_ || !std::isdigit(static_cast<unsigned char>(*p_))) return false;
      while (p_ < end_ && std::isdigit(static_cast<unsigned char>(*p_))) ++p_;
    }
    if (integral) {
      int64_t i;
      auto [ptr, ec] = std::from_chars(start, p_, i);
      if (ec == std::errc() && ptr == p_) {
        out = Value::integer(i);
      } else {
        // Python's json keeps every digit of a big integer, up to int()'s limit.
        size_t digits = static_cast<size_t>(p_ - start) - (*start == '-' ? 1 : 0);
        try {
          jinja::check_int_parse_digits(digits);
        } catch (const jinja::TemplateError& e) {
          return fail_limit(start, e.message());
        }
        auto big = jinja::BigInt::parse(std::string_view(start, static_cast<size_t>(p_ - start)));
        if (!big) return false;
        out = Value::integer(std::move(*big));
      }
      return true;
    }
    double d = 0;
    auto [ptr, ec] = std::from_chars(start, p_, d);
    if (ptr != p_ || (ec != std::errc() && ec != std::errc::result_out_of_range)) return false;
    // Out of range, Python's float() gives inf, -inf, or the nearest (sub)normal or zero,
    // as strtod does (from_chars leaves d unset then).
    if (ec == std::errc::result_out_of_range) d = std::strtod(std::string(start, p_).c_str(), nullptr);
    out = Value::floating(d);
    return true;
  }

  jinja::StringPool keys_;  // rows of one shape share their keys
  const char* begin_;
  const char* p_;
  const char* end_;
  size_t max_depth_;
  std::string limit_error_;
  size_t limit_offset_ = 0;
};

}  // namespace

Value parse_json_value(const std::string& text, const std::string& file) {
  Value result;
  Parser parser(text);
  if (!parser.parse(result)) {
    if (!parser.limit_error().empty()) {
      Mark m = mark_at(text, parser.limit_offset());
      throw DataError(file, m, parser.limit_error(), line_of(text, m.line));
    }
    // The position-tracking parser words the error (invalid JSON, duplicate key).
    parse_json(text, file);
    throw DataError(file, Mark{}, "invalid JSON");
  }
  return result;
}

}  // namespace wfgen::data
