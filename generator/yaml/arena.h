// Arena: bump allocation for the node tree. Nodes, child arrays and decoded scalars are
// allocated in large blocks and freed together with the tree; nothing is freed one by one.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

namespace wfgen::yaml {

class Arena {
 public:
  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  Arena(Arena&&) = default;
  Arena& operator=(Arena&&) = default;

  // `size` bytes aligned for any object we store (pointers, 64-bit numbers).
  void* allocate(size_t size) {
    size = (size + 7) & ~size_t{7};
    if (size > static_cast<size_t>(end_ - next_)) grow(size);
    void* p = next_;
    next_ += size;
    return p;
  }
  template <class T>
  T* make_array(size_t n) {
    return static_cast<T*>(allocate(n * sizeof(T)));
  }
  // A copy of `s` that lives as long as the arena.
  std::string_view copy(std::string_view s) {
    if (s.empty()) return {};
    char* p = static_cast<char*>(allocate(s.size()));
    std::memcpy(p, s.data(), s.size());
    return {p, s.size()};
  }
  // Bytes allocated so far from the system (for the benchmark's memory figure).
  size_t reserved() const { return reserved_; }
  // Sizes the first block for the tree of a `bytes`-long text: ~4 bytes of nodes a byte
  // of text and a fixed part, up to the usual 16 KiB (a linter holding 10,000 small
  // workflows at once otherwise holds 16 KiB for each 4 KiB tree).
  void expect_text(size_t bytes) {
    first_block_ = std::min(bytes * 4 + (size_t{2} << 10), kFirstBlock);
  }

 private:
  void grow(size_t at_least);

  static constexpr size_t kFirstBlock = size_t{16} << 10;

  std::vector<std::unique_ptr<char[]>> blocks_;
  size_t first_block_ = kFirstBlock;
  char* next_ = nullptr;
  char* end_ = nullptr;
  size_t reserved_ = 0;
};

}  // namespace wfgen::yaml
