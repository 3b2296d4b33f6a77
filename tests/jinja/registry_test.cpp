// The builtin registry: every Jinja2 name and alias, and the pass_context flag the
// constant folder reads from it.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "jinja/analysis/compile.h"
#include "jinja/analysis/constant_folding.h"
#include "jinja/builtins/registry.h"
#include "jinja/options.h"
#include "jinja/syntax/template.h"

namespace wfgen::jinja {
namespace {

TEST(BuiltinsRegistry, KnowsEveryJinja2NameAndAlias) {
  for (const char* name :
       {"abs",    "attr",       "batch",       "capitalize", "center",   "count",
        "d",      "default",    "dictsort",    "e",          "escape",   "filesizeformat",
        "first",  "float",      "forceescape", "format",     "groupby",  "indent",
        "int",    "items",      "join",        "last",       "length",   "list",
        "lower",  "map",        "max",         "min",        "pprint",   "random",
        "reject", "rejectattr", "replace",     "reverse",    "round",    "safe",
        "select", "selectattr", "slice",       "sort",       "string",   "striptags",
        "sum",    "title",      "tojson",      "trim",       "truncate", "unique",
        "upper",  "urlencode",  "urlize",      "wordcount",  "wordwrap", "xmlattr"}) {
    EXPECT_NE(find_filter(name), nullptr) << name;
  }
  for (const char* name : {"boolean", "callable", "defined",   "divisibleby", "eq",
                           "equalto", "==",       "escaped",   "even",        "false",
                           "filter",  "float",    "ge",        ">=",          "greaterthan",
                           "gt",      ">",        "in",        "integer",     "iterable",
                           "le",      "<=",       "lessthan",  "lower",       "lt",
                           "<",       "mapping",  "ne",        "!=",          "none",
                           "number",  "odd",      "sameas",    "sequence",    "string",
                           "test",    "true",     "undefined", "upper"}) {
    EXPECT_NE(find_test(name), nullptr) << name;
  }
  std::vector<std::string_view> globals;
  for (const BuiltinGlobal& g : builtin_globals()) globals.push_back(g.name);
  EXPECT_EQ(globals, (std::vector<std::string_view>{"cycler", "dict", "joiner", "lipsum",
                                                     "namespace", "range"}));
  for (std::string_view name : globals) EXPECT_EQ(find_global(name)->name, name);
  EXPECT_EQ(find_filter("nope"), nullptr);
  EXPECT_EQ(find_test(""), nullptr);
  EXPECT_EQ(find_global("zip"), nullptr);
}

TEST(BuiltinsRegistry, PassContextAsJinja2MarksIt) {
  std::vector<std::string_view> context_filters;
  for (const BuiltinFilter& f : builtin_filters()) {
    if (f.pass_context) context_filters.push_back(f.name);
  }
  // jinja2/filters.py: @pass_context on do_random, sync_do_map, sync_do_select,
  // sync_do_reject, sync_do_selectattr, sync_do_rejectattr.
  EXPECT_EQ(context_filters, (std::vector<std::string_view>{"map", "random", "reject",
                                                             "rejectattr", "select",
                                                             "selectattr"}));
  for (const BuiltinTest& t : builtin_tests()) EXPECT_FALSE(t.pass_context) << t.name;
  for (const BuiltinGlobal& g : builtin_globals()) EXPECT_FALSE(g.pass_context) << g.name;
}

// The folder asks the registry: a filter that reads the context is never constant.
bool printed_constant(const std::string& expr) {
  auto t = compile_template("t", "{{ " + expr + " }}", EnvironmentOptions{});
  return is_constant(static_cast<const PrintStmt&>(*t->body().at(0)).parts.at(0).expr.get());
}

TEST(BuiltinsRegistry, ConstantFolderReadsPassContext) {
  EXPECT_TRUE(printed_constant("[1, 2]|list"));
  EXPECT_TRUE(printed_constant("[1, 2]|join(',')|upper"));
  EXPECT_TRUE(printed_constant("3 is odd"));
  EXPECT_FALSE(printed_constant("[1, 2]|map('string')"));
  EXPECT_FALSE(printed_constant("[1, 2]|select('odd')|list"));
  EXPECT_FALSE(printed_constant("[1, 2]|random"));
  EXPECT_FALSE(printed_constant("x|list"));
}

}  // namespace
}  // namespace wfgen::jinja
