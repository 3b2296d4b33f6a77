#include "yaml/arena.h"

namespace wfgen::yaml {

void Arena::grow(size_t at_least) {
  // Blocks double up to 1 MiB so small texts stay small and big ones take few blocks.
  size_t size = blocks_.empty() ? first_block_ : std::min(reserved_, size_t{1} << 20);
  if (size < at_least) size = at_least;
  blocks_.push_back(std::make_unique_for_overwrite<char[]>(size));
  next_ = blocks_.back().get();
  end_ = next_ + size;
  reserved_ += size;
}

}  // namespace wfgen::yaml
