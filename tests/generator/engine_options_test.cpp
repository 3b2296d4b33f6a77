// The engine's options are one list (jinja/options.h): every descriptor must be a key of the
// manifest's `engine:` and a `wfgen render` flag, each setting its own member.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "jinja/error.h"
#include "jinja/options.h"
#include "jinja/runtime/environment.h"
#include "files/tree.h"
#include "pipeline/manifest.h"

namespace fs = std::filesystem;
using wfgen::jinja::EngineOption;
using wfgen::jinja::EnvironmentOptions;

namespace {

// A value for each option that differs from its default: switches on, delimiters changed.
const char* kNewDelimiter = "<@";

fs::path temp_dir(const std::string& name) {
  fs::path dir =
      fs::temp_directory_path() / ("wfgen-options-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void write(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

std::string manifest_value(const EngineOption& o) {
  return o.flag ? "true" : std::string("'") + kNewDelimiter + "'";
}

class EngineOptions : public ::testing::TestWithParam<EngineOption> {};

TEST_P(EngineOptions, IsAManifestKeySettingItsMember) {
  const EngineOption& o = GetParam();
  fs::path root = temp_dir("manifest-" + std::string(o.name));
  write(root / "wfgen.yml", "engine: {" + std::string(o.name) + ": " + manifest_value(o) +
                                "}\nfamilies:\n  - {name: f, template: t.j2, matrix: m.yml, "
                                "output: out.yml, mode: all_rows}\n");
  fs::create_directories(root / "templates");
  write(root / "templates" / "t.j2", "x\n");
  write(root / "m.yml", "fields: {name: string}\nentries: [{name: a}]\n");
  wfgen::files::Tree project(root, "the project directory");
  EnvironmentOptions engine = wfgen::pipeline::load_manifest(project, root.string()).engine;
  EnvironmentOptions expected;
  expected.strict_undefined = true;  // the manifest's own default
  if (o.flag) expected.*o.flag = true;
  if (o.text) expected.*o.text = kNewDelimiter;
  // The option is set, and nothing else changed.
  for (const EngineOption& other : wfgen::jinja::engine_options()) {
    if (other.flag) {
      EXPECT_EQ(engine.*other.flag, expected.*other.flag) << other.name;
    } else {
      EXPECT_EQ(engine.*other.text, expected.*other.text) << other.name;
    }
  }
  fs::remove_all(root);
}

// What the engine in-process gives with `options`: the output, or "error: MESSAGE".
std::string render_in_process(const std::string& source, const EnvironmentOptions& options) {
  wfgen::jinja::Environment env(options);
  try {
    return env.render(*env.from_string(source), wfgen::jinja::Value::dict());
  } catch (const wfgen::jinja::TemplateError& e) {
    return "error: " + e.message();
  }
}

// What `wfgen render TEMPLATE ARGS` gives: stdout, or "error: MESSAGE" from stderr's first line.
std::string render_with_cli(const fs::path& tmpl, const std::string& args) {
  std::string command =
      std::string(WFGEN_BINARY) + " render " + tmpl.string() + " " + args + " 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  while (size_t n = std::fread(buf.data(), 1, buf.size(), pipe)) out.append(buf.data(), n);
  int status = ::pclose(pipe);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return out;
  size_t at = out.find(": error: ");
  return at == std::string::npos ? out : "error: " + out.substr(at + 9, out.find('\n') - at - 9);
}

TEST_P(EngineOptions, IsARenderFlagSettingItsMember) {
  const EngineOption& o = GetParam();
  // Renders with the defaults, and each option alone changes what it gives (an error counts).
  const std::string source = "  {% if true %}\nA{{ x }}B<@ 1 }}C{# c <@ #}D\n  {% endif %}\n";
  fs::path dir = temp_dir("cli-" + std::string(o.name));
  write(dir / "t.j2", source);
  EnvironmentOptions options;
  if (o.flag) options.*o.flag = true;
  if (o.text) options.*o.text = kNewDelimiter;
  std::string args = wfgen::jinja::cli_flag(o) + (o.text ? std::string("=") + kNewDelimiter : "");
  std::string expected = render_in_process(source, options);
  EXPECT_NE(expected, render_in_process(source, EnvironmentOptions{}))
      << "the option changes nothing";
  EXPECT_EQ(render_with_cli(dir / "t.j2", "'" + args + "'"), expected);
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(All, EngineOptions, ::testing::ValuesIn(wfgen::jinja::engine_options()),
                         [](const ::testing::TestParamInfo<EngineOption>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
