// lint::What: a text for a message, or a function that composes it when a finding needs it.
#pragma once

#include <string>
#include <string_view>
#include <type_traits>

namespace wfgen::lint {

// What a message calls a value ("'timeout-minutes'", "step 2 of job 'build'"): a text,
// or a function that composes it, called only when a finding needs it. Rules name
// thousands of values that have no finding; composing each name up front was a third of
// some rules' time. A What lives only as long as the call it is passed to.
class What {
 public:
  What(std::string_view text) : text_(text) {}
  What(const char* text) : text_(text) {}
  What(const std::string& text) : text_(text) {}
  template <class F, class = std::enable_if_t<std::is_invocable_r_v<std::string, const F&>>>
  What(const F& compose)
      : compose_(&compose),
        call_([](const void* f) -> std::string { return (*static_cast<const F*>(f))(); }) {}

  std::string str() const { return call_ ? call_(compose_) : std::string(text_); }

 private:
  std::string_view text_;
  const void* compose_ = nullptr;
  std::string (*call_)(const void*) = nullptr;
};

}  // namespace wfgen::lint
