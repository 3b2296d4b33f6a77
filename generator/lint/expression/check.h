// What lint checks in a parsed expression beyond its syntax: functions and their arity
// (contains, startsWith, endsWith, format, join, toJSON, fromJSON, hashFiles and the status
// functions; names are case-insensitive, as GitHub reads them), context names, and
// format() strings against their arguments. Also the access paths an expression reads,
// for the rules that care where a value comes from (template injection, needs).
#pragma once

#include <string>
#include <vector>

#include "lint/expression/ast.h"
#include "lint/finding.h"

namespace wfgen::lint::expr {

struct Problem {
  size_t offset = 0;  // into the expression's text
  std::string message;
  Severity severity = Severity::Error;
};

std::vector<Problem> check(const Node& root);

// A chain of property reads that starts at a context: "github.event.pull_request.title",
// lowercased, with "*" for a filter or an index that is not a string literal.
struct Access {
  std::vector<std::string> path;
  size_t offset = 0;
  std::string text() const;  // joined with '.'
};

// Every maximal access chain of the expression, in order.
std::vector<Access> accesses(const Node& root);

// Whether `path` matches `pattern`, segment by segment: "*" matches any one segment, a
// final "**" any rest (also none).
bool path_matches(const std::vector<std::string>& path, const std::vector<std::string>& pattern);

}  // namespace wfgen::lint::expr
