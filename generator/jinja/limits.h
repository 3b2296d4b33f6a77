// Limits: how deep and how big templates, values and outputs may get. Templates and data
// come from anyone who opens a pull request, so every limit ends in a positioned error,
// never a crash, a hang or an exhausted machine. The defaults are generous for real CI;
// docs/limits.md gives each one's reason. The manifest's `limits:` section and the
// `--max-...` flags set them through the descriptors below.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace wfgen::jinja {

struct Limits {
  // Nested expressions and statements in one template (parentheses, lists, `not`, filters,
  // attribute chains, `{% if %}` in `{% if %}`...). Jinja2 on CPython stops far lower.
  size_t max_nesting = 500;
  // Nested lists and dicts: data files, and every walk over a value (printing, comparing,
  // tojson, pprint). CPython's recursion limit is 1,000.
  size_t max_depth = 1000;
  // Nested macro calls, includes, imports and recursive loops, and the length of an
  // `extends` chain (Python's recursion limit stops Jinja2 near 200 macro calls).
  size_t max_recursion = 200;
  // Bytes of one string, and of one captured block or macro result.
  size_t max_string = size_t{64} << 20;
  // Items of one list or tuple, and of a range or string that is iterated.
  size_t max_items = 10'000'000;
  // Decimal digits of an int converted from or to a string (CPython's
  // sys.get_int_max_str_digits()); arithmetic results may have 10 times as many.
  size_t max_int_digits = 4300;
  // Bytes of one rendered output.
  size_t max_output = size_t{64} << 20;
  // Work of one render: loop iterations, calls (macros, includes, blocks) and the items
  // compared or hashed inside lists, tuples and dicts. Jinja2 has no such bound; without
  // it, `for` in `for` over two long ranges, or comparing values that share their parts
  // (2^100 paths through 100 levels), would run for ever.
  size_t max_steps = 100'000'000;
};

// One limit: `name` is the manifest key (`limits: {max_string: N}`) and, with '-' for '_',
// the CLI flag (--max-string).
struct LimitOption {
  std::string_view name;
  std::string_view help;
  size_t Limits::*member;
};

// Every engine limit, in the order `wfgen render --help` lists them.
std::span<const LimitOption> limit_options();

// The limits of the render (or compile) running on this thread: the defaults unless a
// LimitsScope is open. The Python layer reads them here (str(), repr(), arithmetic) as
// CPython reads its per-interpreter limits.
const Limits& active_limits();

class LimitsScope {
 public:
  explicit LimitsScope(const Limits& limits);
  ~LimitsScope();
  LimitsScope(const LimitsScope&) = delete;
  LimitsScope& operator=(const LimitsScope&) = delete;

 private:
  const Limits* saved_;
};

// The message every limit ends in: "WHAT (limit NAME = N)", and the error carrying it.
std::string limit_message(const std::string& what, std::string_view name, size_t limit);
[[noreturn]] void limit_exceeded(const std::string& what, std::string_view name, size_t limit);

// Checks that a string, list or output of `size` (bytes or items) stays within its limit
// before it is allocated; `what` says what is being made ("the result of center()").
void check_string_size(size_t size, std::string_view what = "a string");
// The same for `count` pieces of `each` bytes plus `extra` (padding, indentation,
// repetition), computed without overflow.
void check_string_size(uint64_t count, uint64_t each, uint64_t extra, std::string_view what);
// For a string built piece by piece (join, replace, expandtabs): checks what it has become.
inline void check_string_growth(const std::string& s, std::string_view what) {
  if (s.size() > active_limits().max_string) check_string_size(s.size(), what);
}
void check_items(size_t count, std::string_view what = "a list");

// The work left to the render running on this thread (see Limits::max_steps): unbounded
// outside a render. Each Renderer holds a StepBudget; the outermost one on a thread sets
// the budget, and a render inside it (an expression evaluated while another renders)
// counts against the same.
namespace detail {
extern thread_local uint64_t steps_left;
}
[[noreturn]] void steps_exhausted();
// Counts `n` steps of the render's work; an error once max_steps is passed.
inline void count_steps(uint64_t n = 1) {
  if (detail::steps_left < n) steps_exhausted();
  detail::steps_left -= n;
}
class StepBudget {
 public:
  StepBudget();
  ~StepBudget();
  StepBudget(const StepBudget&) = delete;
  StepBudget& operator=(const StepBudget&) = delete;
};
// For a list built item by item (split, splitlines): checks what it has become.
inline void check_item_growth(size_t count, std::string_view what) {
  if (count > active_limits().max_items) check_items(count, what);
}

// What a command prints (exit 1, never an abort) when an allocation fails despite the
// limits: a std::bad_alloc is caught where each command reports its errors.
const char* out_of_memory_message();

// The net under the depth limits: true when this thread's C++ stack is nearly used up (a
// stack smaller than the limits assume, or sanitizer frames many times the usual size).
// Checked where recursion happens: parsing, value walks, calls.
bool stack_exhausted();
[[noreturn]] void raise_stack_exhausted();
inline void check_stack() {
  if (stack_exhausted()) raise_stack_exhausted();
}

// Counts one level of a recursive walk over a value (printing, comparing, converting):
// errors beyond max_depth, so cycles and deep values end in a message.
class DepthGuard {
 public:
  explicit DepthGuard(std::string_view what) {
    if (++depth_ > active_limits().max_depth || stack_exhausted()) fail(what);
  }
  ~DepthGuard() { --depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;

 private:
  [[noreturn]] void fail(std::string_view what);
  static thread_local size_t depth_;
};

}  // namespace wfgen::jinja
