// Error messages: `file:line:col: error: message`, the source line with a caret under
// the column, and the chain of includes that led there.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "jinja/error.h"
#include "jinja/runtime/environment.h"
#include "jinja/value/value.h"

namespace {

using namespace wfgen::jinja;

std::string error_of(std::map<std::string, std::string, std::less<>> templates,
                     const std::string& name, EnvironmentOptions opt = {}) {
  Environment env(opt, std::make_shared<MapLoader>(std::move(templates)));
  try {
    env.render(name, Value::dict());
  } catch (const TemplateError& e) {
    return e.format();
  }
  return "no error";
}

TEST(Errors, SyntaxErrorHasPositionAndCaret) {
  EXPECT_EQ(error_of({{"t", "line one\n{% if x %}\n  {{ 1 + }}\n"}}, "t"),
            "t:3:10: error: unexpected 'end of print statement'\n"
            "      {{ 1 + }}\n"
            "             ^\n");
}

TEST(Errors, StrictUndefinedThroughAnIncludeNamesTheChain) {
  EnvironmentOptions strict;
  strict.strict_undefined = true;
  EXPECT_EQ(
      error_of({{"main", "a\n  {% include 'inc' %}"}, {"inc", "{{ missing }}"}}, "main", strict),
      "inc:1:4: error: 'missing' is undefined\n"
      "    {{ missing }}\n"
      "       ^\n"
      "  included from main:2:6\n");
}

TEST(Errors, IncludeCycleStopsWithABoundedChain) {
  std::string msg = error_of({{"a", "{% include 'b' %}"}, {"b", "{% include 'a' %}"}}, "a");
  EXPECT_NE(msg.find("maximum recursion depth exceeded"), std::string::npos) << msg;
  EXPECT_NE(msg.find("... ("), std::string::npos) << msg;
  EXPECT_LE(std::count(msg.begin(), msg.end(), '\n'), 12) << msg;
}

TEST(Errors, TemplateNamesMayNotEscapeTheSearchPath) {
  auto dir = std::filesystem::temp_directory_path() / "wfgen-error-test";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "t") << "{% include '../secret' %}";
  Environment env({}, std::make_shared<FileSystemLoader>(std::vector<std::string>{dir.string()}));
  try {
    env.render("t", Value::dict());
    FAIL() << "a path outside the search dirs was accepted";
  } catch (const TemplateError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Security);
    EXPECT_EQ(e.message(), "template name '../secret' escapes the template search path");
    EXPECT_EQ(e.where().line, 1);
    EXPECT_EQ(e.where().col, 4);
  }
  std::filesystem::remove_all(dir);
}

// Template columns count characters, as Jinja2's do; the caret stands under the one named.
TEST(Errors, TheCaretStandsUnderTheCharacterAfterMultiByteText) {
  EXPECT_EQ(error_of({{"t", "\u00e9\u00e9\u00e9 {{ x | nope }}"}}, "t"),
            "t:1:12: error: No filter named 'nope'.\n"
            "    \u00e9\u00e9\u00e9 {{ x | nope }}\n"
            "    " + std::string(11, ' ') + "^\n");
}

// A name with a NUL byte names no file (Python's os.path.isfile is false for it): not
// found, the name escaped in the message, never the file named by what precedes the NUL.
TEST(Errors, ATemplateNameWithANulByteIsNotFound) {
  auto dir = std::filesystem::temp_directory_path() / "wfgen-error-test-nul";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "t") << "{% include 't2" << '\0' << "zz' %}";
  std::ofstream(dir / "t2") << "found";
  Environment env({}, std::make_shared<FileSystemLoader>(std::vector<std::string>{dir.string()}));
  try {
    env.render("t", Value::dict());
    FAIL() << "the name before the NUL was included";
  } catch (const TemplateError& e) {
    EXPECT_EQ(e.format(), (dir / "t").string() + ":1:4: error: 't2\\x00zz' not found in search "
                              "path: '" + dir.string() + "'\n    {% include 't2?zz' %}\n       ^\n");
  }
  std::filesystem::remove_all(dir);
}

// A control character shows as '?' in the excerpt, a C1 control (two bytes) too.
TEST(Errors, ControlCharactersShowAsQuestionMarks) {
  EXPECT_EQ(error_of({{"t", "\xc2\x9b\x01 {{ x | nope }}"}}, "t"),
            "t:1:11: error: No filter named 'nope'.\n"
            "    ?? {{ x | nope }}\n"
            "    " + std::string(10, ' ') + "^\n");
}

TEST(Errors, UnknownFilterIsAnErrorAtParseTime) {
  EXPECT_EQ(error_of({{"t", "{{ x | nope }}"}}, "t"),
            "t:1:8: error: No filter named 'nope'.\n"
            "    {{ x | nope }}\n"
            "           ^\n");
}

}  // namespace
