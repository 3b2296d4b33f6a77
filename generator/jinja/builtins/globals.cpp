// Jinja2's default global functions: range, dict, lipsum, cycler, joiner, namespace.
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "jinja/builtins/helpers.h"
#include "jinja/builtins/namespace.h"
#include "jinja/error.h"
#include "jinja/python/call_args.h"
#include "jinja/python/index.h"
#include "jinja/python/markup.h"
#include "jinja/python/ops.h"
#include "jinja/python/unicode_case.h"

namespace wfgen::jinja::builtins {

namespace {

// Python's range object: lazy (len, indexing and printing need no items), exact for any
// ints (a huge step or bounds beyond 64 bits list the right items), iterable up to
// max_items items; len() of one longer than Py_ssize_t raises OverflowError as Python's.
struct RangeObject : ObjectBase {
  Value start, stop, step;  // ints
  BigInt length;            // exact, >= 0
  bool small = false;       // every item and the length fit int64: the fast path
  RangeObject(Value a, Value b, Value s)
      : start(std::move(a)), stop(std::move(b)), step(std::move(s)) {
    BigInt lo = start.to_bigint(), hi = stop.to_bigint(), by = step.to_bigint();
    BigInt span = by.negative() ? lo - hi : hi - lo;
    if (!span.negative() && !span.is_zero()) {
      BigInt q, r;
      BigInt::floor_divmod(span - BigInt(1), by.negative() ? -by : by, q, r);
      length = q + BigInt(1);
    }
    small = start.kind() == Kind::Int && stop.kind() == Kind::Int && step.kind() == Kind::Int &&
            length.fits_int64();
  }
  void held_values(const std::function<void(Value&)>& fn) override {
    fn(start);
    fn(stop);
    fn(step);
  }
  int64_t count() const {
    if (!length.fits_int64())
      throw_error(ErrorKind::Runtime, "Python int too large to convert to C ssize_t");
    return length.to_int64();
  }
  Value item(int64_t i) const {
    if (small) {  // start + i * step lies between start and stop: wrapping math is exact
      uint64_t v = static_cast<uint64_t>(start.as_int()) +
                   static_cast<uint64_t>(i) * static_cast<uint64_t>(step.as_int());
      return Value::integer(static_cast<int64_t>(v));
    }
    return Value::integer(start.to_bigint() + BigInt(i) * step.to_bigint());
  }
  std::string_view type_name() const override { return "range"; }
  bool getattr(Runtime&, std::string_view name, Value& out) const override {
    if (name == "start")
      out = start;
    else if (name == "stop")
      out = stop;
    else if (name == "step")
      out = step;
    else
      return false;
    return true;
  }
  bool subscriptable() const override { return true; }
  bool size(size_t& n) const override {
    n = static_cast<size_t>(count());
    return true;
  }
  Value item_at(size_t i) const override { return item(static_cast<int64_t>(i)); }
  bool iterate(std::vector<Value>& out) const override {
    size_t limit = active_limits().max_items;
    if (!length.fits_int64() || static_cast<uint64_t>(length.to_int64()) > limit)
      limit_exceeded("iterating a range of " + length.to_string() + " items", "max_items", limit);
    int64_t n = length.to_int64();
    out.clear();
    out.reserve(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) out.push_back(item(i));
    return true;
  }
  void repr(std::string& out) const override {
    out += "range(" + to_repr(start) + ", " + to_repr(stop);
    if (!(step.kind() == Kind::Int && step.as_int() == 1)) out += ", " + to_repr(step);
    out += ')';
  }
};

// A bound method of a builtin object (cycler.next, cycler.reset), holding its object.
template <typename Self>
struct BoundMethod : ObjectBase {
  using Fn = Value (*)(Self&, Runtime&, CallArgs&);
  Value self;  // the Self
  Fn fn;
  std::string_view name;
  BoundMethod(Self* s, Fn f, std::string_view n) : self(Value::object(s)), fn(f), name(n) {}
  std::string_view type_name() const override { return "method"; }
  bool callable() const override { return true; }
  Value call(Runtime& rt, CallArgs& args) override {
    return fn(static_cast<Self&>(self.obj()), rt, args);
  }
  void held_values(const std::function<void(Value&)>& fn) override { fn(self); }
  void repr(std::string& out) const override {
    out += "<bound method ";
    out += name;
    out += '>';
  }
};

struct Cycler : ObjectBase {
  std::vector<Value> items;
  size_t pos = 0;
  std::string_view type_name() const override { return "Cycler"; }
  std::string_view python_module() const override { return "jinja2.utils"; }

