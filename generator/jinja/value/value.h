// Value: the one runtime type of the template engine. It models Python's objects as
// Jinja2 sees them (None, bool, int, float, str, list, tuple, dict, callables) plus
// Jinja2's Undefined. Small scalars live inline; everything else is an intrusively
// reference-counted Object, so copying a Value never copies data.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "jinja/value/bigint.h"
#include "jinja/value/bytes.h"

namespace wfgen::jinja {

class Value;
class Runtime;
struct CallArgs;

// Base of every heap object. Rendering is single-threaded: a plain counter suffices.
// Objects come from operator new, whose free lists in wfgen's programs are per thread and
// per size (system/small_blocks.h); a pool of the engine's own kept a second set of lists.
struct Object {
  mutable uint32_t refs = 0;
  virtual ~Object() = default;
  // Deletes a container whose last reference went away. Freeing a container frees its
  // items, and theirs: a value nested 100,000 levels deep would take as many C++ frames,
  // so (as CPython's trashcan) containers beyond a few levels wait in a list that the
  // outermost deletion empties.
  static void destroy(Object* container) noexcept;
};

enum class Kind : uint8_t {
  Undefined,
  None,
  Bool,
  Int,  // int64_t inline
  Float,
  BigInt,  // an int that does not fit in 64 bits (BigIntObj); first heap kind
  String,  // StrObj, UTF-8
  List,    // ListObj
  Tuple,   // ListObj, immutable by convention
  Dict,    // DictObj, insertion ordered
  Object,  // ObjectBase: macros, loop, namespace, bound methods, cycler, joiner...
};

struct StrObj : Object {
  static constexpr size_t kUnknownLength = static_cast<size_t>(-1);
  std::string s;
  bool markup = false;  // markupsafe.Markup: text that is already HTML-safe
  // len() in code points, counted on first use (Python knows it in O(1); templates
  // ask it of the same long strings over and over).
  mutable size_t code_points = kUnknownLength;
  explicit StrObj(std::string v, bool is_markup = false) : s(std::move(v)), markup(is_markup) {}
};

struct ListObj : Object {
  std::vector<Value> items;
  ~ListObj() override;  // out of line: Value is not complete yet (clang instantiates here)
};

struct BigIntObj : Object {
  BigInt v;
  explicit BigIntObj(BigInt b) : v(std::move(b)) {}
};

// Why a value is undefined, for Jinja2's messages ("'x' is undefined",
// "'dict object' has no attribute 'y'").
struct UndefinedObj : Object {
  std::string message;
  bool strict = false;
};

class DictObj;
struct ObjectBase;
struct LookupHint;

class Value {
 public:
  Value() noexcept : kind_(Kind::Undefined) { u_.p = nullptr; }
  Value(const Value& o) noexcept : kind_(o.kind_), u_(o.u_) { retain(); }
  Value(Value&& o) noexcept : kind_(o.kind_), u_(o.u_) {
    o.kind_ = Kind::None;
    o.u_.p = nullptr;
  }
  Value& operator=(const Value& o) noexcept {
    if (this != &o) {
      o.retain();
      release();
      kind_ = o.kind_;
      u_ = o.u_;
    }
    return *this;
  }
  Value& operator=(Value&& o) noexcept {
    if (this != &o) {
      release();
      kind_ = o.kind_;
      u_ = o.u_;
      o.kind_ = Kind::None;
      o.u_.p = nullptr;
    }
    return *this;
  }
  ~Value() { release(); }

  // --- construction -------------------------------------------------------
  static Value none() { return Value(Kind::None); }
  static Value boolean(bool b) {
    Value v(Kind::Bool);
    v.u_.b = b;
    return v;
  }
  static Value integer(int64_t i) {
    Value v(Kind::Int);
    v.u_.i = i;
    return v;
  }
  // Normalises: a BigInt that fits in int64 becomes Kind::Int.
  static Value integer(BigInt b);
  static Value floating(double d) {
    Value v(Kind::Float);
    v.u_.f = d;
    return v;
  }
  // What a template makes: within max_string / max_items (limits.h), or an error.
  static Value string(std::string s);
  static Value string(std::string_view s) { return string(std::string(s)); }
  static Value string(const char* s) { return string(std::string(s)); }
  // A markupsafe.Markup string (what |e, |safe and |tojson return).
  static Value markup(std::string s);
  static Value list(std::vector<Value> items = {});
  // A string or list read from data (JSON or YAML made values): bounded by the size of the
  // file it was read from (--max-input-size), not by the limits of what templates make.
  static Value data_string(std::string s);
  static Value data_list(std::vector<Value> items);
  static Value tuple(std::vector<Value> items = {});
  static Value dict();                 // empty DictObj
  static Value object(ObjectBase* o);  // shares ownership of o (fresh or already owned)
  static Value undefined(std::string message, bool strict);

