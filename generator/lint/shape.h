// Shape checks shared by the structure rules: what GitHub accepts where it expects a
// mapping, a string, a boolean "or an expression", a list of strings, a known set of keys.
// Each check reports its finding itself and returns whether the node has the shape, so a
// rule can go on reading only what it understood.
//
// GitHub's reading of scalars: where a string is expected, numbers and booleans are
// taken as their text (`name: 123` is the name "123"); where a boolean or a number is
// expected, only a real one (or a whole `${{ }}` expression) will do: `"true"` and `yes`
// are strings and are refused.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "lint/ascii_case.h"
#include "lint/rule.h"
#include "lint/what.h"

namespace wfgen::lint {

// How a node reads in a message: "a mapping", "a list", "null", "the string 'x'",
// "the number 5", "the boolean true".
std::string describe(const yaml::Node& node);

// The text of a key (a scalar; "" for anything else).
std::string_view key_text(const yaml::Node& key);

// A string scalar that is exactly one `${{ }}` expression.
bool is_expression(const yaml::Node& node);
// A string scalar that contains a `${{` anywhere.
bool has_expression(const yaml::Node& node);
bool is_boolean(const yaml::Node& node);
bool is_number(const yaml::Node& node);
// The value of a node for which is_number() holds (0o/0x ints, .inf and .nan too).
double number_value(const yaml::Node& node);
// A scalar GitHub reads as a string where it wants one: a string, number or boolean.
bool is_stringlike(const yaml::Node& node);

// `what` names the value in messages: "'timeout-minutes'", "job 'build'".
bool expect_mapping(const yaml::Node& node, const What& what, Sink& sink);
bool expect_sequence(const yaml::Node& node, const What& what, Sink& sink);
bool expect_string(const yaml::Node& node, const What& what, Sink& sink);
bool expect_boolean_or_expression(const yaml::Node& node, const What& what, Sink& sink);
bool expect_number_or_expression(const yaml::Node& node, const What& what, Sink& sink);
// A string, or a non-empty list of strings.
bool expect_string_or_list(const yaml::Node& node, const What& what, Sink& sink);
// One of `allowed` (a string scalar).
bool expect_one_of(const yaml::Node& node, const What& what,
                   const std::vector<std::string>& allowed, Sink& sink);

// Reports every key of `map` not in `allowed` ("unknown key 'x' in WHERE (did you mean
// 'y'?)"). Merge keys (`<<`) are left to yaml-unsupported. Returns false if any.
bool check_keys(const yaml::Node& map, const std::vector<std::string>& allowed,
                const What& where, Sink& sink);
// A mapping with a merge key (`<<`): GitHub does not merge, so its keys are not what the
// author meant; yaml-unsupported reports it and shape rules do not ask for missing keys.
bool has_merge_key(const yaml::Node& map);

// The finding check_keys gives for one key.
void report_unknown_key(const yaml::Node& key, const std::vector<std::string>& allowed,
                        const What& where, Sink& sink);

// `^[_a-zA-Z][a-zA-Z0-9_-]*$`: the ids of jobs, steps, inputs, outputs and secrets.
bool is_identifier(std::string_view id);

}  // namespace wfgen::lint
