// TEMPORARY weak fallbacks so the engine links while the builtin filters/tests and
// Python formatting land on their branches; the real definitions override these.
#include "jinja/error.h"
#include "jinja/pyformat.h"
#include "jinja/runtime.h"

namespace wfgen::jinja {
__attribute__((weak)) FilterFn find_filter(std::string_view) { return nullptr; }
__attribute__((weak)) TestFn find_test(std::string_view) { return nullptr; }
__attribute__((weak)) GlobalFn find_global(std::string_view) { return nullptr; }
__attribute__((weak)) Value percent_format(Runtime&, const std::string&, const Value&) {
  throw_error(ErrorKind::Runtime, "percent_format pending");
}
__attribute__((weak)) std::string str_format(Runtime&, const std::string&, CallArgs&) {
  throw_error(ErrorKind::Runtime, "str_format pending");
}
__attribute__((weak)) std::string str_format_map(Runtime&, const std::string&, const Value&) {
  throw_error(ErrorKind::Runtime, "str_format_map pending");
}
__attribute__((weak)) std::string format_value(Runtime&, const Value&, std::string_view) {
  throw_error(ErrorKind::Runtime, "format_value pending");
}
}  // namespace wfgen::jinja
