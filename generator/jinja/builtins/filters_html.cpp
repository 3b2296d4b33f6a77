// HTML-ish filters: escape/e, forceescape, safe, striptags, urlencode, xmlattr.
// Their results are Markup where Jinja2's are (with autoescape on, for xmlattr and urlize).
#include <algorithm>
#include <set>
#include <string>
#include <string_view>

#include "jinja/builtins/helpers.h"
#include "jinja/error.h"
#include "jinja/python/call_args.h"
#include "jinja/python/markup.h"
#include "jinja/python/ops.h"
#include "jinja/python/regex.h"
#include "jinja/python/str_ops.h"
#include "jinja/python/unicode.h"

namespace wfgen::jinja::builtins {

namespace {

// html.unescape for numeric references and the common named entities.
struct Entity {
  const char* name;
  uint32_t cp;
};
constexpr Entity kEntities[] = {
    {"AElig", 198},  {"Aacute", 193}, {"Agrave", 192},  {"Auml", 196},   {"Ccedil", 199},
    {"Eacute", 201}, {"Ntilde", 209}, {"Ouml", 214},    {"Uuml", 220},   {"aacute", 225},
    {"acute", 180},  {"aelig", 230},  {"agrave", 224},  {"amp", 38},     {"apos", 39},
    {"auml", 228},   {"bull", 8226},  {"ccedil", 231},  {"cent", 162},   {"copy", 169},
    {"deg", 176},    {"divide", 247}, {"eacute", 233},  {"egrave", 232}, {"euro", 8364},
    {"frac12", 189}, {"gt", 62},      {"hellip", 8230}, {"iexcl", 161},  {"iquest", 191},
    {"laquo", 171},  {"ldquo", 8220}, {"lsquo", 8216},  {"lt", 60},      {"mdash", 8212},
    {"micro", 181},  {"middot", 183}, {"nbsp", 160},    {"ndash", 8211}, {"not", 172},
    {"ntilde", 241}, {"ouml", 246},   {"para", 182},    {"plusmn", 177}, {"pound", 163},
    {"quot", 34},    {"raquo", 187},  {"rdquo", 8221},  {"reg", 174},    {"rsquo", 8217},
    {"sect", 167},   {"shy", 173},    {"szlig", 223},   {"times", 215},  {"trade", 8482},
    {"uuml", 252},   {"yen", 165},
};

std::string html_unescape(std::string_view s) {
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    if (s[i] != '&') {
      out += s[i++];
      continue;
    }
    size_t semi = s.find(';', i);
    if (semi != std::string_view::npos && semi > i + 1 && semi - i <= 33) {
      std::string_view ref = s.substr(i + 1, semi - i - 1);
      if (ref[0] == '#') {
        bool hex = ref.size() > 1 && (ref[1] == 'x' || ref[1] == 'X');
        std::string_view digits = ref.substr(hex ? 2 : 1);
        uint64_t cp = 0;
        bool ok = !digits.empty();
        for (char c : digits) {
          int d = c >= '0' && c <= '9'                            ? c - '0'
                  : hex && (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10
                                                                  : -1;
          if (d < 0) {
            ok = false;
            break;
          }
          cp = cp * (hex ? 16 : 10) + static_cast<uint64_t>(d);
          if (cp > 0x10FFFF) cp = 0x110000;
        }
        if (ok) {
          if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
          utf8::encode(out, static_cast<uint32_t>(cp));
          i = semi + 1;
          continue;
        }
      } else {
        bool found = false;
        for (const Entity& e : kEntities) {
          if (ref == e.name) {
            utf8::encode(out, e.cp);
            found = true;
            break;
          }
        }
        if (found) {
          i = semi + 1;
          continue;
        }
      }
    }
    out += s[i++];
  }
  return out;
}

// urllib.parse.quote on UTF-8 bytes: letters, digits, '_.-~' and `safe` stay.
std::string url_quote(std::string_view s, bool for_qs) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                c == '_' || c == '.' || c == '-' || c == '~' || (!for_qs && c == '/');
    if (keep) {
      out += static_cast<char>(c);
    } else if (for_qs && c == ' ') {
      out += '+';
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

}  // namespace

Value filter_escape(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"escape", {"s"}, {}, 0, 1}, args);
  return markup_escape(input);
}

Value filter_forceescape(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_forceescape", {"value"}, {}}, args);
  return Value::markup(html_escape(to_str(input)));
}

Value filter_safe(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_mark_safe", {"value"}, {}}, args);
  if (input.is_markup()) return input;
  return Value::markup(to_str(input));
}