  static Value next(Cycler& self, Runtime&, CallArgs& args) {
    ArgBinder bind({"Cycler.next", {"self"}, {}}, args);
    Value rv = self.items[self.pos];
    self.pos = (self.pos + 1) % self.items.size();
    return rv;
  }
  static Value reset(Cycler& self, Runtime&, CallArgs& args) {
    ArgBinder bind({"Cycler.reset", {"self"}, {}}, args);
    self.pos = 0;
    return Value::none();
  }

  bool getattr(Runtime&, std::string_view name, Value& out) const override {
    auto* self = const_cast<Cycler*>(this);
    if (name == "current") {
      out = items[pos];
    } else if (name == "items") {
      out = Value::tuple(items);
    } else if (name == "pos") {
      out = Value::integer(static_cast<int64_t>(pos));
    } else if (name == "next" || name == "__next__") {
      out = Value::object(new BoundMethod<Cycler>(self, &Cycler::next, "Cycler.next"));
    } else if (name == "reset") {
      out = Value::object(new BoundMethod<Cycler>(self, &Cycler::reset, "Cycler.reset"));
    } else {
      return false;
    }
    return true;
  }
  void repr(std::string& out) const override { out += "<jinja2.utils.Cycler object>"; }
  void held_values(const std::function<void(Value&)>& fn) override {
    for (Value& item : items) fn(item);
  }
};

struct Joiner : ObjectBase {
  std::string sep;
  bool used = false;
  explicit Joiner(std::string s) : sep(std::move(s)) {}
  std::string_view type_name() const override { return "Joiner"; }
  std::string_view python_module() const override { return "jinja2.utils"; }
  bool callable() const override { return true; }
  Value call(Runtime&, CallArgs& args) override {
    ArgBinder bind({"Joiner.__call__", {"self"}, {}}, args);
    if (!used) {
      used = true;
      return Value::string("");
    }
    return Value::string(sep);
  }
  bool getattr(Runtime&, std::string_view name, Value& out) const override {
    if (name == "sep")
      out = Value::string(sep);
    else if (name == "used")
      out = Value::boolean(used);
    else
      return false;
    return true;
  }
  void repr(std::string& out) const override { out += "<jinja2.utils.Joiner object>"; }
};

// dict(*args, **kwargs) as Python builds it: a mapping or an iterable of pairs, then kwargs.
Value build_dict(std::string_view func, CallArgs& args) {
  if (args.args.size() > 1) {
    throw_type_error(std::string(func) + " expected at most 1 argument, got " +
                     std::to_string(args.args.size()));
  }
  Value out = Value::dict();
  if (!args.args.empty()) {
    const Value& source = args.args[0];
    if (source.is_dict()) {
      for (const auto& [k, v] : source.dict_obj().entries()) out.dict_obj().set(k, v);
    } else {
      size_t index = 0;
      for (const Value& pair : iterate(source)) {
        std::vector<Value> kv;
        if (pair.is_sequence() || pair.is_string())
          kv = iterate(pair);
        else
          throw_type_error("cannot convert dictionary update sequence element #" +
                           std::to_string(index) + " to a sequence");
        if (kv.size() != 2) {
          throw_error(ErrorKind::Value, "dictionary update sequence element #" +
                                            std::to_string(index) + " has length " +
                                            std::to_string(kv.size()) + "; 2 is required");
        }
        hash_value(kv[0]);
        out.dict_obj().set(kv[0], kv[1]);
        ++index;
      }
    }
  }
  for (auto& [name, value] : args.kwargs) out.dict_obj().set(Value::string(name), value);
  return out;
}

// A small fixed-seed generator (SplitMix64) for lipsum: same output on every render.
struct SplitMix {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Python's randrange(lo, hi): lo <= n < hi.
  int64_t randrange(int64_t lo, int64_t hi) {
    if (hi <= lo) {
      throw_error(ErrorKind::Value, "empty range for randrange() (" + std::to_string(lo) + ", " +
                                        std::to_string(hi) + ", " + std::to_string(hi - lo) + ")");
    }
    return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo));
  }
};

