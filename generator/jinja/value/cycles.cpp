#include "jinja/value/cycles.h"

#include <new>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace wfgen::jinja {

namespace {

struct Candidates;
void collect(Candidates& c);

// The noted containers, each held once. Holding them keeps them reachable from here until
// a collection decides. When the thread ends, a last collection frees what only cycles
// keep alive by then (the data of the thread's last render: its caller held it during
// that render's collection, and a process's exit found it leaked).
struct Candidates {
  std::vector<Value> values;
  std::unordered_set<const void*> ids;
  Candidates() = default;
  Candidates(const Candidates&) = delete;
  Candidates& operator=(const Candidates&) = delete;
  ~Candidates() {
    try {
      collect(*this);
    } catch (const std::bad_alloc&) {
      // Out of memory at the thread's end: the cycles stay, as they would without us.
    }
  }
};

Candidates& candidates() {
  thread_local Candidates c;
  return c;
}

bool is_container(const Value& v) {
  return v.kind() >= Kind::List;
}

template <class F>
void for_each_child(const Value& v, F&& f) {
  switch (v.kind()) {
    case Kind::List:
    case Kind::Tuple:
      for (const Value& item : v.items()) f(item);
      break;
    case Kind::Dict:
      for (const auto& [k, val] : v.dict_obj().entries()) {
        f(k);
        f(val);
      }
      break;
    case Kind::Object:
      v.obj().held_values([&](const Value& item) { f(item); });
      break;
    default:
      break;
  }
}

// Drops the items of a container that only a cycle keeps alive; they are released after
// every garbage container has been emptied.
void clear_into(const Value& v, std::vector<Value>& dropped) {
  switch (v.kind()) {
    case Kind::List:
    case Kind::Tuple:
      for (Value& item : v.items()) dropped.push_back(std::move(item));
      v.items().clear();
      break;
    case Kind::Dict:
      for (const auto& [k, val] : v.dict_obj().entries()) {
        dropped.push_back(k);
        dropped.push_back(val);
      }
      v.dict_obj().clear();
      break;
    case Kind::Object:
      v.obj().held_values([&](Value& item) { dropped.push_back(std::move(item)); });
      break;
    default:
      break;
  }
}

void collect(Candidates& c) {
  if (c.values.empty()) return;

  // Every container reachable from the candidates, with its count of references from
  // outside that set (trial deletion: its count minus the references the set holds).
  struct Node {
    const Value* value;
    int64_t outside;
    bool alive = false;
  };
  std::unordered_map<const void*, Node> nodes;
  std::vector<const Value*> stack;
  for (const Value& v : c.values) stack.push_back(&v);
  while (!stack.empty()) {
    const Value* v = stack.back();
    stack.pop_back();
    auto [it, fresh] = nodes.emplace(v->identity(), Node{v, 0});
    if (!fresh) continue;
    it->second.outside = static_cast<int64_t>(static_cast<const Object*>(v->identity())->refs);
    for_each_child(*v, [&](const Value& child) {
      if (is_container(child)) stack.push_back(&child);
    });
  }
  for (auto& [id, node] : nodes) {
    for_each_child(*node.value, [&](const Value& child) {
      if (!is_container(child)) return;
      auto found = nodes.find(child.identity());
      if (found != nodes.end()) --found->second.outside;
    });
  }
  for (const Value& v : c.values) --nodes.at(v.identity()).outside;  // our own hold

  // What something outside refers to is alive, and so is all it reaches.
  for (auto& [id, node] : nodes) {
    if (node.outside > 0) stack.push_back(node.value);
  }
  while (!stack.empty()) {
    Node& node = nodes.at(stack.back()->identity());
    stack.pop_back();
    if (node.alive) continue;
    node.alive = true;
    for_each_child(*node.value, [&](const Value& child) {
      if (is_container(child)) stack.push_back(&child);
    });
  }

  // The rest is garbage: hold each, empty each, then let go.
  std::vector<Value> garbage;
  for (auto& [id, node] : nodes) {
    if (!node.alive) garbage.push_back(*node.value);
  }
  std::vector<Value> kept;
  for (Value& v : c.values) {
    if (nodes.at(v.identity()).alive) kept.push_back(std::move(v));
  }
  c.values = std::move(kept);
  c.ids.clear();
  for (const Value& v : c.values) c.ids.insert(v.identity());
  nodes.clear();
  std::vector<Value> dropped;
  for (const Value& v : garbage) clear_into(v, dropped);
  dropped.clear();
  garbage.clear();
}

}  // namespace

void note_possible_cycle(const Value& container) {
  if (!is_container(container)) return;
  Candidates& c = candidates();
  if (c.ids.insert(container.identity()).second) c.values.push_back(container);
}

size_t noted_cycle_candidates() {
  return candidates().values.size();
}

void collect_cycles() {
  collect(candidates());
}

}  // namespace wfgen::jinja
