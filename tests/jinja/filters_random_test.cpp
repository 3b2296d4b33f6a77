// The builtins whose Python output is random (random, lipsum) are deterministic
// here by product requirement; these tests pin that down, plus the registry tables.
#include <gtest/gtest.h>

#include <string>

#include "jinja/python/runtime.h"
#include "jinja/runtime/environment.h"
#include "jinja/value/value.h"

namespace wfgen::jinja {
namespace {

std::string render(const std::string& source) {
  Environment env;
  return env.render(*env.from_string(source), Value::dict());
}

TEST(FiltersRandom, RandomIsDeterministicAndPicksAnItem) {
  std::string first = render("{{ ['a', 'b', 'c', 'd']|random }}");
  EXPECT_TRUE(first == "a" || first == "b" || first == "c" || first == "d") << first;
  for (int i = 0; i < 3; ++i) EXPECT_EQ(render("{{ ['a', 'b', 'c', 'd']|random }}"), first);
  EXPECT_EQ(render("{{ 'x'|random }}"), "x");
  EXPECT_EQ(render("{{ []|random }}"), "");
}

TEST(FiltersRandom, LipsumIsDeterministicWithJinja2Shape) {
  std::string html = render("{{ lipsum() }}");
  EXPECT_EQ(html, render("{{ lipsum() }}"));
  // Five paragraphs, each <p>...</p>, joined by newlines, each ending with '.'.
  size_t paragraphs = 0;
  for (size_t pos = html.find("<p>"); pos != std::string::npos; pos = html.find("<p>", pos + 1)) {
    ++paragraphs;
  }
  EXPECT_EQ(paragraphs, 5u);
  EXPECT_EQ(html.substr(html.size() - 5), ".</p>");
  std::string text = render("{{ lipsum(2, false, 5, 6) }}");
  size_t sep = text.find("\n\n");
  ASSERT_NE(sep, std::string::npos);
  EXPECT_EQ(text.find("\n\n", sep + 2), std::string::npos);
  EXPECT_TRUE(text[0] >= 'A' && text[0] <= 'Z');
  EXPECT_EQ(text.back(), '.');
  EXPECT_EQ(render("{{ lipsum(0) }}"), "");
}

}  // namespace
}  // namespace wfgen::jinja
