// String filters: Jinja2's do_upper/lower/capitalize/title/trim/center/replace/
// indent/truncate/wordcount/wordwrap/format/string, on Python str semantics
// (code points, Python whitespace and line boundaries).
#include <algorithm>
#include <string>
#include <vector>

#include "jinja/builtins/helpers.h"
#include "jinja/error.h"
#include "jinja/python/arith.h"
#include "jinja/python/call_args.h"
#include "jinja/python/format.h"
#include "jinja/python/index.h"
#include "jinja/python/markup.h"
#include "jinja/python/ops.h"
#include "jinja/python/str_ops.h"
#include "jinja/python/unicode.h"
#include "jinja/python/unicode_case.h"

namespace wfgen::jinja::builtins {

namespace {

Value str_result(const Value& input, std::string s) {
  if (input.is_string() && input.as_string() == s) return input;
  return Value::string(std::move(s));
}

}  // namespace

Value filter_upper(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_upper", {"s"}, {}}, args);
  return str_result(input, utf8::upper(to_str(input)));
}

Value filter_lower(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_lower", {"s"}, {}}, args);
  return str_result(input, utf8::lower(to_str(input)));
}

Value filter_capitalize(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_capitalize", {"s"}, {}}, args);
  return Value::string(utf8::capitalize(to_str(input)));
}

// Jinja2's title: words start after any run of '-', whitespace, '(', '{', '[', '<';
// each run (separators included) gets its first character upper-cased, the rest lowered.
Value filter_title(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_title", {"s"}, {}}, args);
  std::string s = to_str(input);
  auto is_sep = [](uint32_t cp) {
    return cp == '-' || cp == '(' || cp == '{' || cp == '[' || cp == '<' || utf8::is_space(cp);
  };
  std::string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    size_t run_start = i;
    size_t probe = i;
    bool sep = is_sep(utf8::decode(s, probe));
    size_t first_end = probe;
    i = probe;
    while (i < s.size()) {
      size_t next = i;
      if (is_sep(utf8::decode(s, next)) != sep) break;
      i = next;
    }
    std::string_view sv(s);
    out += utf8::upper(sv.substr(run_start, first_end - run_start));
    out += utf8::lower(sv.substr(first_end, i - first_end));
  }
  return Value::string(std::move(out));
}

Value filter_trim(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_trim", {"value"}, {"chars"}}, args);
  Value chars = bind.get(0, Value::none());
  std::string s = to_str(input);
  if (chars.is_none()) return str_result(input, py_strip(s, nullptr));
  if (!chars.is_string()) throw_type_error("strip arg must be None or str");
  return str_result(input, py_strip(s, &chars.as_string()));
}

Value filter_center(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_center", {"value"}, {"width"}}, args);
  int64_t width = to_index(bind.get(0, Value::integer(80)));
  return Value::string(py_center(to_str(input), width));
}

Value filter_replace(Runtime& rt, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_replace", {"eval_ctx", "s"}, {"old", "new", "count"}, 2}, args);
  if (!bind.has(0) || !bind.has(1)) {
    throw_type_error(std::string("do_replace() missing 1 required positional argument: '") +
                     (bind.has(0) ? "new" : "old") + "'");
  }
  Value count = bind.get(2, Value::none());
  int64_t n = count.is_none() ? -1 : to_index(count);
  // With autoescape, Markup on either side makes a Markup replace (markupsafe escapes what
  // is not Markup).
  const bool markup = rt.eval_autoescape() &&
                      (input.is_markup() || bind[0].is_markup() || bind[1].is_markup());
  if (!markup) return Value::string(py_replace(to_str(input), to_str(bind[0]), to_str(bind[1]), n));
  return Value::markup(py_replace(markup_escape(input).as_string(), markup_escape(bind[0]).as_string(),
                                  markup_escape(bind[1]).as_string(), n));
}

