// Shared runner for the builtin filter/test/global suites: each case is a template
// rendered by Environment::from_string, compared with the exact output (or error
// message) Python's Jinja2 3.1.6 gave for it. The suites are written by
// tests/jinja/gen_builtin_cases.py.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "jinja/error.h"
#include "jinja/runtime/environment.h"
#include "jinja/value/value.h"

namespace wfgen::jinja::testing {

struct TemplateCase {
  const char* name;  // NN_FILTER: unique within its suite
  const char* source;
  bool strict;  // StrictUndefined environment
  bool error;   // Jinja2 raised: `expected` is the exception message
  const char* expected;
};

// One parameterised test per case (each generated file derives its suite from it).
class TemplateCaseTest : public ::testing::TestWithParam<TemplateCase> {};

inline std::string case_name(const ::testing::TestParamInfo<TemplateCase>& info) {
  return info.param.name;
}

inline void run_case(const TemplateCase& c) {
  SCOPED_TRACE(std::string(c.strict ? "[strict] " : "") + c.source);
  EnvironmentOptions options;
  options.strict_undefined = c.strict;
  Environment env(options);
  std::string out;
  bool failed = false;
  try {
    out = env.render(*env.from_string(c.source), Value::dict());
  } catch (const TemplateError& e) {
    failed = true;
    out = e.message();
  }
  EXPECT_EQ(failed, c.error) << out;
  EXPECT_EQ(out, c.expected);
}

}  // namespace wfgen::jinja::testing
