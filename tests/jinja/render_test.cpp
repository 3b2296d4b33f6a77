// Engine behaviour against Jinja2's own output: every case in render_cases.inc was
// rendered by Python's Jinja2 (tests/tools/gen_render_cases.py), and wfgen must
// produce the same bytes, or fail where Jinja2 raises.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "data/json_convert.h"
#include "jinja/error.h"
#include "jinja/runtime/environment.h"

namespace {

using nlohmann::ordered_json;

struct RenderCase {
  const char* name;
  const char* templates;  // JSON object: name -> source; the first one is rendered
  const char* data;       // JSON object
  const char* options;    // JSON object of Jinja2 Environment settings
  const char* expected;
  bool error;
};

// gtest names parameterised cases by printing them.
void PrintTo(const RenderCase& c, std::ostream* os) {
  *os << c.name;
}

const RenderCase kCases[] = {
#include "jinja/render_cases.inc"
};

wfgen::jinja::EnvironmentOptions options_from(const ordered_json& o) {
  wfgen::jinja::EnvironmentOptions opt;
  opt.block_start = o.value("block_start_string", opt.block_start);
  opt.block_end = o.value("block_end_string", opt.block_end);
  opt.variable_start = o.value("variable_start_string", opt.variable_start);
  opt.variable_end = o.value("variable_end_string", opt.variable_end);
  opt.comment_start = o.value("comment_start_string", opt.comment_start);
  opt.comment_end = o.value("comment_end_string", opt.comment_end);
  opt.trim_blocks = o.value("trim_blocks", false);
  opt.lstrip_blocks = o.value("lstrip_blocks", false);
  opt.keep_trailing_newline = o.value("keep_trailing_newline", false);
  opt.strict_undefined = o.value("undefined", "") == "strict";
  return opt;
}

class RenderCases : public ::testing::TestWithParam<RenderCase> {};

TEST_P(RenderCases, MatchesJinja2) {
  const RenderCase& c = GetParam();
  auto templates = ordered_json::parse(c.templates);
  std::map<std::string, std::string, std::less<>> sources;
  for (const auto& [k, v] : templates.items()) sources[k] = v.get<std::string>();
  wfgen::jinja::Environment env(options_from(ordered_json::parse(c.options)),
                                std::make_shared<wfgen::jinja::MapLoader>(sources));
  auto data = wfgen::data::to_value(ordered_json::parse(c.data));
  std::string first = templates.begin().key();
  if (c.error) {
    try {
      std::string out = env.render(first, data);
      FAIL() << "expected an error, got " << ::testing::PrintToString(out);
    } catch (const wfgen::jinja::TemplateError& e) {
      EXPECT_TRUE(e.located()) << "errors must carry a position: " << e.format();
    }
    return;
  }
  try {
    EXPECT_EQ(env.render(first, data), std::string(c.expected));
  } catch (const wfgen::jinja::TemplateError& e) {
    FAIL() << e.format();
  }
}

INSTANTIATE_TEST_SUITE_P(Jinja2, RenderCases, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<RenderCase>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
