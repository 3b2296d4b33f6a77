// PyTorch's real binary-workflow templates must render byte for byte as Jinja2 3.1.6
// renders them (../shared/conformance/pytorch: templates, contexts, expected output).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "data/json_convert.h"
#include "jinja/error.h"
#include "jinja/runtime/environment.h"
#include "support/shared_dir.h"

namespace {

using nlohmann::ordered_json;
using wfgen::testing::read_file;
using wfgen::testing::shared_dir;

struct Case {
  std::string name, tmpl, context, expected;
};

void PrintTo(const Case& c, std::ostream* os) {
  *os << c.name;
}

std::filesystem::path conformance_dir() {
  return shared_dir() / "conformance" / "pytorch";
}

std::vector<Case> load_cases() {
  std::vector<Case> cases;
  auto path = conformance_dir() / "cases.json";
  if (!std::filesystem::exists(path)) return {{"MISSING_SHARED_DIR", "", "", ""}};
  auto j = ordered_json::parse(read_file(path));
  for (const auto& c : j["cases"]) {
    cases.push_back({c["name"], c["template"], c["context"], c["expected"]});
  }
  return cases;
}

wfgen::jinja::EnvironmentOptions options_from(const ordered_json& e) {
  wfgen::jinja::EnvironmentOptions o;
  o.block_start = e["block_start_string"];
  o.block_end = e["block_end_string"];
  o.variable_start = e["variable_start_string"];
  o.variable_end = e["variable_end_string"];
  o.comment_start = e["comment_start_string"];
  o.comment_end = e["comment_end_string"];
  o.trim_blocks = e["trim_blocks"];
  o.lstrip_blocks = e["lstrip_blocks"];
  o.keep_trailing_newline = e["keep_trailing_newline"];
  o.strict_undefined = e["undefined"] == "StrictUndefined";
  return o;
}

class PyTorchConformance : public ::testing::TestWithParam<Case> {};

TEST_P(PyTorchConformance, RendersByteIdentical) {
  const Case& c = GetParam();
  ASSERT_NE(c.name, "MISSING_SHARED_DIR") << "reference data not found at " << conformance_dir();
  auto spec = ordered_json::parse(read_file(conformance_dir() / "cases.json"));
  wfgen::jinja::Environment env(
      options_from(spec["environment"]),
      std::make_shared<wfgen::jinja::FileSystemLoader>(
          std::vector<std::string>{(conformance_dir() / "templates").string()}));
  auto context = ordered_json::parse(read_file(conformance_dir() / c.context));
  std::string expected = read_file(conformance_dir() / c.expected);
  std::string actual;
  try {
    actual = env.render(c.tmpl, wfgen::data::to_value(context));
  } catch (const wfgen::jinja::TemplateError& e) {
    FAIL() << e.format();
  }
  ASSERT_EQ(actual.size(), expected.size());
  EXPECT_TRUE(actual == expected)
      << "first difference at byte "
      << std::mismatch(actual.begin(), actual.end(), expected.begin()).first - actual.begin();
}

INSTANTIATE_TEST_SUITE_P(Cases, PyTorchConformance, ::testing::ValuesIn(load_cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           std::string n;
                           for (char ch : info.param.name)
                             n += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
                           return n;
                         });

}  // namespace
