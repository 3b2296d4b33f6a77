// JSON -> ordered_json with a SAX handler, because nlohmann's DOM parser silently keeps
// the last of two duplicate keys; a counting iterator gives the offset for messages.
#include <iterator>
#include <unordered_set>
#include <vector>

#include "data/load.h"
#include "jinja/limits.h"

namespace wfgen::data {

namespace {

// A char iterator that records how far the parser has read.
struct CountingIterator {
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  const char* p = nullptr;
  const char** furthest = nullptr;

  reference operator*() const { return *p; }
  CountingIterator& operator++() {
    ++p;
    if (p > *furthest) *furthest = p;
    return *this;
  }
  CountingIterator operator++(int) {
    CountingIterator old = *this;
    ++*this;
    return old;
  }
  bool operator==(const CountingIterator& o) const { return p == o.p; }
  bool operator!=(const CountingIterator& o) const { return p != o.p; }
};

struct DuplicateKey {
  std::string key;
  size_t offset;
};

// Well-formed, but beyond a limit (nesting) or what a document can hold.
struct Refused {
  std::string message;
  size_t offset;
};

class Builder : public nlohmann::json_sax<Json> {
 public:
  Builder(const char* begin, const char** furthest)
      : begin_(begin), furthest_(furthest), max_depth_(jinja::active_limits().max_depth) {}

  Json result;

  bool null() override { return put(nullptr); }
  bool boolean(bool v) override { return put(v); }
  bool number_integer(number_integer_t v) override { return put(v); }
  bool number_unsigned(number_unsigned_t v) override { return put(v); }
  // Out of range, Python's float() gives inf, -inf or 0.0, as strtod does here; an
  // integer beyond 64 bits arrives here too, and a document cannot hold it.
  bool number_float(number_float_t v, const string_t& raw) override {
    if (raw.find_first_of(".eE") == string_t::npos)
      throw Refused{"the integer " + (raw.size() > 40 ? raw.substr(0, 40) + "..." : raw) +
                        " does not fit in 64 bits",
                    offset() - raw.size()};
    return put(v);
  }
  bool string(string_t& v) override { return put(v); }
  bool binary(binary_t&) override { return false; }
  bool start_object(std::size_t) override {
    enter();
    frames_.push_back({Json::object(), {}, {}});
    return true;
  }
  bool key(string_t& k) override {
    Frame& f = frames_.back();
    if (!f.keys.insert(k).second) {
      // The lexer has just read the key's closing quote.
      size_t end = static_cast<size_t>(*furthest_ - begin_);
      throw DuplicateKey{k, end >= k.size() + 2 ? end - k.size() - 2 : 0};
    }
    f.pending_key = k;
    return true;
  }
  bool end_object() override { return finish(); }
  bool start_array(std::size_t) override {
    enter();
    frames_.push_back({Json::array(), {}, {}});
    return true;
  }
  bool end_array() override { return finish(); }
  // nlohmann refuses a float beyond a double's range (Python reads it as inf): say so. The
  // parser has read one character past the number.
  bool parse_error(std::size_t, const std::string& token,
                   const nlohmann::detail::exception& e) override {
    if (e.id == 406)
      throw Refused{"the number " + token + " is beyond a double's range (write it as a string)",
                    offset() > token.size() ? offset() - token.size() - 1 : 0};
    return false;
  }

 private:
  // The parser has just read the bracket.
  size_t offset() const { return static_cast<size_t>(*furthest_ - begin_); }
  void enter() {
    if (frames_.size() < max_depth_) return;
    throw Refused{jinja::limit_message("data nested more than " + std::to_string(max_depth_) +
                                           " levels deep",
                                       "max_depth", max_depth_),
                  offset() - 1};
  }
  struct Frame {
    Json value;
    std::string pending_key;
    std::unordered_set<std::string> keys;
  };
  bool put(Json v) {
    if (frames_.empty()) {
      result = std::move(v);
    } else if (frames_.back().value.is_object()) {
      // The key is new (key() checked): appended, not looked up in the object's list first
      // (an object of 100,000 keys would take quadratic time).
      frames_.back().value.get_ref<Json::object_t&>().emplace_back(
          std::move(frames_.back().pending_key), std::move(v));
    } else {
      frames_.back().value.push_back(std::move(v));
    }
    return true;
  }
  bool finish() {
    Json v = std::move(frames_.back().value);
    frames_.pop_back();
    return put(std::move(v));
  }
  const char* begin_;
  const char** furthest_;
  size_t max_depth_;
  std::vector<Frame> frames_;
};

}  // namespace

Document parse_json(std::string text, std::string file) {
  Document doc(std::move(file), std::move(text));
  const char* begin = doc.text().data();
  const char* end = begin + doc.text().size();
  // nlohmann's lexer takes a NUL byte for the end of the input, so `{"a": 1}` followed by
  // a NUL and anything would pass. No valid JSON holds a raw NUL (in a string it must be
  // escaped). Found by fuzz/json_fuzz.cpp.
  if (size_t nul = doc.text().find('\0'); nul != std::string::npos)
    throw doc.error_at(mark_at(doc.text(), nul), "invalid JSON: a NUL byte");
  const char* furthest = begin;
  Builder builder(begin, &furthest);
  bool ok = false;
  try {
    ok = Json::sax_parse(CountingIterator{begin, &furthest}, CountingIterator{end, &furthest},
                         &builder);
  } catch (const DuplicateKey& d) {
    throw doc.error_at(mark_at(doc.text(), d.offset), "duplicate key '" + d.key + "'");
  } catch (const Refused& r) {
    throw doc.error_at(mark_at(doc.text(), r.offset), r.message);
  }
  if (!ok) {
    // The parser stops just past the offending character.
    size_t off = static_cast<size_t>(furthest - begin);
    throw doc.error_at(mark_at(doc.text(), off ? off - 1 : 0), "invalid JSON");
  }
  doc.root() = std::move(builder.result);
  return doc;
}

}  // namespace wfgen::data
