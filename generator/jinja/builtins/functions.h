// The builtin filters, tests and globals, one function each (the registry, registry.cpp,
// names them). Their signatures are FilterFn, TestFn and GlobalFn (registry.h).
#pragma once

#include "jinja/python/runtime.h"
#include "jinja/value/value.h"

namespace wfgen::jinja::builtins {

#define WFGEN_FILTER(name) Value name(Runtime& rt, const Value& input, CallArgs& args)
#define WFGEN_TEST(name) bool name(Runtime& rt, const Value& input, CallArgs& args)
#define WFGEN_GLOBAL(name) Value name(Runtime& rt, CallArgs& args)

// filters_string.cpp
WFGEN_FILTER(filter_capitalize);
WFGEN_FILTER(filter_center);
WFGEN_FILTER(filter_format);
WFGEN_FILTER(filter_indent);
WFGEN_FILTER(filter_lower);
WFGEN_FILTER(filter_replace);
WFGEN_FILTER(filter_string);
WFGEN_FILTER(filter_title);
WFGEN_FILTER(filter_trim);
WFGEN_FILTER(filter_truncate);
WFGEN_FILTER(filter_upper);
WFGEN_FILTER(filter_wordcount);
WFGEN_FILTER(filter_wordwrap);
// filters_html.cpp
WFGEN_FILTER(filter_escape);
WFGEN_FILTER(filter_forceescape);
WFGEN_FILTER(filter_safe);
WFGEN_FILTER(filter_striptags);
WFGEN_FILTER(filter_urlencode);
WFGEN_FILTER(filter_urlize);
WFGEN_FILTER(filter_xmlattr);
// filters_sequence.cpp
WFGEN_FILTER(filter_attr);
WFGEN_FILTER(filter_batch);
WFGEN_FILTER(filter_default);
WFGEN_FILTER(filter_dictsort);
WFGEN_FILTER(filter_first);
WFGEN_FILTER(filter_groupby);
WFGEN_FILTER(filter_items);
WFGEN_FILTER(filter_join);
WFGEN_FILTER(filter_last);
WFGEN_FILTER(filter_length);
WFGEN_FILTER(filter_list);
WFGEN_FILTER(filter_max);
WFGEN_FILTER(filter_min);
WFGEN_FILTER(filter_random);
WFGEN_FILTER(filter_reverse);
WFGEN_FILTER(filter_slice);
WFGEN_FILTER(filter_sort);
WFGEN_FILTER(filter_sum);
WFGEN_FILTER(filter_unique);
// filters_select.cpp
WFGEN_FILTER(filter_map);
WFGEN_FILTER(filter_reject);
WFGEN_FILTER(filter_rejectattr);
WFGEN_FILTER(filter_select);
WFGEN_FILTER(filter_selectattr);
// filters_number.cpp
WFGEN_FILTER(filter_abs);
WFGEN_FILTER(filter_filesizeformat);
WFGEN_FILTER(filter_float);
WFGEN_FILTER(filter_int);
WFGEN_FILTER(filter_round);
// filters_json.cpp
WFGEN_FILTER(filter_tojson);
// filters_pprint.cpp
WFGEN_FILTER(filter_pprint);

// jinja_tests.cpp
WFGEN_TEST(test_boolean);
WFGEN_TEST(test_callable);
WFGEN_TEST(test_defined);
WFGEN_TEST(test_divisibleby);
WFGEN_TEST(test_eq);
WFGEN_TEST(test_escaped);
WFGEN_TEST(test_even);
WFGEN_TEST(test_false);
WFGEN_TEST(test_filter);
WFGEN_TEST(test_float);
WFGEN_TEST(test_ge);
WFGEN_TEST(test_gt);
WFGEN_TEST(test_in);
WFGEN_TEST(test_integer);
WFGEN_TEST(test_iterable);
WFGEN_TEST(test_le);
WFGEN_TEST(test_lower);
WFGEN_TEST(test_lt);
WFGEN_TEST(test_mapping);
WFGEN_TEST(test_ne);
WFGEN_TEST(test_none);
WFGEN_TEST(test_number);
WFGEN_TEST(test_odd);
WFGEN_TEST(test_sameas);
WFGEN_TEST(test_sequence);
WFGEN_TEST(test_string);
WFGEN_TEST(test_test);
WFGEN_TEST(test_true);
WFGEN_TEST(test_undefined);
WFGEN_TEST(test_upper);

// globals.cpp
WFGEN_GLOBAL(global_cycler);
WFGEN_GLOBAL(global_dict);
WFGEN_GLOBAL(global_joiner);
WFGEN_GLOBAL(global_lipsum);
WFGEN_GLOBAL(global_namespace);
WFGEN_GLOBAL(global_range);

}  // namespace wfgen::jinja::builtins
