// The lexer, the parser and the compile-time passes on any bytes: each input is a
// template, compiled under options its first byte picks (whitespace control, delimiters).
// Every outcome but a TemplateError is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_limits.h"
#include "jinja/error.h"
#include "jinja/runtime/environment.h"

namespace {

wfgen::jinja::EnvironmentOptions options_for(uint8_t bits) {
  wfgen::jinja::EnvironmentOptions o;
  o.trim_blocks = bits & 1;
  o.lstrip_blocks = bits & 2;
  o.keep_trailing_newline = bits & 4;
  o.strict_undefined = bits & 8;
  if (bits & 16) o.variable_start = "!{{";  // wfgen's own templates
  if (bits & 32) {                          // single-character delimiters
    o.block_start = "<";
    o.block_end = ">";
    o.variable_start = "$";
    o.variable_end = "$";
  }
  o.limits = wfgen::fuzz::fuzz_limits();
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  wfgen::jinja::Environment env(options_for(data[0]));
  try {
    env.from_string(std::string(reinterpret_cast<const char*>(data) + 1, size - 1), "main.j2");
  } catch (const wfgen::jinja::TemplateError&) {
  }
  return 0;
}
