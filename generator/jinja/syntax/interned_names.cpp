#include "jinja/syntax/interned_names.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

namespace wfgen::jinja {

namespace {

// Names live in chunks that never move, so a name is read by its id without a lock: every
// render reads and interns names (each row's keys, each top-level `set`), on every thread
// at once, and a lock they all took met ~70 times a check of this project.
constexpr uint32_t kChunkBits = 12;
constexpr uint32_t kChunkSize = uint32_t{1} << kChunkBits;  // names a chunk
constexpr uint32_t kChunks = uint32_t{1} << 14;              // 67 M names at most

struct SymbolTable {
  std::mutex mutex;  // guards adding a name: `ids`, `count` and the chunks' slots
  std::unordered_map<std::string_view, uint32_t> ids;
  uint32_t count = 0;
  std::atomic<std::string*> chunks[kChunks] = {};
};

// Never destroyed, so that a name outlives every object holding its id, static ones
// included. (Interning is for parsing and rendering: a thread's cache of ids below is gone
// once the thread ends.)
SymbolTable& table() {
  static SymbolTable& t = *new SymbolTable;
  return t;
}

// The ids this thread has seen, asked without the lock (keys view the table's names).
std::unordered_map<std::string_view, uint32_t>& known() {
  thread_local std::unordered_map<std::string_view, uint32_t> ids;
  return ids;
}

}  // namespace

uint32_t intern_symbol(std::string_view name) {
  auto& mine = known();
  if (auto it = mine.find(name); it != mine.end()) return it->second;
  SymbolTable& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  auto it = t.ids.find(name);
  if (it == t.ids.end()) {
    const uint32_t id = t.count;
    if (id / kChunkSize == kChunks) throw std::length_error("too many distinct names");
    std::string* chunk = t.chunks[id / kChunkSize].load(std::memory_order_relaxed);
    if (!chunk) {
      chunk = new std::string[kChunkSize];
      t.chunks[id / kChunkSize].store(chunk, std::memory_order_release);
    }
    chunk[id % kChunkSize] = name;
    ++t.count;
    it = t.ids.emplace(chunk[id % kChunkSize], id).first;
  }
  mine.emplace(it->first, it->second);
  return it->second;
}

uint32_t find_symbol(std::string_view name) {
  auto& mine = known();
  if (auto it = mine.find(name); it != mine.end()) return it->second;
  SymbolTable& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  auto it = t.ids.find(name);
  return it == t.ids.end() ? UINT32_MAX : it->second;
}

const std::string& symbol_name(uint32_t id) {
  // The id came from intern_symbol, through whatever handed it to this thread, so its
  // chunk and name were written before.
  const std::string* chunk = table().chunks[id / kChunkSize].load(std::memory_order_acquire);
  return chunk[id % kChunkSize];
}

}  // namespace wfgen::jinja
