#include "lint/expression/check.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <string_view>

#include "lint/ascii_case.h"

namespace wfgen::lint::expr {

namespace {

struct Function {
  std::string_view name;  // as documented
  int min_args;
  int max_args;  // -1: any number
};

// GitHub's functions ("Evaluate expressions in workflows and actions": Functions, Status
// check functions).
constexpr Function kFunctions[] = {
    {"contains", 2, 2}, {"startsWith", 2, 2}, {"endsWith", 2, 2}, {"format", 1, -1},
    {"join", 1, 2},     {"toJSON", 1, 1},     {"fromJSON", 1, 1}, {"hashFiles", 1, -1},
    {"success", 0, 0},  {"always", 0, 0},     {"cancelled", 0, 0}, {"failure", 0, 0},
};

// GitHub's contexts ("Contexts reference").
constexpr std::string_view kContexts[] = {"github", "env",      "vars",   "job",
                                          "jobs",   "steps",    "runner", "secrets",
                                          "strategy", "matrix", "needs",  "inputs"};

const Function* find_function(std::string_view name) {
  for (const Function& f : kFunctions)
    if (equal_folded(f.name, name)) return &f;
  return nullptr;
}

std::string arguments(int n) { return std::to_string(n) + (n == 1 ? " argument" : " arguments"); }

// format()'s placeholders: {N} (N a decimal index), {{ and }} for braces. Reports a brace
// that is neither, an index with no argument, and an argument no placeholder uses.
void check_format(const Node& call, std::vector<Problem>& out) {
  const Node& fmt = *call.children[0];
  if (fmt.kind != Kind::String) return;
  const std::string& s = fmt.text;
  const size_t args = call.children.size() - 1;
  std::set<size_t> used;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '{') {
      if (i + 1 < s.size() && s[i + 1] == '{') {
        ++i;
        continue;
      }
      size_t j = i + 1;
      while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
      if (j == i + 1 || j >= s.size() || s[j] != '}' || j - i > 6) {
        out.push_back({fmt.offset, "format string '" + s + "' has a '{' that opens no {N} "
                                   "placeholder (write {{ for a brace)"});
        return;
      }
      size_t index = std::stoul(s.substr(i + 1, j - i - 1));
      if (index >= args)
        out.push_back({fmt.offset, "format string refers to {" + std::to_string(index) +
                                       "}, but " + arguments(static_cast<int>(args)) +
                                       " follow it"});
      used.insert(index);
      i = j;
    } else if (s[i] == '}') {
      if (i + 1 < s.size() && s[i + 1] == '}') {
        ++i;
        continue;
      }
      out.push_back({fmt.offset, "format string '" + s + "' has a '}' that closes no {N} "
                                 "placeholder (write }} for a brace)"});
      return;
    }
  }
  for (size_t a = 0; a < args; ++a)
    if (!used.count(a))
      out.push_back({call.children[a + 1]->offset,
                     "format string has no {" + std::to_string(a) + "}: argument " +
                         std::to_string(a + 1) + " is never used",
                     Severity::Warning});
}

void walk(const Node& n, std::vector<Problem>& out) {
  if (n.kind == Kind::Context) {
    auto named = [&](std::string_view c) { return equal_folded(c, n.text); };
    if (std::none_of(std::begin(kContexts), std::end(kContexts), named))
      out.push_back({n.offset, "unknown context '" + n.text +
                                   "' (github, env, vars, job, jobs, steps, runner, secrets, "
                                   "strategy, matrix, needs, inputs)"});
  } else if (n.kind == Kind::Call) {
    const Function* f = find_function(n.text);
    const int given = static_cast<int>(n.children.size());
    if (!f) {
      out.push_back({n.offset, "unknown function '" + n.text + "'"});
    } else if (given < f->min_args || (f->max_args >= 0 && given > f->max_args)) {
      std::string want = f->min_args == f->max_args ? arguments(f->min_args)
                         : f->max_args < 0 ? "at least " + arguments(f->min_args)
                                           : std::to_string(f->min_args) + " or " +
                                                 arguments(f->max_args);
      out.push_back({n.offset, std::string(f->name) + "() takes " + want + ", not " +
                                   std::to_string(given)});
    } else if (equal_folded(f->name, "format")) {
      check_format(n, out);
    }
  }
  for (const auto& c : n.children) walk(*c, out);
}

// The access chain `n` ends, when it starts at a context.
bool chain(const Node& n, std::vector<std::string>& path) {
  switch (n.kind) {
    case Kind::Context:
      path.push_back(lower_case(n.text));
      return true;
    case Kind::Property:
      if (!chain(*n.children[0], path)) return false;
      path.push_back(lower_case(n.text));
      return true;
    case Kind::Filter:
      if (!chain(*n.children[0], path)) return false;
      path.push_back("*");
      return true;
    case Kind::Index:
      if (!chain(*n.children[0], path)) return false;
      path.push_back(n.children[1]->kind == Kind::String ? lower_case(n.children[1]->text) : "*");
      return true;
    default:
      return false;
  }
}

bool is_access(Kind k) {
  return k == Kind::Context || k == Kind::Property || k == Kind::Filter || k == Kind::Index;
}

void collect(const Node& n, bool inside_chain, std::vector<Access>& out) {
  if (is_access(n.kind) && !inside_chain) {
    Access a;
    a.offset = n.offset;
    if (chain(n, a.path)) out.push_back(std::move(a));
  }
  for (size_t i = 0; i < n.children.size(); ++i) {
    // The object of an access is part of this chain; an index expression is its own.
    const bool object = is_access(n.kind) && n.kind != Kind::Context && i == 0;
    collect(*n.children[i], object, out);
  }
}

}  // namespace

std::vector<Problem> check(const Node& root) {
  std::vector<Problem> out;
  walk(root, out);
  return out;
}

std::string Access::text() const {
  std::string s;
  for (const auto& p : path) s += (s.empty() ? "" : ".") + p;
  return s;
}

std::vector<Access> accesses(const Node& root) {
  std::vector<Access> out;
  collect(root, false, out);
  return out;
}

bool path_matches(const std::vector<std::string>& path, const std::vector<std::string>& pattern) {
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == "**") return true;
    if (i >= path.size()) return false;
    if (pattern[i] != "*" && pattern[i] != path[i] && path[i] != "*") return false;
  }
  return path.size() == pattern.size();
}

}  // namespace wfgen::lint::expr