// Python 3.11's randrange() argument conversion: an int, or (deprecated) anything
// int() converts to an equal value; `what` is "arg 1" or "stop".
int64_t randrange_arg(const Value& v, std::string_view what) {
  if (v.kind() == Kind::Int || v.is_bool() || v.kind() == Kind::BigInt) return to_index(v);
  if (v.is_float()) {
    double d = v.as_float();
    if (!std::isfinite(d) || std::trunc(d) != d) {
      throw_error(ErrorKind::Value, "non-integer " + std::string(what) + " for randrange()");
    }
    return to_index(int_from_double(d));
  }
  if (v.is_string()) {
    std::optional<Value> parsed = parse_int(v.as_string(), 10);
    if (!parsed) {
      throw_error(ErrorKind::Value, "invalid literal for int() with base 10: " + to_repr(v));
    }
    // int('5') == 5 but '5' != 5: Python rejects it after converting.
    throw_error(ErrorKind::Value, "non-integer " + std::string(what) + " for randrange()");
  }
  if (v.is_undefined()) raise_undefined(v);
  throw_type_error("int() argument must be a string, a bytes-like object or a real number, not '" +
                   std::string(type_name(v)) + "'");
}

constexpr const char* kLoremWords[] = {
    "a",          "ac",          "accumsan",     "ad",           "adipiscing",  "aenean",
    "aliquam",    "aliquet",     "amet",         "ante",         "aptent",      "arcu",
    "at",         "auctor",      "augue",        "bibendum",     "blandit",     "class",
    "commodo",    "condimentum", "congue",       "consectetuer", "consequat",   "conubia",
    "convallis",  "cras",        "cubilia",      "cum",          "curabitur",   "curae",
    "cursus",     "dapibus",     "diam",         "dictum",       "dictumst",    "dignissim",
    "dis",        "dolor",       "donec",        "dui",          "duis",        "egestas",
    "eget",       "eleifend",    "elementum",    "elit",         "enim",        "erat",
    "eros",       "est",         "et",           "etiam",        "eu",          "euismod",
    "facilisi",   "facilisis",   "fames",        "faucibus",     "felis",       "fermentum",
    "feugiat",    "fringilla",   "fusce",        "gravida",      "habitant",    "habitasse",
    "hac",        "hendrerit",   "hymenaeos",    "iaculis",      "id",          "imperdiet",
    "in",         "inceptos",    "integer",      "interdum",     "ipsum",       "justo",
    "lacinia",    "lacus",       "laoreet",      "lectus",       "leo",         "libero",
    "ligula",     "litora",      "lobortis",     "lorem",        "luctus",      "maecenas",
    "magna",      "magnis",      "malesuada",    "massa",        "mattis",      "mauris",
    "metus",      "mi",          "molestie",     "mollis",       "montes",      "morbi",
    "mus",        "nam",         "nascetur",     "natoque",      "nec",         "neque",
    "netus",      "nibh",        "nisi",         "nisl",         "non",         "nonummy",
    "nostra",     "nulla",       "nullam",       "nunc",         "odio",        "orci",
    "ornare",     "parturient",  "pede",         "pellentesque", "penatibus",   "per",
    "pharetra",   "phasellus",   "placerat",     "platea",       "porta",       "porttitor",
    "posuere",    "potenti",     "praesent",     "pretium",      "primis",      "proin",
    "pulvinar",   "purus",       "quam",         "quis",         "quisque",     "rhoncus",
    "ridiculus",  "risus",       "rutrum",       "sagittis",     "sapien",      "scelerisque",
    "sed",        "sem",         "semper",       "senectus",     "sit",         "sociis",
    "sociosqu",   "sodales",     "sollicitudin", "suscipit",     "suspendisse", "taciti",
    "tellus",     "tempor",      "tempus",       "tincidunt",    "torquent",    "tortor",
    "tristique",  "turpis",      "ullamcorper",  "ultrices",     "ultricies",   "urna",
    "ut",         "varius",      "vehicula",     "vel",          "velit",       "venenatis",
    "vestibulum", "vitae",       "vivamus",      "viverra",      "volutpat",    "vulputate"};

}  // namespace

Value global_range(Runtime&, CallArgs& args) {
  if (!args.kwargs.empty()) throw_type_error("range() takes no keyword arguments");
  size_t n = args.args.size();
  if (n == 0) throw_type_error("range expected at least 1 argument, got 0");
  if (n > 3) throw_type_error("range expected at most 3 arguments, got " + std::to_string(n));
  // Python takes any int (operator.index): a bool is 0 or 1, a float is refused.
  auto index = [](const Value& v) {
    if (v.is_bool()) return Value::integer(v.as_bool() ? 1 : 0);
    if (!v.is_int()) to_index(v);  // raises Python's TypeError
    return v;
  };
  Value start = Value::integer(0), stop, step = Value::integer(1);
  if (n == 1) {
    stop = index(args.args[0]);
  } else {
    start = index(args.args[0]);
    stop = index(args.args[1]);
    if (n == 3) step = index(args.args[2]);
  }
  if (step.kind() == Kind::Int && step.as_int() == 0)
    throw_error(ErrorKind::Value, "range() arg 3 must not be zero");
  return Value::object(new RangeObject(std::move(start), std::move(stop), std::move(step)));
}

