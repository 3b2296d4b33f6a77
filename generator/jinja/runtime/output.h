// Output: the byte buffer a render writes into. Rendering is mostly appending short
// pieces (a run of template text, a value); std::string::append spends more on its
// checks and the call to memcpy than on the copy. Here an append is one capacity test
// and, for pieces up to 32 bytes, a few inline moves.
//
// A streamed Output (stream_to) holds at most one chunk: when it is full, the chunk goes
// to an OutputSink (stdout, a temporary file) and the buffer is reused, so a large output
// never has to fit in memory, and its pages are touched once instead of faulted in anew.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

namespace wfgen::jinja {

// Where a streamed Output sends its bytes, in order, a chunk at a time.
class OutputSink {
 public:
  virtual ~OutputSink() = default;
  virtual void write(std::string_view bytes) = 0;
};

class Output {
 public:
  Output() = default;
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;
  ~Output() { std::free(begin_); }

  void append(const char* p, size_t n) {
    if (static_cast<size_t>(end_ - cur_) < n) grow(n);
    copy(cur_, p, n);
    cur_ += n;
  }
  void append(std::string_view s) { append(s.data(), s.size()); }
  void push_back(char c) {
    if (cur_ == end_) grow(1);
    *cur_++ = c;
  }

  // What the buffer holds now (of a streamed Output: since the last chunk was sent).
  const char* data() const { return begin_; }
  size_t size() const { return static_cast<size_t>(cur_ - begin_); }
  // Every byte appended, the chunks already sent included.
  size_t total() const { return sent_ + size(); }
  // How many more bytes the limit lets it take.
  size_t room() const { return limit_ > total() ? limit_ - total() : 0; }
  bool empty() const { return cur_ == begin_; }
  std::string_view view() const { return {begin_, size()}; }
  std::string str() const { return std::string(view()); }
  void clear() {
    cur_ = begin_;
    sent_ = 0;
    end_ = begin_ + capacity_;
    cap_room();
  }
  // The most bytes the output may have in all (a limit of limits.h, named `limit_name`
  // in the error); checked when it grows, so appending costs nothing more.
  void set_limit(size_t bytes, std::string_view limit_name) {
    limit_ = bytes;
    limit_name_ = limit_name;
    cap_room();
  }
  // From now on, sends the bytes to `sink` whenever `chunk` of them are held (and at
  // flush()). The caller calls flush() once the render is done.
  void stream_to(OutputSink& sink, size_t chunk) {
    sink_ = &sink;
    reserve(chunk);
  }
  // Sends what the buffer holds to the sink (nothing without one).
  void flush();
  // Room for `n` more bytes without growing. Reserving address space touches no memory
  // (pages are faulted in as they are written).
  void reserve(size_t n) {
    if (static_cast<size_t>(end_ - cur_) < n) reallocate(size() + n);
  }

 private:
  // Short pieces with overlapping fixed-size moves (the compiler inlines them); longer
  // ones through memcpy.
  static void copy(char* d, const char* s, size_t n) {
    if (n <= 16) {
      if (n >= 8) {
        move8(d, s);
        move8(d + n - 8, s + n - 8);
      } else if (n >= 4) {
        move4(d, s);
        move4(d + n - 4, s + n - 4);
      } else {
        for (size_t i = 0; i < n; ++i) d[i] = s[i];
      }
    } else if (n <= 32) {
      move16(d, s);
      move16(d + n - 16, s + n - 16);
    } else {
      std::memcpy(d, s, n);
    }
  }
  static void move4(char* d, const char* s) { std::memcpy(d, s, 4); }
  static void move8(char* d, const char* s) { std::memcpy(d, s, 8); }
  static void move16(char* d, const char* s) { std::memcpy(d, s, 16); }

  void grow(size_t n);
  void reallocate(size_t wanted);
  // Room beyond the limit is never used: past it, the next append grows and fails.
  void cap_room() {
    size_t allowed = limit_ > sent_ ? limit_ - sent_ : 0;
    if (static_cast<size_t>(end_ - begin_) > allowed) end_ = std::max(cur_, begin_ + allowed);
  }

  size_t limit_ = static_cast<size_t>(-1);
  std::string_view limit_name_;
  OutputSink* sink_ = nullptr;
  size_t sent_ = 0;       // bytes already given to the sink
  size_t capacity_ = 0;   // what the allocation holds (end_ may stop short of it)
  char* begin_ = nullptr;
  char* cur_ = nullptr;
  char* end_ = nullptr;
};

}  // namespace wfgen::jinja
