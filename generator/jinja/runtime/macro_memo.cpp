#include "jinja/runtime/macro_memo.h"

#include <cstring>

namespace wfgen::jinja {

namespace {

template <class T>
void append_bytes(std::string& key, T x) {
  char b[sizeof x];
  std::memcpy(b, &x, sizeof x);
  key.append(b, sizeof x);
}

}  // namespace

bool MacroMemo::key_of(const std::vector<Value>& args, std::string& key) {
  for (const Value& v : args) {
    switch (v.kind()) {
      case Kind::None:
        key += 'N';
        break;
      case Kind::Bool:
        key += v.as_bool() ? 'T' : 'F';
        break;
      case Kind::Int:
        key += 'I';
        append_bytes(key, v.as_int());
        break;
      case Kind::Float:
        key += 'D';  // by its bits: 0.0 and -0.0 print apart
        append_bytes(key, v.as_float());
        break;
      case Kind::String:
        key += v.is_markup() ? 'M' : 'S';
        append_bytes(key, v.as_string().size());
        key += v.as_string();
        break;
      default:
        return false;
    }
  }
  return true;
}

const MacroMemo::Kept* MacroMemo::find(const MacroDef& def, const std::string& key) const {
  auto outputs = by_macro_.find(&def);
  if (outputs == by_macro_.end()) return nullptr;
  auto found = outputs->second.by_key.find(key);
  return found == outputs->second.by_key.end() ? nullptr : &found->second;
}

void MacroMemo::add(const std::shared_ptr<MacroDef>& def, std::string key,
                    std::string_view output, uint64_t steps) {
  auto outputs = by_macro_.find(def.get());
  const bool new_macro = outputs == by_macro_.end();
  const size_t cost = key.size() + output.size() + kEntryCost + (new_macro ? kMacroCost : 0);
  if (output.size() > kMaxOutput || bytes_ + cost > kMaxBytes) return;
  if (new_macro) outputs = by_macro_.emplace(def.get(), Outputs{def, {}}).first;
  if (outputs->second.by_key.try_emplace(std::move(key), Kept{std::string(output), steps}).second)
    bytes_ += cost;
}

size_t MacroMemo::size() const {
  size_t n = 0;
  for (const auto& [def, outputs] : by_macro_) n += outputs.by_key.size();
  return n;
}

}  // namespace wfgen::jinja
