// The syntax tree of one GitHub Actions expression (the text inside `${{ }}`), as
// actions/runner reads it: literals, context names, property and index access with `*`
// filters, function calls, and the operators ! < <= > >= == != && ||.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace wfgen::lint::expr {

enum class Kind {
  Null,
  Boolean,
  Number,
  String,    // text: the value, quotes removed and '' unescaped
  Context,   // text: the name as written ("github")
  Property,  // children[0].text — text: the property name
  Index,     // children[0][children[1]]
  Filter,    // children[0].* or children[0][*]
  Call,      // text: the function name as written; children: the arguments
  Not,       // !children[0]
  Binary,    // children[0] text children[1]; text: the operator
};

struct Node {
  Kind kind;
  size_t offset = 0;  // where the node starts in the expression's text
  std::string text;
  std::vector<std::unique_ptr<Node>> children;
};

}  // namespace wfgen::lint::expr
