// Output: the byte buffer a render writes into. Rendering is mostly appending short
// pieces (a run of template text, a value); std::string::append spends more on its
// checks and the call to memcpy than on the copy. Here an append is one capacity test
// and, for pieces up to 32 bytes, a few inline moves.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

namespace wfgen::jinja {

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

  const char* data() const { return begin_; }
  size_t size() const { return static_cast<size_t>(cur_ - begin_); }
  bool empty() const { return cur_ == begin_; }
  std::string_view view() const { return {begin_, size()}; }
  std::string str() const { return std::string(view()); }
  void clear() { cur_ = begin_; }
  // The most bytes the buffer may hold (a limit of limits.h, named `limit_name` in the
  // error); checked when it grows, so appending costs nothing more.
  void set_limit(size_t bytes, std::string_view limit_name) {
    limit_ = bytes;
    limit_name_ = limit_name;
    // Room beyond the limit is never used: past it, the next append grows and fails.
    if (static_cast<size_t>(end_ - begin_) > bytes) end_ = std::max(cur_, begin_ + bytes);
  }
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

  size_t limit_ = static_cast<size_t>(-1);
  std::string_view limit_name_;
  char* begin_ = nullptr;
  char* cur_ = nullptr;
  char* end_ = nullptr;
};

}  // namespace wfgen::jinja
