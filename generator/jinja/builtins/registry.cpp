// The builtin tables: name -> filter / test / global function (see registry.h), with Jinja2's
// aliases ('d', 'e', 'count', '==', 'equalto'...). Looked up when a template is compiled (analysis/) and by name at render time;
// each table is sorted by name for a binary search.
#include <algorithm>
#include <string_view>
#include <vector>

#include "jinja/builtins/registry.h"

#include "jinja/builtins/functions.h"

namespace wfgen::jinja {

namespace {

using namespace builtins;

// Jinja2 3.1 marks map, random, reject, rejectattr, select and selectattr @pass_context.
constexpr BuiltinFilter kFilters[] = {
    {"abs", filter_abs},
    {"attr", filter_attr},
    {"batch", filter_batch},
    {"capitalize", filter_capitalize},
    {"center", filter_center},
    {"count", filter_length},
    {"d", filter_default},
    {"default", filter_default},
    {"dictsort", filter_dictsort},
    {"e", filter_escape},
    {"escape", filter_escape},
    {"filesizeformat", filter_filesizeformat},
    {"first", filter_first},
    {"float", filter_float},
    {"forceescape", filter_forceescape},
    {"format", filter_format},
    {"groupby", filter_groupby},
    {"indent", filter_indent},
    {"int", filter_int},
    {"items", filter_items},
    {"join", filter_join},
    {"last", filter_last},
    {"length", filter_length},
    {"list", filter_list},
    {"lower", filter_lower},
    {"map", filter_map, /*pass_context=*/true},
    {"max", filter_max},
    {"min", filter_min},
    {"pprint", filter_pprint},
    {"random", filter_random, /*pass_context=*/true},
    {"reject", filter_reject, /*pass_context=*/true},
    {"rejectattr", filter_rejectattr, /*pass_context=*/true},
    {"replace", filter_replace},
    {"reverse", filter_reverse},
    {"round", filter_round},
    {"safe", filter_safe},
    {"select", filter_select, /*pass_context=*/true},
    {"selectattr", filter_selectattr, /*pass_context=*/true},
    {"slice", filter_slice},
    {"sort", filter_sort},
    {"string", filter_string},
    {"striptags", filter_striptags},
    {"sum", filter_sum},
    {"title", filter_title},
    {"tojson", filter_tojson},
    {"trim", filter_trim},
    {"truncate", filter_truncate},
    {"unique", filter_unique},
    {"upper", filter_upper},
    {"urlencode", filter_urlencode},
    {"urlize", filter_urlize},
    {"wordcount", filter_wordcount},
    {"wordwrap", filter_wordwrap},
    {"xmlattr", filter_xmlattr},
};

// Sorted by byte value: the operator aliases come first.
constexpr BuiltinTest kTests[] = {
    {"!=", test_ne},
    {"<", test_lt},
    {"<=", test_le},
    {"==", test_eq},
    {">", test_gt},
    {">=", test_ge},
    {"boolean", test_boolean},
    {"callable", test_callable},
    {"defined", test_defined},
    {"divisibleby", test_divisibleby},
    {"eq", test_eq},
    {"equalto", test_eq},
    {"escaped", test_escaped},
    {"even", test_even},
    {"false", test_false},
    {"filter", test_filter},
    {"float", test_float},
    {"ge", test_ge},
    {"greaterthan", test_gt},
    {"gt", test_gt},
    {"in", test_in},
    {"integer", test_integer},
    {"iterable", test_iterable},
    {"le", test_le},
    {"lessthan", test_lt},
    {"lower", test_lower},
    {"lt", test_lt},
    {"mapping", test_mapping},
    {"ne", test_ne},
    {"none", test_none},
    {"number", test_number},
    {"odd", test_odd},
    {"sameas", test_sameas},
    {"sequence", test_sequence},
    {"string", test_string},
    {"test", test_test},
    {"true", test_true},
    {"undefined", test_undefined},
    {"upper", test_upper},
};

constexpr BuiltinGlobal kGlobals[] = {
    {"cycler", global_cycler}, {"dict", global_dict},           {"joiner", global_joiner},
    {"lipsum", global_lipsum}, {"namespace", global_namespace}, {"range", global_range},
};

template <typename Entry, size_t N>
constexpr bool sorted(const Entry (&table)[N]) {
  for (size_t i = 1; i < N; ++i) {
    if (!(table[i - 1].name < table[i].name)) return false;
  }
  return true;
}
static_assert(sorted(kFilters), "kFilters must be sorted by name");
static_assert(sorted(kTests), "kTests must be sorted by name");
static_assert(sorted(kGlobals), "kGlobals must be sorted by name");

template <typename Entry, size_t N>
const Entry* lookup(const Entry (&table)[N], std::string_view name) {
  auto it = std::lower_bound(std::begin(table), std::end(table), name,
                             [](const Entry& e, std::string_view n) { return e.name < n; });
  return it != std::end(table) && it->name == name ? it : nullptr;
}

}  // namespace

const BuiltinFilter* find_filter(std::string_view name) {
  return lookup(kFilters, name);
}
const BuiltinTest* find_test(std::string_view name) {
  return lookup(kTests, name);
}
const BuiltinGlobal* find_global(std::string_view name) {
  return lookup(kGlobals, name);
}

std::span<const BuiltinFilter> builtin_filters() {
  return kFilters;
}
std::span<const BuiltinTest> builtin_tests() {
  return kTests;
}
std::span<const BuiltinGlobal> builtin_globals() {
  return kGlobals;
}

}  // namespace wfgen::jinja
