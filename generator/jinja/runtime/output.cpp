#include "jinja/runtime/output.h"

#include <algorithm>
#include <new>
#include <string>

#include "jinja/limits.h"

namespace wfgen::jinja {

void Output::grow(size_t n) {
  size_t used = total();
  if (n > limit_ || used > limit_ - n)
    limit_exceeded("the output would be " + std::to_string(used + n) + " bytes long", limit_name_,
                   limit_);
  if (sink_) {
    // A full chunk goes out and the buffer is reused; a piece larger than a chunk makes
    // the buffer that large.
    flush();
    if (capacity_ < n) reallocate(n);
    end_ = begin_ + capacity_;
    cap_room();
    return;
  }
  // Doubling, but never past the limit: beyond it every append must come back here.
  size_t doubled = std::min(std::max(capacity_ * 2, size_t{256}), limit_);
  reallocate(std::max(size() + n, doubled));
}

void Output::flush() {
  if (!sink_ || cur_ == begin_) return;
  sink_->write(view());
  sent_ += size();
  cur_ = begin_;
}

void Output::reallocate(size_t wanted) {
  size_t used = size();
  auto* p = static_cast<char*>(std::realloc(begin_, wanted));
  if (!p) throw std::bad_alloc();
  begin_ = p;
  cur_ = p + used;
  end_ = p + wanted;
  capacity_ = wanted;
}

}  // namespace wfgen::jinja