// Jinja2 3.1 indent: width is a count of spaces or the indent string itself; the
// first line and blank lines are skipped unless `first` / `blank`.
Value filter_indent(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_indent", {"s"}, {"width", "first", "blank"}}, args);
  Value width = bind.get(0, Value::integer(4));
  bool first = truthy(bind.get(1, Value::boolean(false)));
  bool blank = truthy(bind.get(2, Value::boolean(false)));
  std::string indention;
  if (width.is_string()) {
    indention = width.as_string();
  } else if (width.is_int() || width.is_bool()) {
    int64_t n = to_index(width);
    if (n > 0) check_string_size(static_cast<size_t>(n), "the indentation");
    if (n > 0) indention.assign(static_cast<size_t>(n), ' ');
  } else {  // `" " * width`
    if (width.is_undefined()) raise_undefined(width);
    throw_type_error("can't multiply sequence by non-int of type '" +
                     std::string(type_name(width)) + "'");
  }
  if (!input.is_string()) {
    // list += str extends it; then .splitlines() is missing
    if (input.is_undefined() || input.is_list()) raise_no_attribute(input, "splitlines");
    if (input.is_tuple()) throw_type_error("can only concatenate tuple (not \"str\") to tuple");
    throw_type_error("unsupported operand type(s) for +=: '" + std::string(type_name(input)) +
                     "' and 'str'");
  }
  std::string s = input.as_string() + "\n";  // the quirk splitlines needs
  std::vector<std::string> lines = py_splitlines(s);
  check_string_size(lines.size(), indention.size(), s.size(), "the indented string");
  std::string rv;
  if (blank) {
    for (size_t i = 0; i < lines.size(); ++i) {
      if (i) rv += "\n" + indention;
      rv += lines[i];
    }
  } else {
    rv = lines.empty() ? std::string() : lines[0];
    for (size_t i = 1; i < lines.size(); ++i) {
      rv += '\n';
      if (!lines[i].empty()) rv += indention;
      rv += lines[i];
    }
  }
  if (first) rv = indention + rv;
  return Value::string(std::move(rv));
}

// do_truncate on Python semantics: `length`, `leeway` and `end` may be any value, and
// the comparisons, len() and slicing raise Python's errors.
Value filter_truncate(Runtime& rt, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_truncate", {"env", "s"}, {"length", "killwords", "end", "leeway"}}, args);
  Value max_len = bind.get(0, Value::integer(255));
  bool killwords = truthy(bind.get(1, Value::boolean(false)));
  Value end = bind.get(2, Value::string("..."));
  Value leeway = bind.get(3, Value::none());
  if (leeway.is_none()) leeway = Value::integer(5);  // policies["truncate.leeway"]
  Value end_len = Value::integer(static_cast<int64_t>(length(end)));
  auto at_least = [](const Value& a, const Value& b) {
    int c = compare(a, b, ">=");
    return c == 0 || c == 1;
  };
  if (!at_least(max_len, end_len)) {
    throw_error(ErrorKind::Runtime,
                "expected length >= " + to_str(end_len) + ", got " + to_str(max_len));
  }
  if (!at_least(leeway, Value::integer(0))) {
    throw_error(ErrorKind::Runtime, "expected leeway >= 0, got " + to_str(leeway));
  }
  Value len = Value::integer(static_cast<int64_t>(length(input)));
  Value limit = binary_op(rt, ArithOp::Add, max_len, leeway);
  int c = compare(len, limit, "<=");
  if (c == -1 || c == 0) return input;
  // s[:length - len(end)]
  Value stop = binary_op(rt, ArithOp::Sub, max_len, end_len);
  if (!stop.is_int() && !stop.is_bool()) {
    throw_type_error("slice indices must be integers or None or have an __index__ method");
  }
  size_t n = stop.kind() == Kind::BigInt ? SIZE_MAX : static_cast<size_t>(stop.as_int());
  Value head;
  if (input.is_string()) {
    std::string prefix = utf8_prefix(input.as_string(), n);
    head = input.is_markup() ? Value::markup(std::move(prefix)) : Value::string(std::move(prefix));
  } else if (input.is_sequence()) {
    const auto& items = input.items();
    std::vector<Value> part(items.begin(), items.begin() + std::min(n, items.size()));
    head = input.is_list() ? Value::list(std::move(part)) : Value::tuple(std::move(part));
  } else {
    throw_type_error("'" + std::string(type_name(input)) + "' object is not subscriptable");
  }
  if (!killwords) {
    // .rsplit(" ", 1)[0]
    if (!head.is_string()) {
      throw_type_error("'" + std::string(type_name(head)) + "' object has no attribute 'rsplit'");
    }
    const std::string& h = head.as_string();
    size_t space = h.rfind(' ');
    if (space != std::string::npos) {
      head =
          head.is_markup() ? Value::markup(h.substr(0, space)) : Value::string(h.substr(0, space));
    }
  }
  return binary_op(rt, ArithOp::Add, head, end);
}

Value filter_wordcount(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_wordcount", {"s"}, {}}, args);
  std::string s = to_str(input);
  int64_t words = 0;
  bool in_word = false;
  size_t i = 0;
  while (i < s.size()) {
    bool w = is_word_char(utf8::decode(s, i));
    if (w && !in_word) ++words;
    in_word = w;
  }
  return Value::integer(words);
}

Value filter_string(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"soft_str", {"s"}, {}, 0, 1}, args);
  if (input.is_string()) return input;
  return Value::string(to_str(input));
}

