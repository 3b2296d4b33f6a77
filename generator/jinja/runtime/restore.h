// Sets a slot of the renderer's state for as long as it lives, then puts the old value
// back (on every path out, exceptions included).
#pragma once

#include <utility>

namespace wfgen::jinja {

template <class T>
struct Restore {
  T& slot;
  T saved;
  Restore(T& s, T value) : slot(s), saved(std::move(s)) { slot = std::move(value); }
  ~Restore() { slot = std::move(saved); }
  Restore(const Restore&) = delete;
  Restore& operator=(const Restore&) = delete;
};

}  // namespace wfgen::jinja
