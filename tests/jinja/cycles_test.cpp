// The cycle collector (value/cycles.h): a reference cycle a template closes through any
// object that holds values is freed after the render, and what a thread's last render
// left is freed when the thread ends. A witness object in each cycle shows it: it is
// destroyed only when the cycle is.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <thread>

#include "jinja/error.h"
#include "jinja/runtime/environment.h"
#include "jinja/value/cycles.h"
#include "jinja/value/value.h"

namespace {

using namespace wfgen::jinja;

struct Witness : ObjectBase {
  static inline int alive = 0;
  Witness() { ++alive; }
  ~Witness() override { --alive; }
  Witness(const Witness&) = delete;
  Witness& operator=(const Witness&) = delete;
  std::string_view type_name() const override { return "Witness"; }
};

// Renders main.j2 with `w` a witness, drops everything it passed in, and returns how
// many witnesses are still alive.
int witnesses_left(const std::string& main, const std::string& lib = "") {
  {
    Environment env({}, std::make_shared<MapLoader>(std::map<std::string, std::string, std::less<>>{
                            {"main.j2", main}, {"lib.j2", lib}}));
    Value vars = Value::dict();
    vars.dict_obj().set(Value::string("w"), Value::object(new Witness));
    EXPECT_EQ(env.render("main.j2", vars), "ok") << main;
  }
  return Witness::alive;
}

struct Case {
  const char* through;
  const char* main;
};

// Each closes a cycle through one kind of object that holds values; `l` holds the witness.
const Case kCases[] = {
    {"a list", "{% set l = [w] %}{% set _ = l.append(l) %}ok"},
    {"a namespace", "{% set ns = namespace(w=w) %}{% set ns.me = ns %}ok"},
    {"a cycler", "{% set l = [w] %}{% set _ = l.append(cycler(l)) %}ok"},
    {"a cycler's bound method", "{% set l = [w] %}{% set _ = l.append(cycler(l).next) %}ok"},
    {"a list's bound method", "{% set l = [w] %}{% set _ = l.append(l.append) %}ok"},
    {"a groupby tuple",
     "{% set g = [[1, w]]|groupby(0) %}{% set _ = g[0].list.append(g) %}ok"},
    {"a dict view", "{% set d = {'w': w} %}{% set _ = d.update(v=d.values()) %}ok"},
    {"a reverse iterator", "{% set l = [w] %}{% set _ = l.append([l]|reverse) %}ok"},
    {"a generator", "{% set l = [w] %}{% set _ = l.append([l]|select) %}ok"},
    {"a loop", "{% set l = [w] %}{% for x in [l] %}{% set _ = l.append(loop) %}{% endfor %}ok"},
    {"loop.cycle",
     "{% set l = [w] %}{% for x in [l] %}{% set _ = l.append(loop.cycle) %}{% endfor %}ok"},
    {"loop.changed's value",
     "{% set l = [w] %}{% for x in [1] %}{% set _ = loop.changed(l) %}"
     "{% set _ = l.append(loop) %}{% endfor %}ok"},
    // The loop holds the frame around it, which holds `l` (frames are not values: the
    // renderer clears the frames a kept loop or a macro holds, and the frames around them).
    {"a loop's frame in a macro",
     "{% macro m() %}{% set ns = namespace(w=w) %}{% for x in [1] %}{% set ns.l = loop %}"
     "{% endfor %}{% endmacro %}{{ m() }}ok"},
    {"a loop's frame in a block",
     "{% block b %}{% set l = [w] %}{% for x in [1] %}{% set _ = l.append(loop) %}{% endfor %}"
     "{% endblock %}ok"},
    {"a loop's frame in a loop",
     "{% for y in [1] %}{% set l = [w] %}{% for x in [1] %}{% set _ = l.append(loop.cycle) %}"
     "{% endfor %}{% endfor %}ok"},
    {"the frame around a macro's",
     "{% macro outer() %}{% set l = [w] %}{% for x in [1] %}{% macro m() %}{% endmacro %}"
     "{% set _ = l.append(m) %}{% endfor %}{% endmacro %}{{ outer() }}ok"},
};

TEST(Cycles, ACycleThroughAnyObjectThatHoldsValuesIsFreed) {
  for (const Case& c : kCases) {
    size_t noted = noted_cycle_candidates();
    EXPECT_EQ(witnesses_left(c.main), 0) << "a cycle through " << c.through;
    EXPECT_EQ(noted_cycle_candidates(), noted) << "a cycle through " << c.through;
  }
}

TEST(Cycles, ALoopKeptWhenItsBodyFailedIsFreed) {
  {
    Environment env;
    Value vars = Value::dict();
    vars.dict_obj().set(Value::string("w"), Value::object(new Witness));
    auto tmpl = env.from_string(
        "{% macro m() %}{% set l = [w] %}{% for x in [1, 0] %}{% set _ = l.append(loop) %}"
        "{{ 1 // x }}{% endfor %}{% endmacro %}{{ m() }}");
    EXPECT_THROW(env.render(*tmpl, vars), TemplateError);
  }
  EXPECT_EQ(Witness::alive, 0);
}

TEST(Cycles, ACycleThroughAnImportedModuleIsFreed) {
  EXPECT_EQ(witnesses_left("{% import 'lib.j2' as m %}{% set _ = m.l.append(m) %}"
                           "{% set _ = m.l.append(w) %}ok",
                           "{% set l = [] %}"),
            0);
}

// A cycle in the caller's data outlives the render's collection (the caller still holds
// it then); the thread's last collection, when it ends, frees it. Before, it was dropped
// unfreed: render_fuzz's leak check found one at the process's exit.
TEST(Cycles, AThreadFreesTheCyclesItNotedWhenItEnds) {
  std::thread([] {
    Environment env;
    Value l = Value::list({Value::object(new Witness)});
    Value vars = Value::dict();
    vars.dict_obj().set(Value::string("l"), l);
    EXPECT_EQ(env.render(*env.from_string("{% set _ = l.append(l) %}ok"), vars), "ok");
    EXPECT_EQ(noted_cycle_candidates(), 1u);  // alive: `l` is still ours
  }).join();
  EXPECT_EQ(Witness::alive, 0);
}

}  // namespace
