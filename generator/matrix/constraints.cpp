#include "matrix/constraints.h"

#include <algorithm>

#include "data/suggest.h"

namespace wfgen::matrix {

using data::pointer_child;

namespace {

std::string show(const Json& v) {
  return v.is_string() ? "'" + v.get<std::string>() + "'" : v.dump();
}

std::string number(double d) {
  Json j = d == static_cast<double>(static_cast<long long>(d)) ? Json(static_cast<long long>(d))
                                                               : Json(d);
  return j.dump();
}

// The values `row` may take: of the other matrix's rows that agree with it on `match`.
std::vector<Json> matching_values(const Constraints& c, const Json& row, std::string& scope) {
  std::vector<Json> values;
  for (size_t i = 0; i < c.one_of_match.size(); ++i)
    scope += (i ? " and " : " with ") + c.one_of_match[i] + " " +
             show(row.value(c.one_of_match[i], Json()));
  for (const Json& r : c.one_of_rows) {
    bool agrees = true;
    for (size_t i = 0; i < c.one_of_match.size() && agrees; ++i)
      agrees = r[i + 1] == row.value(c.one_of_match[i], Json());
    if (agrees && std::find(values.begin(), values.end(), r[0]) == values.end())
      values.push_back(r[0]);
  }
  return values;
}

// Whether the string `v` is one of `c`'s values for `row`, found in the index; false when
// it cannot tell (a value or a match value that is not a string: then it is searched).
bool indexed_one_of(const Constraints& c, const Json& v, const Json* row) {
  if (!v.is_string()) return false;
  const std::string& s = v.get_ref<const std::string&>();
  if (!row || c.one_of_match.empty()) return c.one_of_index.strings.count(s) > 0;
  static const Json null;
  std::vector<const Json*> match;
  for (const std::string& m : c.one_of_match) {
    auto it = row->find(m);
    match.push_back(it == row->end() ? &null : &*it);
  }
  const std::optional<std::string> key = OneOfIndex::group_of(match);
  if (!key) return false;
  auto group = c.one_of_index.groups.find(*key);
  return group != c.one_of_index.groups.end() && group->second.count(s) > 0;
}

std::optional<Violation> one_of(const Constraints& c, const Json& v, const Json* row) {
  if (c.one_of.empty() && c.one_of_source.empty()) return std::nullopt;
  if (indexed_one_of(c, v, row)) return std::nullopt;
  std::string scope;
  const std::vector<Json> scoped =
      row && !c.one_of_match.empty() ? matching_values(c, *row, scope) : std::vector<Json>();
  const std::vector<Json>& allowed = scope.empty() ? c.one_of : scoped;
  if (std::find(allowed.begin(), allowed.end(), v) != allowed.end()) return std::nullopt;
  std::vector<std::string> names;
  for (const Json& x : allowed) names.push_back(x.is_string() ? x.get<std::string>() : x.dump());
  std::string near = v.is_string() ? data::closest_match(v.get<std::string>(), names) : "";
  std::string msg = show(v) + " is not one of ";
  if (!c.one_of_source.empty()) {
    msg += c.one_of_source + scope;
  } else {
    msg.pop_back();
    msg += ": ";
    for (size_t i = 0; i < names.size(); ++i) msg += (i ? ", " : "") + names[i];
  }
  if (!near.empty()) msg += " (did you mean '" + near + "'?)";
  return Violation{msg, ""};
}

std::optional<Violation> bounds(const Constraints& c, const Json& v) {
  if (!c.min && !c.max) return std::nullopt;
  double x = 0;
  std::string what;
  if (v.is_number()) {
    x = v.get<double>();
  } else if (v.is_string() || v.is_array() || v.is_object()) {
    x = static_cast<double>(v.is_string() ? v.get_ref<const std::string&>().size() : v.size());
    what = v.is_string() ? " characters" : v.is_array() ? " items" : " entries";
  } else {
    return std::nullopt;
  }
  std::string value = what.empty() ? show(v) : "has " + number(x) + what + ",";
  if (c.min && x < *c.min)
    return Violation{value + (what.empty() ? " is below the minimum " : " fewer than ") +
                         number(*c.min),
                     ""};
  if (c.max && x > *c.max)
    return Violation{value + (what.empty() ? " is above the maximum " : " more than ") +
                         number(*c.max),
                     ""};
  return std::nullopt;
}

std::optional<Violation> element(const ElementSpec& e, const Json& v, const std::string& where,
                                 const std::string& label, bool at_key, const Json* row) {
  if (!type_accepts(e.type, v))
    return Violation{label + " must be of type " + std::string(type_name(e.type)) + ", not " +
                         std::string(json_type_name(v)),
                     where, at_key};
  if (!e.rules) return std::nullopt;
  auto broken = check_constraints(e.type, *e.rules, v, row);
  if (!broken) return std::nullopt;
  broken->message = label + ": " + broken->message;
  broken->where = where + broken->where;
  broken->at_key = broken->at_key || (at_key && broken->where == where);
  return broken;
}

}  // namespace

std::optional<std::string> OneOfIndex::group_of(const std::vector<const Json*>& match_values) {
  std::string key;
  for (const Json* v : match_values) {
    if (!v->is_string()) return std::nullopt;
    const std::string& s = v->get_ref<const std::string&>();
    key += std::to_string(s.size()) + ':' + s;  // length first: no two lists give one key
  }
  return key;
}

void index_one_of(Constraints& c) {
  for (const Json& v : c.one_of)
    if (v.is_string()) c.one_of_index.strings.insert(v.get<std::string>());
  for (const Json& r : c.one_of_rows) {  // [value, match values...]
    if (!r[0].is_string()) continue;
    std::vector<const Json*> match;
    for (size_t i = 1; i < r.size(); ++i) match.push_back(&r[i]);
    if (auto key = OneOfIndex::group_of(match))
      c.one_of_index.groups[*key].insert(r[0].get<std::string>());
  }
}

std::optional<Violation> check_constraints(FieldType, const Constraints& c, const Json& v,
                                           const Json* row) {
  if (auto b = one_of(c, v, row)) return b;
  if (c.regex && v.is_string()) {
    try {
      if (!c.regex->matches(v.get_ref<const std::string&>()))
        return Violation{show(v) + " does not match the pattern " + c.pattern, ""};
    } catch (const jinja::RegexError& e) {  // a limit
      return Violation{"matching the pattern " + c.pattern + ": " + e.what(), ""};
    }
  }
  if (auto b = bounds(c, v)) return b;
  if (c.items && v.is_array())
    for (size_t i = 0; i < v.size(); ++i)
      if (auto b = element(*c.items, v[i], pointer_child("", i), "item " + std::to_string(i + 1),
                           false, row))
        return b;
  if ((c.keys || c.values) && v.is_object())
    for (auto it = v.begin(); it != v.end(); ++it) {
      const std::string where = pointer_child("", it.key());
      if (c.keys)
        if (auto b = element(*c.keys, Json(it.key()), where, "key '" + it.key() + "'", true, row))
          return b;
      if (c.values)
        if (auto b = element(*c.values, it.value(), where, "value of '" + it.key() + "'", false,
                             row))
          return b;
    }
  return std::nullopt;
}

}  // namespace wfgen::matrix