// str % args, with Jinja2's rule that positional and keyword arguments don't mix.
Value filter_format(Runtime& rt, const Value& input, CallArgs& args) {
  check_varargs_call({"do_format", {"value"}, {}}, args);
  if (!args.args.empty() && !args.kwargs.empty()) {
    throw_error(ErrorKind::Runtime,
                "can't handle positional and keyword arguments at the same time");
  }
  Value operands;
  if (!args.kwargs.empty()) {
    operands = Value::dict();
    for (auto& [name, value] : args.kwargs) operands.dict_obj().set(Value::string(name), value);
  } else {
    operands = Value::tuple(std::move(args.args));
  }
  if (input.is_markup()) return markup_percent(rt, input, operands);
  return percent_format(rt, to_str(input), operands);
}

// ---- wordwrap: Python's textwrap.wrap(expand_tabs=False, replace_whitespace=False) ----

namespace {

using CodePoints = std::vector<uint32_t>;

// textwrap's whitespace is ASCII only: '\t\n\x0b\x0c\r '.
bool tw_space(uint32_t cp) {
  return cp == ' ' || cp == '\t' || cp == '\n' || cp == 0x0b || cp == 0x0c || cp == '\r';
}
bool word_punct(uint32_t cp) {
  return is_word_char(cp) || cp == '!' || cp == '"' || cp == '\'' || cp == '&' || cp == '.' ||
         cp == ',' || cp == '?';
}
bool letter(uint32_t cp) {
  return is_word_char(cp) && !utf8::is_decimal(cp);
}

// `(?<=wp)(?=-{2,}\w)` at position p: true with the dash count in `dashes`.
bool em_dash_at(const CodePoints& s, size_t p, size_t& dashes) {
  if (p == 0 || !word_punct(s[p - 1])) return false;
  size_t q = p;
  while (q < s.size() && s[q] == '-') ++q;
  if (q - p < 2 || q >= s.size() || !is_word_char(s[q])) return false;
  dashes = q - p;
  return true;
}

// textwrap.TextWrapper.wordsep_re (break_on_hyphens) or wordsep_simple_re.
std::vector<CodePoints> split_chunks(const CodePoints& s, bool break_on_hyphens) {
  std::vector<CodePoints> chunks;
  size_t p = 0;
  auto emit = [&](size_t from, size_t to) {
    if (to > from) chunks.emplace_back(s.begin() + from, s.begin() + to);
  };
  while (p < s.size()) {
    if (tw_space(s[p])) {
      size_t q = p;
      while (q < s.size() && tw_space(s[q])) ++q;
      emit(p, q);
      p = q;
      continue;
    }
    size_t run_end = p;
    while (run_end < s.size() && !tw_space(s[run_end])) ++run_end;
    if (!break_on_hyphens) {
      emit(p, run_end);
      p = run_end;
      continue;
    }
    size_t dashes;
    if (em_dash_at(s, p, dashes)) {
      emit(p, p + dashes);
      p += dashes;
      continue;
    }
    // Lazy `\S+?` followed by: hyphenated-word break, end of word, or an em-dash.
    size_t end = p + 1;
    for (; end <= run_end; ++end) {
      if (end < run_end && s[end] == '-') {
        size_t q = end + 1;  // just after the hyphen
        bool behind = (end >= 2 && letter(s[end - 2]) && letter(s[end - 1])) ||
                      (end >= 3 && letter(s[end - 3]) && s[end - 2] == '-' && letter(s[end - 1]));
        bool ahead = q < s.size() && letter(s[q]) &&
                     ((q + 1 < s.size() && letter(s[q + 1])) ||
                      (q + 2 < s.size() && s[q + 1] == '-' && letter(s[q + 2])));
        if (behind && ahead) {
          end = q;
          break;
        }
      }
      if (end == run_end) break;
      if (em_dash_at(s, end, dashes)) break;
    }
    emit(p, end);
    p = end;
  }
  return chunks;
}

bool blank_chunk(const CodePoints& c) {
  for (uint32_t cp : c) {
    if (!utf8::is_space(cp)) return false;
  }
  return true;
}

// TextWrapper's settings as Python holds them: the width may be a float (compared
// as one, but it cannot cut a word), and hyphens split words only when
// break_on_hyphens `is True` while long words break at hyphens when it is truthy.
struct WrapOptions {
  double width;
  bool width_is_float;
  bool break_long_words;
  bool split_on_hyphens;
  bool break_long_at_hyphens;
};

std::vector<std::string> wrap_line(const CodePoints& text, const WrapOptions& opt) {
  const double width = opt.width;
  std::vector<CodePoints> chunks = split_chunks(text, opt.split_on_hyphens);
  std::vector<std::string> lines;
  std::reverse(chunks.begin(), chunks.end());
  while (!chunks.empty()) {
    std::vector<CodePoints> cur_line;
    int64_t cur_len = 0;
    if (!lines.empty() && blank_chunk(chunks.back())) chunks.pop_back();
    while (!chunks.empty()) {
      int64_t l = static_cast<int64_t>(chunks.back().size());
      if (static_cast<double>(cur_len + l) > width) break;
      cur_line.push_back(std::move(chunks.back()));
      chunks.pop_back();
      cur_len += l;
    }
    if (!chunks.empty() && static_cast<double>(chunks.back().size()) > width) {
      // _handle_long_word
      if (opt.break_long_words && opt.width_is_float && width >= 1) {
        throw_type_error("slice indices must be integers or None or have an __index__ method");
      }
      int64_t space_left = width < 1 ? 1 : static_cast<int64_t>(width) - cur_len;
      if (opt.break_long_words) {
        CodePoints& chunk = chunks.back();
        size_t cut = static_cast<size_t>(space_left);
        if (opt.break_long_at_hyphens && chunk.size() > cut) {
          size_t hyphen = std::string::npos;
          for (size_t k = cut; k-- > 0;) {
            if (chunk[k] == '-') {
              hyphen = k;
              break;
            }
          }
          if (hyphen != std::string::npos && hyphen > 0) {
            bool non_hyphen = false;
            for (size_t k = 0; k < hyphen; ++k) non_hyphen |= chunk[k] != '-';
            if (non_hyphen) cut = hyphen + 1;
          }
        }
        cut = std::min(cut, chunk.size());
        cur_line.emplace_back(chunk.begin(), chunk.begin() + cut);
        chunk.erase(chunk.begin(), chunk.begin() + cut);
      } else if (cur_line.empty()) {
        cur_line.push_back(std::move(chunks.back()));
        chunks.pop_back();
      }
    }
    if (!cur_line.empty() && blank_chunk(cur_line.back())) cur_line.pop_back();
    if (!cur_line.empty()) {
      CodePoints joined;
      for (const auto& c : cur_line) joined.insert(joined.end(), c.begin(), c.end());
      lines.push_back(utf8::from_code_points(joined));
    }
  }
  return lines;
}

// Python's textwrap width (checked when the first line is wrapped).
WrapOptions wrap_width(const Value& width_v, WrapOptions opt) {
  if (width_v.is_float()) {
    opt.width = width_v.as_float();
    opt.width_is_float = true;
  } else if (width_v.kind() == Kind::BigInt) {
    opt.width = width_v.as_bigint().negative() ? -1e18 : 1e18;
  } else if (width_v.is_int() || width_v.is_bool()) {
    opt.width = static_cast<double>(width_v.is_bool() ? width_v.as_bool() : width_v.as_int());
  } else {
    compare(width_v, Value::integer(0), "<=");  // raises Python's TypeError
  }
  if (opt.width <= 0) {
    throw_error(ErrorKind::Value, "invalid width " + to_repr(width_v) + " (must be > 0)");
  }
  return opt;
}

}  // namespace

