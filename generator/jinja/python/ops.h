// Python's semantics on Values: truth, str(), repr(), ==, <, len(), iteration.
// Everything the renderer, filters and methods agree on lives here once.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "jinja/limits.h"
#include "jinja/value/value.h"

namespace wfgen::jinja {

// Raises the UndefinedError an Undefined carries ("'x' is undefined").
[[noreturn]] void raise_undefined(const Value& v);

// `v.attr` missing: Python's AttributeError "'int' object has no attribute 'items'"; an
// Undefined raises its UndefinedError instead (its __getattr__ does).
[[noreturn]] void raise_no_attribute(const Value& v, std::string_view attr);

// bool(v). A strict Undefined raises.
bool truthy(const Value& v);

// str(v) appended to out. A strict Undefined raises; a lenient one prints nothing.
void append_str(std::string& out, const Value& v);
std::string to_str(const Value& v);

// repr(v) appended to out, exactly as Python prints it.
void append_repr(std::string& out, const Value& v);
std::string to_repr(const Value& v);

// a == b with Python's rules (1 == 1.0 == True, [1] == [1], 'a' != b'a').
bool equals(const Value& a, const Value& b);

// Three-way a < b with Python's rules; raises TypeError "'<' not supported between
// instances of 'int' and 'str'" for unorderable pairs. `op` names the operator in it.
int compare(const Value& a, const Value& b, std::string_view op = "<");

// Python's type(v).__name__: 'int', 'str', 'dict', 'NoneType', 'Undefined', ...
std::string_view type_name(const Value& v);
// Jinja2's object_type_repr: "dict object", "None", "str object".
std::string object_type_repr(const Value& v);

// len(v); raises TypeError "object of type 'int' has no len()".
size_t length(const Value& v);

// list(v): items of a list/tuple, keys of a dict, characters of a str; an
// Undefined is empty (a strict one raises); anything else raises TypeError.
std::vector<Value> iterate(const Value& v);

// `a, b = v` for n targets: the items, or Python's TypeError (not iterable) or
// ValueError (too many / not enough values).
std::vector<Value> unpack(const Value& v, size_t n);

// Hash compatible with equals(), for unique/groupby/set-like work.
size_t hash_value(const Value& v);

// Python's repr of a str: quotes chosen as Python does, escapes for \n, \\, etc.
void append_string_repr(std::string& out, std::string_view s);

// The containers a walk over a value is inside of: Python's Py_ReprEnter (repr), json's
// circular-reference markers (tojson) and pprint's context, in one. Each Step into a
// list or dict counts a level against max_depth; `inside` finds a container met again
// within itself, a cycle.
class ValuePath {
 public:
  bool inside(const Value& container) const {
    for (const void* p : path_) {
      if (p == container.identity()) return true;
    }
    return false;
  }

  class Step {
   public:
    Step(ValuePath& path, const Value& container, std::string_view what)
        : guard_(what), path_(path) {
      path_.path_.push_back(container.identity());
    }
    ~Step() { path_.path_.pop_back(); }
    Step(const Step&) = delete;
    Step& operator=(const Step&) = delete;

   private:
    DepthGuard guard_;
    ValuePath& path_;
  };

 private:
  std::vector<const void*> path_;
};

}  // namespace wfgen::jinja
