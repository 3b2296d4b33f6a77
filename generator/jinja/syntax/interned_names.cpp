#include "jinja/syntax/interned_names.h"

#include <deque>
#include <mutex>
#include <unordered_map>

namespace wfgen::jinja {

namespace {

struct SymbolTable {
  std::mutex mutex;
  std::deque<std::string> names;  // deque: stable addresses for the map's keys
  std::unordered_map<std::string_view, uint32_t> ids;
};

SymbolTable& table() {
  static SymbolTable t;
  return t;
}

}  // namespace

uint32_t intern_symbol(std::string_view name) {
  SymbolTable& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  auto it = t.ids.find(name);
  if (it != t.ids.end()) return it->second;
  t.names.emplace_back(name);
  auto id = static_cast<uint32_t>(t.names.size() - 1);
  t.ids.emplace(t.names.back(), id);
  return id;
}

uint32_t find_symbol(std::string_view name) {
  SymbolTable& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  auto it = t.ids.find(name);
  return it == t.ids.end() ? UINT32_MAX : it->second;
}

const std::string& symbol_name(uint32_t id) {
  SymbolTable& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  return t.names[id];
}

}  // namespace wfgen::jinja