// Markup.striptags: drop comments, then tags, collapse whitespace, unescape.
Value filter_striptags(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_striptags", {"value"}, {}}, args);
  std::string value = to_str(input);
  size_t start;
  while ((start = value.find("<!--")) != std::string::npos) {
    size_t end = value.find("-->", start);
    if (end == std::string::npos) break;
    value.erase(start, end + 3 - start);
  }
  while ((start = value.find('<')) != std::string::npos) {
    size_t end = value.find('>', start);
    if (end == std::string::npos) break;
    value.erase(start, end + 1 - start);
  }
  std::string collapsed;
  for (const std::string& word : py_split_whitespace(value)) {
    if (!collapsed.empty()) collapsed += ' ';
    collapsed += word;
  }
  return Value::string(html_unescape(collapsed));
}

Value filter_urlencode(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_urlencode", {"value"}, {}}, args);
  if (input.is_string()) return Value::string(url_quote(input.as_string(), false));
  std::vector<Value> pairs;
  if (input.is_dict()) {
    for (const auto& [k, v] : input.dict_obj().entries()) pairs.push_back(Value::tuple({k, v}));
  } else if (input.is_object()) {
    if (!input.obj().iterate(pairs)) return Value::string(url_quote(to_str(input), false));
  } else if (input.is_sequence() || input.is_undefined()) {
    pairs = iterate(input);
  } else {
    return Value::string(url_quote(to_str(input), false));
  }
  std::string out;
  for (const Value& pair : pairs) {
    std::vector<Value> kv = unpack(pair, 2);
    if (!out.empty()) out += '&';
    out += url_quote(to_str(kv[0]), true);
    out += '=';
    out += url_quote(to_str(kv[1]), true);
  }
  return Value::string(std::move(out));
}

Value filter_xmlattr(Runtime& rt, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_xmlattr", {"eval_ctx", "d"}, {"autospace"}}, args);
  bool autospace = truthy(bind.get(0, Value::boolean(true)));
  if (!input.is_dict()) raise_no_attribute(input, "items");
  std::string rv;
  for (const auto& [key, value] : input.dict_obj().entries()) {
    if (value.is_none() || value.is_undefined()) continue;
    if (!key.is_string()) {
      throw_type_error("expected string or bytes-like object, got '" + std::string(type_name(key)) +
                       "'");
    }
    for (char c : key.as_string()) {
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == '/' ||
          c == '>' || c == '=') {
        throw_error(ErrorKind::Value, "Invalid character in attribute name: " + to_repr(key));
      }
    }
    if (!rv.empty()) rv += ' ';
    rv += html_escape(key.as_string());
    rv += "=\"";
    rv += html_escape(to_str(value));
    rv += '"';
  }
  if (autospace && !rv.empty()) rv = " " + rv;
  return rt.eval_autoescape() ? Value::markup(std::move(rv)) : Value::string(std::move(rv));
}

namespace {

// jinja2.utils._http_re and _email_re. Our \w is ASCII where Python's is Unicode: URLs
// with non-ASCII host names are not linked.
const Regex& http_re() {
  static const Regex re(
      R"(^(((https?://|www\.)(([\w%-]+\.)+)?([a-z]{2,63}|xn--[\w%]{2,59}))|)"
      R"((([\w%-]{2,63}\.)+(com|net|int|edu|gov|org|info|mil))|)"
      R"(((https?://)((([\d]{1,3})(\.[\d]{1,3}){3})|(\[([\da-f]{0,4}:){2}([\da-f]{0,4}:?){1,6}\]))))"
      R"()(:[\d]{1,5})?([/?#]\S*)?$)",
      Regex::Case::Insensitive);
  return re;
}

const Regex& email_re() {
  static const Regex re(R"(^\S+@\w[\w.-]*\.\w+$)");
  return re;
}

bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}
bool ends_with(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

size_t count_of(std::string_view s, std::string_view needle) {
  size_t n = 0;
  for (size_t pos = s.find(needle); pos != std::string_view::npos;
       pos = s.find(needle, pos + needle.size()))
    ++n;
  return n;
}

}  // namespace

