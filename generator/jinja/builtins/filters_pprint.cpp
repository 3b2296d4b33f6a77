// pprint: Python's pprint.pformat(value) (width 80, indent 1, dicts sorted by key):
// the one-line repr when it fits, else dicts, lists, tuples and long strings are
// broken over lines as PrettyPrinter does.
#include <algorithm>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "jinja/builtins/helpers.h"
#include "jinja/error.h"
#include "jinja/python/call_args.h"
#include "jinja/python/ops.h"
#include "jinja/python/str_ops.h"
#include "jinja/python/unicode.h"

namespace wfgen::jinja::builtins {

namespace {

constexpr int64_t kWidth = 80;

int64_t width_of(const std::string& s) {
  return static_cast<int64_t>(utf8::length(s));
}

std::string type_key(const Value& v) {
  return "<class '" + std::string(type_name(v)) + "'>";
}

// pprint._safe_key: Python's '<' where it works, else the type names.
bool safe_less(const Value& a, const Value& b) {
  try {
    return compare(a, b) == -1;
  } catch (const TemplateError& e) {
    if (e.kind() != ErrorKind::Type) throw;
    return type_key(a) < type_key(b);
  }
}

std::vector<const DictObj::Entry*> sorted_entries(const Value& dict) {
  std::vector<const DictObj::Entry*> entries;
  for (const auto& e : dict.dict_obj().entries()) entries.push_back(&e);
  std::stable_sort(entries.begin(), entries.end(), [](const auto* a, const auto* b) {
    if (safe_less(a->first, b->first)) return true;
    if (safe_less(b->first, a->first)) return false;
    return safe_less(a->second, b->second);
  });
  return entries;
}

// pprint._recursion, without the id: Python prints the object's address, which would
// make the output differ from run to run.
std::string recursion(const Value& v) {
  return "<Recursion on " + std::string(type_name(v)) + " with id=...>";
}

void check_size(const std::string& out) {
  if (out.size() > active_limits().max_string) check_string_size(out.size(), "the pprint");
}

// PrettyPrinter._safe_repr: repr with dict keys sorted at every level. `context` holds the
// containers being printed (a cycle prints as a recursion marker).
std::string safe_repr(const Value& v, ValuePath& context) {
  switch (v.kind()) {
    case Kind::Undefined:
      return "Undefined";
    case Kind::Dict: {
      if (!v.dict_obj().size()) return "{}";
      if (context.inside(v)) return recursion(v);
      ValuePath::Step step(context, v, "printing a value");
      std::string out = "{";
      bool first = true;
      for (const auto* e : sorted_entries(v)) {
        if (!first) out += ", ";
        first = false;
        out += safe_repr(e->first, context) + ": " + safe_repr(e->second, context);
        check_size(out);
      }
      return out + "}";
    }
    case Kind::List:
    case Kind::Tuple: {
      const auto& items = v.items();
      bool list = v.is_list();
      if (items.empty()) return list ? "[]" : "()";
      if (context.inside(v)) return recursion(v);
      ValuePath::Step step(context, v, "printing a value");
      std::string out = list ? "[" : "(";
      for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += ", ";
        out += safe_repr(items[i], context);
        check_size(out);
      }
      if (!list && items.size() == 1) out += ',';
      return out + (list ? "]" : ")");
    }
    default:
      return to_repr(v);
  }
}

class PrettyPrinter {
 public:
  std::string out;

  void format(const Value& v, int64_t indent, int64_t allowance, int level) {
    bool container = v.is_sequence() || v.is_dict();
    if (container && context_.inside(v)) {
      out += recursion(v);
      return;
    }
    std::string rep = safe_repr(v, context_);
    int64_t max_width = kWidth - indent - allowance;
    if (width_of(rep) > max_width) {
      std::optional<ValuePath::Step> step;
      if (container) step.emplace(context_, v, "printing a value");
      switch (v.kind()) {
        case Kind::Dict:
          return pprint_dict(v, indent, allowance, level + 1);
        case Kind::List:
          return pprint_seq(v.items(), "[", "]", indent, allowance, level + 1);
        case Kind::Tuple:
          return pprint_seq(v.items(), "(", v.items().size() == 1 ? ",)" : ")", indent, allowance,
                            level + 1);
        case Kind::String:
          return pprint_str(v.as_string(), indent, allowance, level + 1);
        default:
          break;
      }
    }
    out += rep;
    check_size(out);
  }

