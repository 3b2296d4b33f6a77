// Which macros give the same output for the same arguments, so that a call may be answered
// with what an earlier call of equal arguments printed (runtime/macro_memo.h): templates
// quote thousands of values with one small macro, mostly the same few values.
#pragma once

#include "jinja/syntax/nodes.h"

namespace wfgen::jinja {

// Whether the output of `def` is a function of its parameters' values, and a call changes
// nothing: no caller, varargs or kwargs; its body prints and branches only (no set, for,
// call block, include...); every name it reads is a parameter (not a global, not the
// template's variables, not `loop`); every call is of a method that leaves its value as it
// is ('x'.isdigit()); every filter and test is a builtin that reads no context (random,
// map and select read it); and `sameas` compares only with true, false or none, which
// tell values apart by value. Needs the filters and tests looked up (compile.cpp).
bool macro_is_memoizable(const MacroDef& def);

// Sets MacroDef::memoizable on every macro `body` defines, nested ones too.
void mark_memoizable_macros(const Body& body);

}  // namespace wfgen::jinja