Value global_dict(Runtime&, CallArgs& args) {
  return build_dict("dict", args);
}

Value global_namespace(Runtime&, CallArgs& args) {
  return Value::object(new Namespace(build_dict("dict", args)));
}

Value global_cycler(Runtime&, CallArgs& args) {
  if (!args.kwargs.empty()) {
    throw_type_error("Cycler.__init__() got an unexpected keyword argument '" +
                     args.kwargs.front().first + "'");
  }
  if (args.args.empty()) throw_error(ErrorKind::Runtime, "at least one item has to be provided");
  auto* cycler = new Cycler();
  cycler->items = std::move(args.args);
  return Value::object(cycler);
}

Value global_joiner(Runtime&, CallArgs& args) {
  ArgBinder bind({"Joiner.__init__", {"self"}, {"sep"}}, args);
  return Value::object(new Joiner(to_str(bind.get(0, Value::string(", ")))));
}

// Jinja2's generate_lorem_ipsum with its paragraph/sentence/comma rules, but drawing
// from a fixed-seed generator instead of Python's random module: deterministic
// output is a product requirement (the words differ from Python's random ones).
Value global_lipsum(Runtime&, CallArgs& args) {
  ArgBinder bind({"generate_lorem_ipsum", {}, {"n", "html", "min", "max"}}, args);
  int64_t n = to_index(bind.get(0, Value::integer(5)));
  bool html = truthy(bind.get(1, Value::boolean(true)));
  Value min_v = bind.get(2, Value::integer(20)), max_v = bind.get(3, Value::integer(100));
  constexpr size_t kWords = sizeof(kLoremWords) / sizeof(kLoremWords[0]);
  SplitMix rng{0x11F5EED};
  std::vector<std::string> paragraphs;
  // Every paragraph takes at least 2 bytes, and every word: refuse what cannot fit first.
  if (n > 0) check_string_size(static_cast<uint64_t>(n), 2, 0, "the result of lipsum()");
  size_t total = 0;
  for (int64_t p = 0; p < n; ++p) {
    bool next_capitalized = true;
    int64_t last_comma = 0, last_fullstop = 0;
    const char* last = nullptr;
    std::vector<std::string> words;
    int64_t lo = randrange_arg(min_v, "arg 1");  // in Python's order: start, then stop
    int64_t hi = randrange_arg(max_v, "stop");
    int64_t count = rng.randrange(lo, hi);
    if (count > 0) check_string_size(static_cast<uint64_t>(count), 2, total, "the result of lipsum()");
    for (int64_t idx = 0; idx < count; ++idx) {
      const char* pick;
      do {
        pick = kLoremWords[rng.next() % kWords];
      } while (pick == last);
      last = pick;
      std::string word = pick;
      if (next_capitalized) {
        word = utf8::capitalize(word);
        next_capitalized = false;
      }
      if (idx - rng.randrange(3, 8) > last_comma) {
        last_comma = idx;
        last_fullstop += 2;
        word += ',';
      }
      if (idx - rng.randrange(10, 20) > last_fullstop) {
        last_comma = last_fullstop = idx;
        word += '.';
        next_capitalized = true;
      }
      words.push_back(std::move(word));
    }
    std::string text;
    for (size_t i = 0; i < words.size(); ++i) {
      if (i) text += ' ';
      text += words[i];
    }
    if (!text.empty() && text.back() == ',')
      text.back() = '.';
    else if (text.empty() || text.back() != '.')
      text += '.';
    total += text.size() + 2;
    check_string_size(total, "the result of lipsum()");
    paragraphs.push_back(std::move(text));
  }
  std::string out;
  for (size_t i = 0; i < paragraphs.size(); ++i) {
    if (html) {
      if (i) out += '\n';
      out += "<p>" + html_escape(paragraphs[i]) + "</p>";
    } else {
      if (i) out += "\n\n";
      out += paragraphs[i];
    }
  }
  return Value::string(std::move(out));
}

}  // namespace wfgen::jinja::builtins