Value filter_wordwrap(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_wordwrap",
                  {"environment", "s"},
                  {"width", "break_long_words", "wrapstring", "break_on_hyphens"}},
                 args);
  Value width_v = bind.get(0, Value::integer(79));
  Value wrap_v = bind.get(2, Value::none());
  Value hyphens_v = bind.get(3, Value::boolean(true));
  // Python evaluates wrapstring.join, then s.splitlines(), then wraps each line.
  if (!wrap_v.is_none() && !wrap_v.is_string()) raise_no_attribute(wrap_v, "join");
  if (!input.is_string()) raise_no_attribute(input, "splitlines");
  std::string wrapstring = wrap_v.is_none() ? "\n" : wrap_v.as_string();
  WrapOptions opt{0, false, truthy(bind.get(1, Value::boolean(true))),
                  hyphens_v.is_bool() && hyphens_v.as_bool(), truthy(hyphens_v)};
  std::string out;
  bool first_para = true;
  for (const std::string& line : py_splitlines(input.as_string())) {
    if (first_para) opt = wrap_width(width_v, opt);  // TextWrapper.wrap checks it per line
    if (!first_para) out += wrapstring;
    first_para = false;
    bool first_line = true;
    for (const std::string& wrapped : wrap_line(utf8::to_code_points(line), opt)) {
      if (!first_line) out += wrapstring;
      first_line = false;
      out += wrapped;
      check_string_growth(out, "the result of wordwrap");  // a long wrapstring repeats
    }
  }
  return Value::string(std::move(out));
}

}  // namespace wfgen::jinja::builtins