 private:
  ValuePath context_;

  void pprint_dict(const Value& v, int64_t indent, int64_t allowance, int level) {
    out += '{';
    auto entries = sorted_entries(v);
    indent += 1;
    allowance += 1;
    std::string delimnl = ",\n" + std::string(static_cast<size_t>(indent), ' ');
    for (size_t i = 0; i < entries.size(); ++i) {
      bool last = i + 1 == entries.size();
      std::string rep = safe_repr(entries[i]->first, context_);
      out += rep;
      out += ": ";
      format(entries[i]->second, indent + width_of(rep) + 2, last ? allowance : 1, level);
      if (!last) out += delimnl;
    }
    out += '}';
  }

  void pprint_seq(const std::vector<Value>& items, const char* open, const std::string& close,
                  int64_t indent, int64_t allowance, int level) {
    out += open;
    indent += 1;
    allowance += static_cast<int64_t>(close.size());
    std::string delimnl = ",\n" + std::string(static_cast<size_t>(indent), ' ');
    for (size_t i = 0; i < items.size(); ++i) {
      bool last = i + 1 == items.size();
      if (i) out += delimnl;
      format(items[i], indent, last ? allowance : 1, level);
    }
    out += close;
  }

  void pprint_str(const std::string& s, int64_t indent, int64_t allowance, int level) {
    if (s.empty()) {
      out += to_repr(Value::string(s));
      return;
    }
    auto repr_of = [](std::string_view piece) {
      std::string r;
      append_string_repr(r, piece);
      return r;
    };
    std::vector<std::string> chunks;
    std::vector<std::string> lines = py_splitlines(s, /*keepends=*/true);
    if (level == 1) {
      indent += 1;
      allowance += 1;
    }
    int64_t max_width1 = kWidth - indent, max_width = kWidth - indent;
    std::string rep;
    for (size_t i = 0; i < lines.size(); ++i) {
      const std::string& line = lines[i];
      rep = repr_of(line);
      if (i + 1 == lines.size()) max_width1 -= allowance;
      if (width_of(rep) <= max_width1) {
        chunks.push_back(rep);
        continue;
      }
      // re.findall(r'\S*\s*', line) without the final empty match.
      std::vector<std::string> parts;
      size_t p = 0;
      while (p < line.size()) {
        size_t start = p;
        bool seen_space = false;
        while (p < line.size()) {
          size_t q = p;
          bool space = utf8::is_space(utf8::decode(line, q));
          if (!space && seen_space) break;
          seen_space = seen_space || space;
          p = q;
        }
        parts.push_back(line.substr(start, p - start));
      }
      int64_t max_width2 = max_width;
      std::string current;
      for (size_t j = 0; j < parts.size(); ++j) {
        std::string candidate = current + parts[j];
        if (j + 1 == parts.size() && i + 1 == lines.size()) max_width2 -= allowance;
        if (width_of(repr_of(candidate)) > max_width2) {
          if (!current.empty()) chunks.push_back(repr_of(current));
          current = parts[j];
        } else {
          current = candidate;
        }
      }
      if (!current.empty()) chunks.push_back(repr_of(current));
    }
    if (chunks.size() == 1) {
      out += rep;
      return;
    }
    if (level == 1) out += '(';
    for (size_t i = 0; i < chunks.size(); ++i) {
      if (i) out += "\n" + std::string(static_cast<size_t>(indent), ' ');
      out += chunks[i];
    }
    if (level == 1) out += ')';
  }
};

}  // namespace

Value filter_pprint(Runtime&, const Value& input, CallArgs& args) {
  ArgBinder bind({"do_pprint", {"value"}, {}}, args);
  PrettyPrinter printer;
  printer.format(input, 0, 0, 0);
  return Value::string(std::move(printer.out));
}

}  // namespace wfgen::jinja::builtins
