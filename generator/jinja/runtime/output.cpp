#include "jinja/runtime/output.h"

#include <algorithm>
#include <new>
#include <string>

#include "jinja/limits.h"

namespace wfgen::jinja {

void Output::grow(size_t n) {
  size_t used = size();
  if (n > limit_ || used > limit_ - n)
    limit_exceeded("the output would be " + std::to_string(used + n) + " bytes long", limit_name_,
                   limit_);
  size_t capacity = static_cast<size_t>(end_ - begin_);
  // Doubling, but never past the limit: beyond it every append must come back here.
  size_t doubled = std::min(std::max(capacity * 2, size_t{256}), limit_);
  reallocate(std::max(used + n, doubled));
}

void Output::reallocate(size_t wanted) {
  size_t used = size();
  auto* p = static_cast<char*>(std::realloc(begin_, wanted));
  if (!p) throw std::bad_alloc();
  begin_ = p;
  cur_ = p + used;
  end_ = p + wanted;
}

}  // namespace wfgen::jinja
