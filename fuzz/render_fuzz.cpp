// Rendering with random data: an input is a template, then (after a NUL byte) the JSON
// of its variables. The template can include, import and extend itself as "main.j2" and
// a fixed library "lib.j2". Rendering under small limits, every outcome but a
// TemplateError or DataError is a bug.
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "data/error.h"
#include "data/json_direct.h"
#include "fuzz/fuzz_limits.h"
#include "jinja/error.h"
#include "jinja/runtime/environment.h"

namespace {

const char* kLibrary =
    "{% macro m(x, y=2) %}[{{ x }}|{{ y }}|{{ caller() if caller else '' }}]{% endmacro %}"
    "{% block b %}lib{% endblock %}{% set exported = [1, 'a', {'k': none}] %}";

const char* kDefaultData =
    R"({"s": "text", "n": 7, "f": 1.5, "l": [1, 2, [3]], "d": {"a": {"b": null}}, "t": true})";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string input(reinterpret_cast<const char*>(data), size);
  size_t split = input.find('\0');
  std::string source = input.substr(0, split);
  std::string json = split == std::string::npos ? kDefaultData : input.substr(split + 1);

  wfgen::jinja::EnvironmentOptions options;
  options.limits = wfgen::fuzz::fuzz_limits();
  wfgen::jinja::LimitsScope limits(options.limits);
  wfgen::jinja::Value vars;
  try {
    vars = wfgen::data::parse_json_value(json, "data.json");
  } catch (const wfgen::data::DataError&) {
    vars = wfgen::data::parse_json_value(kDefaultData, "data.json");
  } catch (const wfgen::jinja::TemplateError&) {
    return 0;
  }
  if (!vars.is_dict()) vars = wfgen::jinja::Value::dict();

  auto loader = std::make_shared<wfgen::jinja::MapLoader>(
      std::map<std::string, std::string, std::less<>>{{"main.j2", source}, {"lib.j2", kLibrary}});
  wfgen::jinja::Environment env(options, loader);
  try {
    env.render("main.j2", vars);
  } catch (const wfgen::jinja::TemplateError&) {
  }
  return 0;
}
