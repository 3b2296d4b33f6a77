// `{% import %}` across renders of one Environment. Jinja2 keeps one module per loaded
// template (imported without context) for all the renders of its Environment, so what a
// render changes in a module's objects, the next render sees. wfgen runs the module's
// template again in each render: outputs rendered on different threads, in any order, stay
// independent (tests/cases/FAILURES.md lists the difference). Within one render a module is
// run once, as in Jinja2.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "jinja/runtime/environment.h"
#include "jinja/value/value.h"

namespace wfgen::jinja {
namespace {

Environment with_templates(std::map<std::string, std::string, std::less<>> sources) {
  return Environment({}, std::make_shared<MapLoader>(std::move(sources)));
}

const char* const kCounter = "{% set ns = namespace(n=0) %}";

TEST(Imports, EachRenderRunsTheModuleAfresh) {
  Environment env = with_templates(
      {{"m.j2", kCounter},
       {"t.j2",
        "{% import 'm.j2' as m %}{% set x = m.ns %}{% set x.n = x.n + 1 %}{{ x.n }}"}});
  // Jinja2 prints 1, 2, 3 here: the module, and its namespace, outlive each render.
  EXPECT_EQ(env.render("t.j2", Value::dict()), "1");
  EXPECT_EQ(env.render("t.j2", Value::dict()), "1");
  EXPECT_EQ(env.render("t.j2", Value::dict()), "1");
}

TEST(Imports, OneRenderRunsAModuleOnce) {
  Environment env = with_templates(
      {{"m.j2", kCounter},
       {"t.j2",
        "{% import 'm.j2' as a %}{% import 'm.j2' as b %}{% from 'm.j2' import ns %}"
        "{% set x = a.ns %}{% set x.n = x.n + 1 %}{% set y = b.ns %}{% set y.n = y.n + 1 %}"
        "{{ a.ns.n }} {{ b.ns.n }} {{ ns.n }}"}});
  EXPECT_EQ(env.render("t.j2", Value::dict()), "2 2 2");
}

}  // namespace
}  // namespace wfgen::jinja