  // --- inspection ----------------------------------------------------------
  Kind kind() const { return kind_; }
  bool is_undefined() const { return kind_ == Kind::Undefined; }
  bool is_none() const { return kind_ == Kind::None; }
  bool is_bool() const { return kind_ == Kind::Bool; }
  bool is_int() const { return kind_ == Kind::Int || kind_ == Kind::BigInt; }  // not bool
  bool is_float() const { return kind_ == Kind::Float; }
  bool is_number() const { return is_int() || is_float() || is_bool(); }
  bool is_string() const { return kind_ == Kind::String; }
  bool is_markup() const { return kind_ == Kind::String && static_cast<StrObj*>(u_.p)->markup; }
  bool is_list() const { return kind_ == Kind::List; }
  bool is_tuple() const { return kind_ == Kind::Tuple; }
  bool is_sequence() const { return kind_ == Kind::List || kind_ == Kind::Tuple; }
  bool is_dict() const { return kind_ == Kind::Dict; }
  bool is_object() const { return kind_ == Kind::Object; }
  bool is_strict_undefined() const;

  bool as_bool() const { return u_.b; }
  int64_t as_int() const { return u_.i; }  // Kind::Int or Kind::Bool
  double as_float() const { return u_.f; }
  const BigInt& as_bigint() const { return static_cast<BigIntObj*>(u_.p)->v; }
  BigInt to_bigint() const;  // Int, Bool or BigInt
  const std::string& as_string() const { return static_cast<StrObj*>(u_.p)->s; }
  const StrObj& str_obj() const { return *static_cast<StrObj*>(u_.p); }
  std::vector<Value>& items() const { return static_cast<ListObj*>(u_.p)->items; }  // List/Tuple
  DictObj& dict_obj() const { return *reinterpret_cast<DictObj*>(u_.p); }
  ObjectBase& obj() const { return *reinterpret_cast<ObjectBase*>(u_.p); }
  const UndefinedObj* undefined_info() const { return static_cast<UndefinedObj*>(u_.p); }
  // Numeric value as double (Bool, Int, BigInt, Float).
  double to_double() const;

  // Identity of the heap object (Python's `is` for containers); null for scalars.
  const void* identity() const { return kind_ >= Kind::BigInt ? u_.p : nullptr; }

 private:
  explicit Value(Kind k) noexcept : kind_(k) { u_.p = nullptr; }
  bool heap() const { return kind_ == Kind::Undefined || kind_ >= Kind::BigInt; }
  void retain() const {
    if (heap() && u_.p) ++u_.p->refs;
  }
  void release() {
    if (heap() && u_.p && --u_.p->refs == 0) {
      if (kind_ >= Kind::List)
        Object::destroy(u_.p);
      else
        delete u_.p;
    }
  }

  Kind kind_;
  union {
    bool b;
    int64_t i;
    double f;
    Object* p;
  } u_;
};

// A lookup site's memory of where its key was last found: the entry's index, and the
// key itself. Holding the key keeps its address from being reused, so finding the very
// same key object there again is a match.
struct LookupHint {
  uint32_t index = 0;
  Value key;
};

// An insertion-ordered dict with Python key equality (1 == 1.0 == True).
// String keys are additionally indexed once the dict grows, so attribute
// lookups in large data dicts stay O(1).
class DictObj : public Object {
 public:
  DictObj() = default;
  ~DictObj() override;
  using Entry = std::pair<Value, Value>;
  const std::vector<Entry>& entries() const { return entries_; }
  size_t size() const { return entries_.size(); }
  const Value* find(const Value& key) const;
  const Value* find(std::string_view key) const;
  // find(key), trying the entry `hint` names first and leaving the found entry in it:
  // dicts of one shape (rows of a matrix) answer a lookup site in one comparison, and
  // rows whose keys are one shared string (see StringPool) without reading the key.
  [[gnu::always_inline]] const Value* find(std::string_view key, LookupHint& hint) const {
    if (hint.index < entries_.size()) {
      const Entry& e = entries_[hint.index];
      if (e.first.is_string()) {
        if (e.first.identity() == hint.key.identity()) return &e.second;
        const std::string& k = e.first.as_string();
        if (k.size() == key.size() && bytes_equal(k.data(), key.data(), key.size())) {
          hint.key = e.first;
          return &e.second;
        }
      }
    }
    return find_and_hint(key, hint);
  }
  void set(Value key, Value value);
  // set() of a key the dict does not have (a caller copying keys known to be distinct,
  // such as a JSON object's): no lookup, and no hash index built on the way.
  void add_new(Value key, Value value);
  void reserve(size_t n) { entries_.reserve(n); }
  bool erase(const Value& key);
  void clear();

