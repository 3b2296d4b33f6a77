#include "jinja/limits.h"

#include <pthread.h>

#include <cstdint>

#include "jinja/error.h"

namespace wfgen::jinja {

namespace {

const LimitOption kLimits[] = {
    {"max_nesting", "Nesting of expressions and statements in a template", &Limits::max_nesting},
    {"max_depth", "Nesting of lists and dicts (data, printing, comparing)", &Limits::max_depth},
    {"max_recursion", "Nested macro calls, includes, imports; extends chain",
     &Limits::max_recursion},
    {"max_string", "Bytes of one string", &Limits::max_string},
    {"max_items", "Items of one list, dict or iterated range", &Limits::max_items},
    {"max_int_digits", "Digits of an int converted from or to a string", &Limits::max_int_digits},
    {"max_output", "Bytes of one rendered output", &Limits::max_output},
    {"max_steps", "Loop iterations, calls and compared items of one render",
     &Limits::max_steps},
};

const Limits kDefaults;
thread_local const Limits* active = &kDefaults;

// The lowest address this thread's stack may reach before we refuse to go deeper: a
// quarter of the stack (at least 256 KiB) stays free for the work between checks and
// for the error's own unwinding.
uintptr_t stack_floor() {
  thread_local uintptr_t floor = 0;
  if (floor) return floor;
  pthread_attr_t attr;
  void* addr = nullptr;
  size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    pthread_attr_getstack(&attr, &addr, &size);
    pthread_attr_destroy(&attr);
  }
  if (!addr || !size) {  // unknown: assume the common 8 MiB below this frame
    size = size_t{8} << 20;
    addr = static_cast<char*>(__builtin_frame_address(0)) - size + (size_t{64} << 10);
  }
  size_t reserve = size / 4 > (size_t{256} << 10) ? size / 4 : size_t{256} << 10;
  floor = reinterpret_cast<uintptr_t>(addr) + reserve;
  return floor;
}

}  // namespace

thread_local size_t DepthGuard::depth_ = 0;

std::span<const LimitOption> limit_options() {
  return kLimits;
}

const Limits& active_limits() {
  return *active;
}

LimitsScope::LimitsScope(const Limits& limits) : saved_(active) {
  active = &limits;
}

LimitsScope::~LimitsScope() {
  active = saved_;
}

std::string limit_message(const std::string& what, std::string_view name, size_t limit) {
  return what + " (limit " + std::string(name) + " = " + std::to_string(limit) + ")";
}

void limit_exceeded(const std::string& what, std::string_view name, size_t limit) {
  throw_error(ErrorKind::Limit, limit_message(what, name, limit));
}

void check_string_size(size_t size, std::string_view what) {
  size_t limit = active->max_string;
  if (size > limit)
    limit_exceeded(std::string(what) + " would be " + std::to_string(size) + " bytes long",
                   "max_string", limit);
}

void check_string_size(uint64_t count, uint64_t each, uint64_t extra, std::string_view what) {
  unsigned __int128 total = static_cast<unsigned __int128>(count) * each + extra;
  size_t limit = active->max_string;
  if (total <= limit) return;
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(total % 10)));
    total /= 10;
  } while (total);
  limit_exceeded(std::string(what) + " would be " + digits + " bytes long", "max_string", limit);
}

namespace detail {
thread_local uint64_t steps_left = UINT64_MAX;
}

namespace {
thread_local size_t budgets_open = 0;  // StepBudgets alive on this thread
}

void steps_exhausted() {
  const size_t limit = active->max_steps;
  detail::steps_left = 0;
  limit_exceeded("the render took more than " + std::to_string(limit) +
                     " steps (loop iterations, calls and compared items)",
                 "max_steps", limit);
}

StepBudget::StepBudget() {
  if (budgets_open++ == 0) detail::steps_left = active->max_steps;
}

StepBudget::~StepBudget() {
  if (--budgets_open == 0) detail::steps_left = UINT64_MAX;
}

void check_items(size_t count, std::string_view what) {
  size_t limit = active->max_items;
  if (count > limit)
    limit_exceeded(std::string(what) + " would have " + std::to_string(count) + " items",
                   "max_items", limit);
}

const char* out_of_memory_message() {
  return "error: out of memory (lower the limits: wfgen.yml's `limits:` or the --max-... "
         "flags; see docs/limits.md)\n";
}

bool stack_exhausted() {
  return reinterpret_cast<uintptr_t>(__builtin_frame_address(0)) < stack_floor();
}

void raise_stack_exhausted() {
  throw_error(ErrorKind::Limit,
              "nesting too deep for the C++ stack (lower max_nesting, max_depth or "
              "max_recursion, or raise the stack size)");
}

void DepthGuard::fail(std::string_view what) {
  size_t depth = depth_--;
  if (depth <= active->max_depth) raise_stack_exhausted();
  limit_exceeded(std::string(what) + " nested more than " + std::to_string(active->max_depth) +
                     " levels deep",
                 "max_depth", active->max_depth);
}

}  // namespace wfgen::jinja