// jinja2.utils.urlize with the default policies (rel="noopener", no target).
Value filter_urlize(Runtime& rt, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_urlize",
                  {"eval_ctx", "value"},
                  {"trim_url_limit", "nofollow", "target", "rel", "extra_schemes"}},
                 args);
  Value limit_v = bind.get(0, Value::none());
  bool nofollow = truthy(bind.get(1, Value::boolean(false)));
  Value target_v = bind.get(2, Value::none());
  Value rel_v = bind.get(3, Value::none());
  Value schemes_v = bind.get(4, Value::none());

  // The checks do_urlize makes up front; the limit is only compared once a URL is found.
  std::set<std::string> rel_parts;
  if (truthy(rel_v)) {
    if (!rel_v.is_string()) raise_no_attribute(rel_v, "split");
    for (auto& part : py_split_whitespace(rel_v.as_string())) rel_parts.insert(part);
  }
  if (nofollow) rel_parts.insert("nofollow");
  rel_parts.insert("noopener");
  std::string rel;
  for (const auto& part : rel_parts) rel += (rel.empty() ? "" : " ") + part;
  std::string target = truthy(target_v) ? to_str(target_v) : std::string();
  std::vector<std::string> schemes;
  if (!schemes_v.is_none()) {
    static const Regex scheme_re(R"(^([\w.+-]{2,}:(/){0,2})$)");
    for (const Value& scheme : iterate(schemes_v)) {
      if (!scheme.is_string()) {
        throw_type_error("expected string or bytes-like object, got '" +
                         std::string(type_name(scheme)) + "'");
      }
      if (!scheme_re.matches(scheme.as_string())) {
        throw_error(ErrorKind::Runtime, to_repr(scheme) + " is not a valid URI scheme prefix.");
      }
      schemes.push_back(scheme.as_string());
    }
  }
  // utils.urlize's trim_url: `x[:limit] + "..."` when len(x) > limit, in Python's types.
  auto trim_url = [&](const std::string& x) {
    if (limit_v.is_none()) return x;
    const auto n = static_cast<int64_t>(utf8::length(x));
    if (compare(Value::integer(n), limit_v, ">") <= 0) return x;  // not len(x) > limit
    if (!limit_v.is_int() && !limit_v.is_bool()) {
      throw_type_error("slice indices must be integers or None or have an __index__ method");
    }
    int64_t keep = 0;  // a huge limit is never below len(x): only a huge negative one is left
    if (limit_v.kind() != Kind::BigInt)
      keep = limit_v.is_bool() ? limit_v.as_bool() : limit_v.as_int();
    if (keep < 0) keep = std::max<int64_t>(n + keep, 0);
    return utf8_prefix(x, static_cast<size_t>(keep)) + "...";
  };
  std::string rel_attr = rel.empty() ? "" : " rel=\"" + html_escape(rel) + "\"";
  std::string target_attr = target.empty() ? "" : " target=\"" + html_escape(target) + "\"";

  std::string text = html_escape(to_str(input));
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    // re.split(r'(\s+)'): whitespace runs pass through unchanged.
    size_t start = i;
    size_t probe = i;
    bool space = utf8::is_space(utf8::decode(text, probe));
    while (i < text.size()) {
      size_t q = i;
      if (utf8::is_space(utf8::decode(text, q)) != space) break;
      i = q;
    }
    std::string word = text.substr(start, i - start);
    if (space) {
      out += word;
      continue;
    }
    std::string head, middle = word, tail;
    size_t h = 0;
    while (true) {
      if (h < middle.size() && (middle[h] == '(' || middle[h] == '<'))
        ++h;
      else if (starts_with(std::string_view(middle).substr(h), "&lt;"))
        h += 4;
      else
        break;
    }
    head = middle.substr(0, h);
    middle = middle.substr(h);
    if (ends_with(middle, ")") || ends_with(middle, ">") || ends_with(middle, ".") ||
        ends_with(middle, ",") || ends_with(middle, "\n") || ends_with(middle, "&gt;")) {
      size_t t = middle.size();
      while (t > 0) {
        char c = middle[t - 1];
        if (c == ')' || c == '>' || c == '.' || c == ',' || c == '\n')
          --t;
        else if (t >= 4 && std::string_view(middle).substr(t - 4, 4) == "&gt;")
          t -= 4;
        else
          break;
      }
      tail = middle.substr(t);
      middle = middle.substr(0, t);
    }
    const std::pair<std::string_view, std::string_view> pairs[] = {
        {"(", ")"}, {"<", ">"}, {"&lt;", "&gt;"}};
    for (const auto& [open, close] : pairs) {
      size_t opens = count_of(middle, open);
      if (opens <= count_of(middle, close)) continue;
      size_t moves = std::min(opens, count_of(tail, close));
      for (size_t k = 0; k < moves; ++k) {
        size_t end_index = tail.find(close) + close.size();
        middle += tail.substr(0, end_index);
        tail = tail.substr(end_index);
      }
    }
    if (http_re().matches(middle)) {
      std::string href = starts_with(middle, "https://") || starts_with(middle, "http://")
                             ? middle
                             : "https://" + middle;
      middle =
          "<a href=\"" + href + "\"" + rel_attr + target_attr + ">" + trim_url(middle) + "</a>";
    } else if (starts_with(middle, "mailto:") && email_re().matches(middle.substr(7))) {
      middle = "<a href=\"" + middle + "\">" + middle.substr(7) + "</a>";
    } else if (middle.find('@') != std::string::npos && !starts_with(middle, "www.") &&
               !starts_with(middle, "@") && middle.find(':') == std::string::npos &&
               email_re().matches(middle)) {
      middle = "<a href=\"mailto:" + middle + "\">" + middle + "</a>";
    } else {
      for (const std::string& scheme : schemes) {
        if (middle != scheme && starts_with(middle, scheme)) {
          middle = "<a href=\"" + middle + "\"" + rel_attr + target_attr + ">" + middle + "</a>";
        }
      }
    }
    out += head + middle + tail;
  }
  return rt.eval_autoescape() ? Value::markup(std::move(out)) : Value::string(std::move(out));
}

}  // namespace wfgen::jinja::builtins