 private:
  static constexpr size_t npos = static_cast<size_t>(-1);
  size_t index_of(std::string_view key) const;  // npos when absent
  const Value* find_and_hint(std::string_view key, LookupHint& hint) const;
  void rebuild_index() const;
  std::vector<Entry> entries_;
  mutable std::unique_ptr<struct DictIndex> index_;
};

// Everything that is neither data nor undefined: macros, loop objects, namespaces,
// bound methods, cyclers, joiners. Attribute access and calls are virtual.
struct ObjectBase : Object {
  // Python's type name, used in messages ("'dict object' has no attribute").
  virtual std::string_view type_name() const = 0;
  // The module of the type when it is not a builtin ("jinja2.runtime" for Macro):
  // Jinja2's messages name such types in full.
  virtual std::string_view python_module() const { return {}; }
  // Sets `out` and returns true when the attribute exists.
  virtual bool getattr(Runtime& rt, std::string_view name, Value& out) const;
  // An attribute the object stores as a Value (an imported module's names), lent
  // without a copy; `hint` is where the caller found it last. Null otherwise.
  virtual const Value* stored_attribute(std::string_view name, uint32_t& hint) const {
    (void)name;
    (void)hint;
    return nullptr;
  }
  // The macro this object is, if it is one (calls print macros straight to the output).
  virtual const struct MacroObj* as_macro() const { return nullptr; }
  // Returns false when the object does not support attribute assignment.
  virtual bool setattr(std::string_view name, Value v);
  virtual bool callable() const { return false; }
  virtual Value call(Runtime& rt, CallArgs& args);
  // Python repr(); str() is the same for every object we model.
  virtual void repr(std::string& out) const;
  // Whether len() applies (generators: no).
  virtual bool has_length() const { return true; }
  // Iterable objects (dict views, ...) fill `out` and return true.
  virtual bool iterate(std::vector<Value>& out) const {
    (void)out;
    return false;
  }
  // Iterables whose items are (key, value) pairs (a dict's items()) fill `out` with them
  // and return true, so that a loop binding two names makes no tuple per item.
  virtual bool iterate_pairs(std::vector<std::pair<Value, Value>>& out) const {
    (void)out;
    return false;
  }
  // One-shot iterators (generators): iterating consumes them; next_value takes one
  // item (false when exhausted).
  virtual bool is_iterator() const { return false; }
  virtual bool next_value(Value& out) const {
    (void)out;
    return false;
  }
  // Whether `obj[i]` and slices work (range, namedtuples; not dict views or iterators).
  virtual bool subscriptable() const { return false; }
  // len() without listing the items, for objects that know it (range).
  virtual bool size(size_t& n) const {
    std::vector<Value> items;
    if (!has_length() || !iterate(items)) return false;
    n = items.size();
    return true;
  }
  // obj[i] for 0 <= i < len (subscriptable objects only).
  virtual Value item_at(size_t i) const {
    std::vector<Value> items;
    iterate(items);
    return items.at(i);
  }
  // For the cycle collector (value/cycles.h): calls `fn` on every Value the object holds.
  // A template can close a cycle through any object that holds a value (`l.append(c)`
  // for a cycler(l)); the collector counts the references listed here, and moves them
  // out to break a cycle that only it keeps alive. An object that holds Values must list
  // them all, or such a cycle is never freed.
  virtual void held_values(const std::function<void(Value&)>& fn) { (void)fn; }
};

// Positional and keyword arguments of a call, already evaluated.
struct CallArgs {
  std::vector<Value> args;
  std::vector<std::pair<std::string, Value>> kwargs;

  // Takes and removes keyword `name`; nullptr when absent.
  bool take_kwarg(std::string_view name, Value& out);
};

}  // namespace wfgen::jinja
