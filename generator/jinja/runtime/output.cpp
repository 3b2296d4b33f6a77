#include "jinja/runtime/output.h"

#include <algorithm>
#include <new>

namespace wfgen::jinja {

void Output::grow(size_t n) {
  size_t used = size();
  size_t capacity = static_cast<size_t>(end_ - begin_);
  size_t wanted = std::max({used + n, capacity * 2, size_t{256}});
  auto* p = static_cast<char*>(std::realloc(begin_, wanted));
  if (!p) throw std::bad_alloc();
  begin_ = p;
  cur_ = p + used;
  end_ = p + wanted;
}

}  // namespace wfgen::jinja
