// JSON -> ordered_json with a SAX handler, because nlohmann's DOM parser silently keeps
// the last of two duplicate keys; a counting iterator gives the offset for messages.
#include <iterator>
#include <unordered_set>
#include <vector>

#include "data/load.h"

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

class Builder : public nlohmann::json_sax<Json> {
 public:
  Builder(const char* begin, const char** furthest) : begin_(begin), furthest_(furthest) {}

  Json result;

  bool null() override { return put(nullptr); }
  bool boolean(bool v) override { return put(v); }
  bool number_integer(number_integer_t v) override { return put(v); }
  bool number_unsigned(number_unsigned_t v) override { return put(v); }
  bool number_float(number_float_t v, const string_t&) override { return put(v); }
  bool string(string_t& v) override { return put(v); }
  bool binary(binary_t&) override { return false; }
  bool start_object(std::size_t) override {
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
    frames_.push_back({Json::array(), {}, {}});
    return true;
  }
  bool end_array() override { return finish(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  struct Frame {
    Json value;
    std::string pending_key;
    std::unordered_set<std::string> keys;
  };
  bool put(Json v) {
    if (frames_.empty()) {
      result = std::move(v);
    } else if (frames_.back().value.is_object()) {
      frames_.back().value[frames_.back().pending_key] = std::move(v);
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
  std::vector<Frame> frames_;
};

}  // namespace

Document parse_json(std::string text, std::string file) {
  Document doc(std::move(file), std::move(text));
  const char* begin = doc.text().data();
  const char* end = begin + doc.text().size();
  const char* furthest = begin;
  Builder builder(begin, &furthest);
  bool ok = false;
  try {
    ok = Json::sax_parse(CountingIterator{begin, &furthest}, CountingIterator{end, &furthest},
                         &builder);
  } catch (const DuplicateKey& d) {
    throw doc.error_at(mark_at(doc.text(), d.offset), "duplicate key '" + d.key + "'");
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
