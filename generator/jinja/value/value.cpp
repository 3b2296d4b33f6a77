#include "jinja/value/value.h"

#include <cstddef>
#include <string>
#include <unordered_map>

#include "jinja/error.h"
#include "jinja/limits.h"
#include "jinja/python/ops.h"

namespace wfgen::jinja {

ListObj::~ListObj() = default;

// Construction of heap values goes through one place so refcounts start right.
#define WFGEN_MAKE_HEAP(kind_value, obj_expr) \
  Value v(kind_value);                        \
  Object* o = (obj_expr);                     \
  ++o->refs;                                  \
  v.u_.p = o;                                 \
  return v

Value Value::integer(BigInt b) {
  if (b.fits_int64()) return integer(b.to_int64());
  WFGEN_MAKE_HEAP(Kind::BigInt, new BigIntObj(std::move(b)));
}

// Every string and list a template makes passes here: the one check of max_string and
// max_items that no producer can miss (`~`, format(), tojson, a filter's result). Those
// that can grow without bound before they are made (split, repetition, join) also check
// as they grow, so that memory stays within the limit too.
Value Value::string(std::string s) {
  check_string_growth(s, "a string");
  return data_string(std::move(s));
}

Value Value::data_string(std::string s) {
  WFGEN_MAKE_HEAP(Kind::String, new StrObj(std::move(s)));
}

Value Value::data_list(std::vector<Value> items) {
  auto* l = new ListObj;
  l->items = std::move(items);
  WFGEN_MAKE_HEAP(Kind::List, l);
}

Value Value::markup(std::string s) {
  check_string_growth(s, "a string");
  WFGEN_MAKE_HEAP(Kind::String, new StrObj(std::move(s), true));
}

Value Value::list(std::vector<Value> items) {
  check_item_growth(items.size(), "a list");
  return data_list(std::move(items));
}

Value Value::tuple(std::vector<Value> items) {
  check_item_growth(items.size(), "a tuple");
  auto* l = new ListObj;
  l->items = std::move(items);
  WFGEN_MAKE_HEAP(Kind::Tuple, l);
}

Value Value::dict() {
  WFGEN_MAKE_HEAP(Kind::Dict, new DictObj);
}

Value Value::object(ObjectBase* obj) {
  WFGEN_MAKE_HEAP(Kind::Object, obj);
}

Value Value::undefined(std::string message, bool strict) {
  auto* u = new UndefinedObj;
  u->message = std::move(message);
  u->strict = strict;
  WFGEN_MAKE_HEAP(Kind::Undefined, u);
}

#undef WFGEN_MAKE_HEAP

void Object::destroy(Object* container) noexcept {
  constexpr int kInline = 32;  // levels deleted on the C++ stack before deferring
  // Only trivially destructible thread-locals: the list exists while a deep deletion is
  // under way and is gone after it, so values freed by other thread-locals' destructors at
  // thread exit (after a std::vector here would have been destroyed) are still freed.
  thread_local int depth = 0;
  thread_local std::vector<Object*>* deferred = nullptr;
  if (depth >= kInline) {
    if (!deferred) deferred = new std::vector<Object*>;
    deferred->push_back(container);
    return;
  }
  ++depth;
  delete container;
  if (depth == 1 && deferred) {
    while (!deferred->empty()) {
      Object* next = deferred->back();
      deferred->pop_back();
      delete next;
    }
    delete deferred;
    deferred = nullptr;
  }
  --depth;
}

bool Value::is_strict_undefined() const {
  return kind_ == Kind::Undefined && u_.p && static_cast<UndefinedObj*>(u_.p)->strict;
}

BigInt Value::to_bigint() const {
  if (kind_ == Kind::BigInt) return as_bigint();
  if (kind_ == Kind::Bool) return BigInt(u_.b ? 1 : 0);
  return BigInt(u_.i);
}

double Value::to_double() const {
  switch (kind_) {
    case Kind::Bool:
      return u_.b ? 1.0 : 0.0;
    case Kind::Int:
      return static_cast<double>(u_.i);
    case Kind::Float:
      return u_.f;
    case Kind::BigInt:
      return as_bigint().to_double();
    default:
      return 0.0;
  }
}

// ---------------------------------------------------------------------------
// DictObj

struct DictIndex {
  std::unordered_map<std::string_view, uint32_t> by_string;
};

namespace {
// Below this size a scan (keys mostly differ in length) beats hashing the key.
constexpr size_t kIndexThreshold = 16;
}  // namespace

size_t DictObj::index_of(std::string_view key) const {
  if (entries_.size() > kIndexThreshold) {
    if (!index_) rebuild_index();
    auto it = index_->by_string.find(key);
    return it == index_->by_string.end() ? npos : it->second;
  }
  for (size_t i = 0; i < entries_.size(); ++i) {
    const Value& k = entries_[i].first;
    if (k.is_string() && k.as_string().size() == key.size() &&
        bytes_equal(k.as_string().data(), key.data(), key.size())) {
      return i;
    }
  }
  return npos;
}

const Value* DictObj::find(std::string_view key) const {
  size_t i = index_of(key);
  return i == npos ? nullptr : &entries_[i].second;
}

const Value* DictObj::find_and_hint(std::string_view key, LookupHint& hint) const {
  size_t i = index_of(key);
  if (i == npos) return nullptr;
  hint.index = static_cast<uint32_t>(i);
  hint.key = entries_[i].first;
  return &entries_[i].second;
}

const Value* DictObj::find(const Value& key) const {
  if (key.is_string()) return find(std::string_view(key.as_string()));
  for (const auto& e : entries_) {
    if (!e.first.is_string() && equals(e.first, key)) return &e.second;
  }
  return nullptr;
}

void DictObj::set(Value key, Value value) {
  if (const Value* existing = find(key)) {
    *const_cast<Value*>(existing) = std::move(value);
    return;
  }
  add_new(std::move(key), std::move(value));
}

void DictObj::add_new(Value key, Value value) {
  entries_.emplace_back(std::move(key), std::move(value));
  if (index_) {
    const Value& k = entries_.back().first;
    if (k.is_string()) {
      index_->by_string.emplace(k.as_string(), static_cast<uint32_t>(entries_.size() - 1));
    }
  }
}

bool DictObj::erase(const Value& key) {
  for (auto it = entries_.begin(); it != entries_.end(); ++it) {
    if (equals(it->first, key)) {
      entries_.erase(it);
      index_.reset();
      return true;
    }
  }
  return false;
}

void DictObj::clear() {
  entries_.clear();
  index_.reset();
}

void DictObj::rebuild_index() const {
  index_ = std::make_unique<DictIndex>();
  index_->by_string.reserve(entries_.size());
  for (uint32_t i = 0; i < entries_.size(); ++i) {
    const Value& k = entries_[i].first;
    if (k.is_string()) index_->by_string.emplace(k.as_string(), i);
  }
}

DictObj::~DictObj() = default;

// ---------------------------------------------------------------------------
// ObjectBase defaults

bool ObjectBase::getattr(Runtime&, std::string_view, Value&) const {
  return false;
}
bool ObjectBase::setattr(std::string_view, Value) {
  return false;
}
Value ObjectBase::call(Runtime&, CallArgs&) {
  throw_type_error("'" + std::string(type_name()) + "' object is not callable");
}
void ObjectBase::repr(std::string& out) const {
  out += "<";
  out += type_name();
  out += " object>";
}

bool CallArgs::take_kwarg(std::string_view name, Value& out) {
  for (auto it = kwargs.begin(); it != kwargs.end(); ++it) {
    if (it->first == name) {
      out = std::move(it->second);
      kwargs.erase(it);
      return true;
    }
  }
  return false;
}

}  // namespace wfgen::jinja
