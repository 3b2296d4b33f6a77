// What calls of memoizable macros (analysis/macro_purity.h) printed, by their arguments:
// a call with arguments equal to an earlier one's prints the same without running the
// body. Values are told apart exactly (type, bytes; Markup from str), and only
// scalars are kept by: a list argument could hold anything. One per Environment (one
// thread's); bounded, past which calls run as ever.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "jinja/syntax/nodes.h"
#include "jinja/value/value.h"

namespace wfgen::jinja {

class MacroMemo {
 public:
  // The largest output kept, and how many bytes in all: outputs and keys, and an estimate
  // of what each entry and each macro (its syntax tree, kept alive) hold besides.
  static constexpr size_t kMaxOutput = 4096;
  static constexpr size_t kMaxBytes = size_t{8} << 20;
  static constexpr size_t kEntryCost = 64, kMacroCost = 4096;

  // Appends to `key` what tells `args` apart from other arguments; false when one of them
  // is not a scalar (none, bool, int, float, str).
  static bool key_of(const std::vector<Value>& args, std::string& key);

  // What a call printed, and the steps (max_steps) its run took: a call answered from the
  // memo takes them too, so that a render's count, and where it stops, do not depend on
  // what earlier renders on the thread kept.
  struct Kept {
    std::string output;
    uint64_t steps = 0;
  };
  // What a call of `def` with arguments keyed `key` printed, or null.
  const Kept* find(const MacroDef& def, const std::string& key) const;
  // Keeps `output` (unless too large, or the memo is full).
  void add(const std::shared_ptr<MacroDef>& def, std::string key, std::string_view output,
           uint64_t steps);

  // How many outputs it keeps.
  size_t size() const;

 private:
  struct Outputs {
    std::shared_ptr<MacroDef> def;  // kept alive: no other macro may take its address
    std::unordered_map<std::string, Kept> by_key;
  };
  std::unordered_map<const MacroDef*, Outputs> by_macro_;
  size_t bytes_ = 0;
};

}  // namespace wfgen::jinja
