// Hostile templates (issue 14): nesting a million levels deep, values that contain
// themselves, sizes far beyond memory, numbers at the edges. Each ends in Jinja2's output
// or in a limit error at the position that went too far: never a crash, a hang or an
// allocation of the size asked for. Outputs are Python's Jinja2 3.1 (noted where it has
// none: it dies of RecursionError or MemoryError).
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "jinja/error.h"
#include "jinja/limits.h"
#include "jinja/runtime/environment.h"
#include "jinja/value/cycles.h"
#include "jinja/value/value.h"
#include "support/big_stack.h"

namespace {

using namespace wfgen::jinja;

constexpr size_t kDeep = 1'000'000;

std::string repeat(std::string_view s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

// The output of main.j2 (with the other templates beside it), or the first line of the
// error it ends in.
std::string render(std::map<std::string, std::string, std::less<>> templates,
                   EnvironmentOptions options = {}) {
  return wfgen::testing::on_big_stack([&]() -> std::string {
    Environment env(options, std::make_shared<MapLoader>(std::move(templates)));
    try {
      return env.render("main.j2", Value::dict());
    } catch (const TemplateError& e) {
      std::string f = e.format();
      return f.substr(0, f.find('\n'));
    }
  });
}

std::string render(const std::string& source, EnvironmentOptions options = {}) {
  return render({{"main.j2", source}}, options);
}

const std::string kNesting =
    "error: expressions and statements nested more than 500 levels deep (limit max_nesting = "
    "500)";

// --- nesting: each shape at a million levels, refused at the level past the limit -------

struct DeepCase {
  const char* name;
  std::string source;
  int col;  // where the level past max_nesting starts
};

TEST(Hostile, MillionLevelNestingEndsInAPositionedError) {
  const DeepCase cases[] = {
      {"parentheses", "{{ " + repeat("(", kDeep) + "1" + repeat(")", kDeep) + " }}", 504},
      {"lists", "{{ " + repeat("[", kDeep) + repeat("]", kDeep) + " }}", 504},
      {"dicts", "{{ " + repeat("{'a':", kDeep) + "1" + repeat("}", kDeep) + " }}", 2500},
      {"not", "{{ " + repeat("not ", kDeep) + "1 }}", 2000},
      {"unary minus", "{{ " + repeat("-", kDeep) + "1 }}", 503},
      {"additions", "{{ 1" + repeat("+1", kDeep) + " }}", 1003},
      {"powers", "{{ 1" + repeat("**1", kDeep) + " }}", 1502},
      {"filters", "{{ 1" + repeat("|string", kDeep) + " }}", 3491},
      {"attributes", "{{ x" + repeat(".b", kDeep) + " }}", 1003},
      {"subscripts", "{{ x" + repeat("[0]", kDeep) + " }}", 1500},
      {"calls", "{{ x" + repeat("()", kDeep) + " }}", 1003},
      {"conditionals", "{{ " + repeat("1 if 1 else ", kDeep) + "1 }}", 5994},
      {"set", "{% set x = " + repeat("(", kDeep) + "1" + repeat(")", kDeep) + " %}", 511},
  };
  for (const DeepCase& c : cases) {
    EXPECT_EQ(render(c.source), "main.j2:1:" + std::to_string(c.col) + ": " + kNesting) << c.name;
  }
}

// Statements nest as expressions do; unclosed ones fail on the way in, not on the error path.
TEST(Hostile, DeepIfStatementsClosedOrNot) {
  EXPECT_EQ(render(repeat("{% if 1 %}", 100'000) + repeat("{% endif %}", 100'000)),
            "main.j2:1:4997: " + kNesting);
  EXPECT_EQ(render(repeat("{% if 1 %}", 100'000)), "main.j2:1:4997: " + kNesting);
  // Within the limit the tree renders (and is freed) as usual.
  EXPECT_EQ(render(repeat("{% if 1 %}", 400) + "x" + repeat("{% endif %}", 400)), "x");
}

TEST(Hostile, NestingLimitIsSettable) {
  EnvironmentOptions o;
  o.limits.max_nesting = 10;
  EXPECT_EQ(render("{{ ((((((((((1)))))))))) }}", o),
            "main.j2:1:14: error: expressions and statements nested more than 10 levels deep "
            "(limit max_nesting = 10)");
  EXPECT_EQ(render("{{ (((((((((1))))))))) }}", o), "1");
}

// The excerpt of an error on a line of megabytes is a window around the caret.
TEST(Hostile, ErrorExcerptOfAHugeLineIsAWindow) {
  std::string f = wfgen::testing::on_big_stack([]() -> std::string {
    Environment env;
    try {
      env.from_string("{{ " + repeat("(", kDeep) + " }}", "main.j2");
    } catch (const TemplateError& e) {
      return e.format();
    }
    return "no error";
  });
  std::string excerpt = f.substr(f.find('\n') + 1);
  EXPECT_EQ(excerpt, "    ..." + repeat("(", 160) + "...\n    " + std::string(3 + 80, ' ') + "^\n");
}

// --- values that contain themselves ---------------------------------------------------

TEST(Hostile, CyclicValuesPrintAndCompareAsPython) {
  EXPECT_EQ(render("{% set l = [] %}{% set _ = l.append(l) %}{{ l }}"), "[[...]]");
  EXPECT_EQ(render("{% set d = {} %}{% set _ = d.update({'a': d}) %}{{ d }}"), "{'a': {...}}");
  EXPECT_EQ(render("{% set l = [1] %}{% set _ = l.append([l]) %}{{ l }}"), "[1, [[...]]]");
  EXPECT_EQ(render("{% set l = [] %}{% set _ = l.append(l) %}{{ l == l }} {{ l|string }}"),
            "True [[...]]");
  EXPECT_EQ(render("{% set ns = namespace() %}{% set ns.me = ns %}{{ ns.me.me is defined }}"),
            "True");
  // json.dumps(check_circular=True) refuses; pprint marks the recursion (without the id).
  EXPECT_EQ(render("{% set l = [] %}{% set _ = l.append(l) %}{{ l|tojson }}"),
            "main.j2:1:47: error: Circular reference detected");
  EXPECT_EQ(render("{% set l = [] %}{% set _ = l.append(l) %}{{ l|pprint }}"),
            "[<Recursion on list with id=...>]");
}

TEST(Hostile, CyclesAreFreedAfterTheRender) {
  // The candidates are the rendering thread's: render on this one.
  Environment env;
  auto tmpl = env.from_string(
      "{% for i in range(3) %}{% set l = [] %}{% set _ = l.append(l) %}"
      "{% set d = {} %}{% set _ = d.update({'d': d, 'l': l}) %}{% endfor %}ok");
  size_t before = noted_cycle_candidates();
  EXPECT_EQ(env.render(*tmpl, Value::dict()), "ok");
  EXPECT_EQ(noted_cycle_candidates(), before);  // ASan's leak check holds the rest
}

// Repeating nothing is nothing, whatever the count (render_fuzz: `'' * -2**46` looped 2**46
// times; Jinja2 reads `-2**46` as `(-2)**46`, a positive count).
TEST(Hostile, RepeatingNothingIsInstant) {
  EXPECT_EQ(render("[{{ '' * -2**46 }}]"), "[]");
  EXPECT_EQ(render("{{ ([] * 2**46)|length }} {{ (() * 2**62)|length }}"), "0 0");
}

// urlize's patterns on words of 200,000 characters, on this thread's own stack (std::regex
// recursed once per character and overflowed it at ~30,000): Jinja2's output.
TEST(Hostile, UrlizeLinksWordsOfAnyLength) {
  Environment env;
  auto urlize = [&](const std::string& text) {
    Value vars = Value::dict();
    vars.dict_obj().set(Value::string("t"), Value::string(text));
    return env.render(*env.from_string("{{ t|urlize }}"), vars);
  };
  const std::string host = "www." + std::string(200'000, 'a') + ".com";
  EXPECT_EQ(urlize(host), "<a href=\"https://" + host + "\" rel=\"noopener\">" + host + "</a>");
  const std::string mail = std::string(200'000, 'b') + "@c.org";
  EXPECT_EQ(urlize(mail), "<a href=\"mailto:" + mail + "\">" + mail + "</a>");
  const std::string word(200'000, 'c');
  EXPECT_EQ(urlize(word), word);
}

// A render that ends in an error frees its cycles too (ASan's leak check found
// `{{ l|tojson }}` of a cyclic list leaking them).
TEST(Hostile, CyclesAreFreedAfterAFailedRender) {
  Environment env;
  auto tmpl = env.from_string("{% set l = [] %}{% set _ = l.append(l) %}{{ l|tojson }}");
  size_t before = noted_cycle_candidates();
  EXPECT_THROW(env.render(*tmpl, Value::dict()), TemplateError);
  EXPECT_EQ(noted_cycle_candidates(), before);
}

// A value a hundred thousand levels deep, built by a loop: every walk over it stops at
// max_depth, and freeing it takes no recursion.
TEST(Hostile, DeepValuesStopAtMaxDepth) {
  const std::string build =
      "{% set ns = namespace(l=[]) %}{% for i in range(100000) %}{% set ns.l = [ns.l] %}"
      "{% endfor %}";
  EXPECT_EQ(render(build + "{{ ns.l|string }}"),
            "main.j2:1:102: error: printing a value nested more than 1000 levels deep (limit "
            "max_depth = 1000)");
  EXPECT_EQ(render(build + "{{ ns.l|tojson }}"),
            "main.j2:1:102: error: converting a value to JSON nested more than 1000 levels deep "
            "(limit max_depth = 1000)");
  EXPECT_EQ(render(build + "{{ ns.l|pprint }}"),
            "main.j2:1:102: error: printing a value nested more than 1000 levels deep (limit "
            "max_depth = 1000)");
  EXPECT_EQ(render(build + "{{ ns.l == ns.l }}"), "True");  // identity first, as Python
  EXPECT_EQ(render(build + "{{ ns.l == [ns.l] }}"),
            "main.j2:1:97: error: comparing values nested more than 1000 levels deep (limit "
            "max_depth = 1000)");
  EXPECT_EQ(render(build + "{{ ns.l|length }}"), "1");
}

// --- template inheritance ------------------------------------------------------------

TEST(Hostile, ExtendsCyclesAreErrorsAtTheExtends) {
  EXPECT_EQ(render({{"main.j2", "{% extends 'main.j2' %}"}}),
            "main.j2:1:4: error: template 'main.j2' extends itself");
  EXPECT_EQ(render({{"main.j2", "{% extends 'b.j2' %}"}, {"b.j2", "x{% extends 'main.j2' %}"}}),
            "b.j2:1:5: error: templates extend each other in a cycle: main.j2 -> b.j2 -> main.j2");
  EnvironmentOptions o;
  o.limits.max_recursion = 3;
  EXPECT_EQ(render({{"main.j2", "{% extends 'a' %}"},
                    {"a", "{% extends 'b' %}"},
                    {"b", "{% extends 'c' %}"},
                    {"c", "{% block x %}{% endblock %}"}},
                   o),
            "b:1:4: error: an extends chain longer than 3 templates (limit max_recursion = 3)");
}

// A macro calling itself without end is stopped at the call past the limit, where it is
// written (its body is entered from there), not at the start of the template.
TEST(Hostile, RecursiveMacroIsStoppedAtItsCall) {
  EnvironmentOptions o;
  o.limits.max_recursion = 50;
  const std::string limit =
      "error: maximum recursion depth exceeded while calling a Python object (a recursive "
      "macro, or an include/import cycle) (limit max_recursion = 50)";
  EXPECT_EQ(render("name: x\n{% macro f(n) %}\nline2\n  {{ f(n+1) }}\n{% endmacro %}\n"
                   "{{ f(1) }}\n",
                   o),
            "main.j2:4:7: " + limit);
  // Answered from the macro memo (a pure macro of scalars) or run: the same place.
  EXPECT_EQ(render("{% macro g(n) %}{{ g(n) }}{% endmacro %}{{ g(1) }}", o),
            "main.j2:1:21: " + limit);
  EXPECT_EQ(render({{"main.j2", "{% from 'm' import h %}\n{{ h(1) }}"},
                    {"m", "{% macro h(n) %}\n  {{- h(n + 1) }}{% endmacro %}"}},
                   o),
            "m:2:8: " + limit);
}

// --- sizes: refused before anything of that size is allocated ---------------------------

TEST(Hostile, HugeSizesAreRefusedBeforeAllocating) {
  const std::string limit = " (limit max_string = 67108864)";
  struct {
    const char* source;
    std::string expected;
  } cases[] = {
      {"{{ '%9999999999d' % 1 }}",
       "main.j2:1:19: error: a formatted field would be 9999999999 bytes long" + limit},
      {"{{ '%.999999999f' % 1.5 }}",
       "main.j2:1:19: error: a formatted field would be 999999999 bytes long" + limit},
      {"{{ '%*d' % (10**12, 1) }}",
       "main.j2:1:10: error: a formatted field would be 1000000000000 bytes long" + limit},
      {"{{ '{:999999999999}'.format(1) }}",
       "main.j2:1:28: error: a formatted field would be 999999999999 bytes long" + limit},
      {"{{ 'a\\nb'|indent(10**10) }}",
       "main.j2:1:11: error: the indentation would be 10000000000 bytes long" + limit},
      {"{{ ''.ljust(10**12) }}",
       "main.j2:1:12: error: the padded string would be 1000000000000 bytes long" + limit},
      {"{{ 'a'|center(10**12) }}",
       "main.j2:1:8: error: the padded string would be 1000000000000 bytes long" + limit},
      {"{{ 'a'.zfill(10**12) }}",
       "main.j2:1:13: error: the result of zfill() would be 1000000000000 bytes long" + limit},
      {"{{ lipsum(10**9) }}",
       "main.j2:1:10: error: the result of lipsum() would be 2000000000 bytes long" + limit},
      {"{{ 'ab' * 10**9 }}",
       "main.j2:1:9: error: the repeated string would be 2000000000 bytes long" + limit},
      {"{{ [1, 2] * 10**9 }}",
       "main.j2:1:11: error: the repeated list would have 1000000000 x 2 items (limit max_items "
       "= 10000000)"},
      {"{{ range(10**12)|list|length }}",
       "main.j2:1:18: error: iterating a range of 1000000000000 items (limit max_items = "
       "10000000)"},
  };
  for (const auto& c : cases) EXPECT_EQ(render(c.source), c.expected) << c.source;
}

// Every string and list a template makes is within max_string and max_items, whichever
// operator, filter or method makes it; those that would grow far past it stop as they grow.
TEST(Hostile, EveryStringAndListIsBounded) {
  EnvironmentOptions o;
  o.limits.max_string = 1000;
  o.limits.max_items = 100;
  const std::string str_limit = " (limit max_string = 1000)";
  const std::string items_limit = " (limit max_items = 100)";
  struct {
    std::string source;
    std::string expected;
  } cases[] = {
      {"{% set s = 'a' * 600 %}{{ s ~ s }}",
       "main.j2:1:29: error: a string would be 1200 bytes long" + str_limit},
      {"{% set ns = namespace(v='a') %}{% for i in range(40) %}{% set ns.v = ns.v ~ ns.v %}"
       "{% endfor %}{{ ns.v|length }}",
       "main.j2:1:75: error: a string would be 1024 bytes long" + str_limit},
      {"{{ ('\"' * 600)|tojson }}", "main.j2:1:16: error: a string would be 1202 bytes long" + str_limit},
      {"{{ ('<' * 300)|escape }}", "main.j2:1:16: error: a string would be 1200 bytes long" + str_limit},
      {"{% set s = 'a' * 600 %}{{ '%s%s' % (s, s) }}",
       "main.j2:1:34: error: a string would be 1200 bytes long" + str_limit},
      {"{% set s = 'a' * 600 %}{{ '{}{}'.format(s, s) }}",
       "main.j2:1:40: error: a string would be 1200 bytes long" + str_limit},
      {"{{ ('a' * 600)|list|length }}",
       "main.j2:1:16: error: the characters of a string would have 600 items" + items_limit},
      {"{{ ('ab' * 60)|map('upper')|list|length }}",
       "main.j2:1:29: error: the characters of a string would have 120 items" + items_limit},
      {"{{ ('a,' * 200).split(',')|length }}",
       "main.j2:1:22: error: the result of split() would have 101 items" + items_limit},
      {"{{ ('a ' * 200).split()|length }}",
       "main.j2:1:22: error: the result of split() would have 101 items" + items_limit},
      {"{{ ('a\\n' * 200).splitlines()|length }}",
       "main.j2:1:28: error: the result of splitlines() would have 101 items" + items_limit},
      {"{{ ('a,' * 200).rsplit(',')|length }}",
       "main.j2:1:23: error: the result of rsplit() would have 101 items" + items_limit},
      // Constants the parser makes: at the literal.
      {"x\n{{ '" + std::string(1001, 'a') + "' }}",
       "main.j2:2:4: error: a string would be 1001 bytes long" + str_limit},
      {"{{ 'a' 'b' }}{{ '" + std::string(600, 'a') + "' '" + std::string(600, 'b') + "' }}",
       "main.j2:1:17: error: a string would be 1200 bytes long" + str_limit},
      {"{{ 1 in [" + [] {
         std::string items;
         for (int i = 0; i < 101; ++i) items += (i ? "," : "") + std::to_string(i);
         return items;
       }() + "] }}",
       "main.j2:1:9: error: a list would have 101 items" + items_limit},
  };
  for (const auto& c : cases) EXPECT_EQ(render(c.source, o), c.expected) << c.source;
  // Values given to the template (data read in: data_string, data_list) are bounded by the
  // file they were read from, not by these; the template may read them.
  {
    Environment env(o, std::make_shared<MapLoader>(std::map<std::string, std::string, std::less<>>{
                           {"main.j2", "{{ s|length }} {{ l|length }}"}}));
    Value ctx = Value::dict();
    ctx.dict_obj().set(Value::string("s"), Value::data_string(std::string(2000, 'a')));
    ctx.dict_obj().set(Value::string("l"),
                       Value::data_list(std::vector<Value>(200, Value::integer(1))));
    EXPECT_EQ(env.render("main.j2", ctx), "2000 200");
  }
  // At the limit, each is made.
  EXPECT_EQ(render("{{ (('a' * 500) ~ ('a' * 500))|length }} {{ ('a' * 100)|list|length }}", o),
            "1000 100");
}

// Work without end (loops in loops over long ranges, values that share their parts
// compared: 2^100 paths) stops at max_steps, where the step past it was taken.
TEST(Hostile, WorkIsBoundedByMaxSteps) {
  EnvironmentOptions o;
  o.limits.max_steps = 1000;
  const std::string limit =
      "error: the render took more than 1000 steps (loop iterations, calls and compared items) "
      "(limit max_steps = 1000)";
  EXPECT_EQ(render("{% for i in range(100) %}\n{% for j in range(100) %}{% endfor %}"
                   "{% endfor %}",
                   o),
            "main.j2:2:18: " + limit);
  EXPECT_EQ(render("{% macro m() %}{% endmacro %}{% for i in range(600) %}{{ m() }}{{ m() }}"
                   "{% endfor %}",
                   o),
            "main.j2:1:59: " + limit);
  const std::string shared =
      "{% set ns = namespace(a=[1], b=[1]) %}{% for i in range(100) %}"
      "{% set ns.a = [ns.a, ns.a] %}{% set ns.b = [ns.b, ns.b] %}{% endfor %}";
  EXPECT_EQ(render(shared + "{{ ns.a == ns.b }}", o), "main.j2:1:137: " + limit);
  EXPECT_EQ(render(shared + "{{ ns.a < ns.b }}", o), "main.j2:1:137: " + limit);
  EXPECT_EQ(render(shared + "{{ ns.a in [ns.b] }}", o), "main.j2:1:137: " + limit);
  // What a filter or method goes through counts as a loop does: each item taken.
  EXPECT_EQ(render("{% for i in range(200) %}{{ range(600)|sum }}{% endfor %}", o),
            "main.j2:1:40: " + limit);
  EXPECT_EQ(render("{% set l = range(800)|list %}{{ -1 in l }}", o), "main.j2:1:33: " + limit);
  EXPECT_EQ(render("{% set l = range(800)|list %}{{ l.index(799) }}", o),
            "main.j2:1:40: " + limit);
  // Within the budget: the same, 300 iterations of 3 steps.
  EXPECT_EQ(render("{% for i in range(300) %}{{ [i] == [i] }}{% endfor %}", o).size(), 300u * 4);
}

// The fewest max_steps with which `source` renders (it does with 100,000).
uint64_t steps_needed(const std::string& source) {
  uint64_t low = 1, high = 100000;  // renders with `high`, not with `low - 1`
  while (low < high) {
    EnvironmentOptions o;
    o.limits.max_steps = (low + high) / 2;
    const std::string out = render(source, o);
    if (out.find("max_steps") == std::string::npos)
      high = o.limits.max_steps;
    else
      low = o.limits.max_steps + 1;
  }
  return low;
}

// A loop that binds a dict's pairs straight from items() (no tuple made) takes the steps
// of the same loop over the pairs as tuples: each item, and the two values unpacked.
TEST(Hostile, StepsOfALoopOverItemsAreThoseOfItsTuples) {
  const std::string dict = "{% set d = {'a': 1, 'b': none, 'c': 3} %}{% set t = d.items()|list %}";
  for (const std::string& filter : {std::string(""), std::string(" if v")}) {
    const std::string direct =
        dict + "{% for i in range(10) %}{% for k, v in d.items()" + filter + " %}{% endfor %}{% endfor %}";
    std::string as_tuples = direct;
    as_tuples.replace(as_tuples.rfind("d.items()"), 9, "t");
    EXPECT_EQ(steps_needed(direct), steps_needed(as_tuples)) << filter;
  }
  // 3 steps to list the pairs for `t`, then 10 outer items, each with 3 pairs and 2 values
  // unpacked from each; a filter binds every pair to test it, then the 2 that pass again.
  EXPECT_EQ(steps_needed(dict + "{% for i in range(10) %}{% for k, v in d.items() %}{% endfor %}"
                                "{% endfor %}"),
            3u + 10 + 10 * (3 + 3 * 2));
  EXPECT_EQ(steps_needed(dict + "{% for i in range(10) %}{% for k, v in d.items() if v %}"
                                "{% endfor %}{% endfor %}"),
            3u + 10 + 10 * (3 + 3 * 2 + 2 * 2));
}

TEST(Hostile, OutputAndCapturedBlocksAreBounded) {
  EnvironmentOptions o;
  o.limits.max_output = 1000;
  o.limits.max_string = 500;
  EXPECT_EQ(render("{% for i in range(100) %}{{ '0123456789' }}{% endfor %}", o).size(), 1000u);
  EXPECT_EQ(render("{% for i in range(101) %}{{ '0123456789' }}{% endfor %}", o),
            "main.j2:1:29: error: the output would be 1010 bytes long (limit max_output = 1000)");
  EXPECT_EQ(render("{% set x %}{% for i in range(60) %}0123456789{% endfor %}{% endset %}", o),
            "main.j2:1:36: error: the output would be 510 bytes long (limit max_string = 500)");
}

// CPython refuses int <-> str conversions of more than 4,300 digits (ValueError); Jinja2's
// int filter then tries float(), whose int() overflows: the default, 0.
TEST(Hostile, IntDigitsAsCPython) {
  EXPECT_EQ(render("{{ ('9' * 1000000)|int|string }}"), "0");
  EXPECT_EQ(render("{{ ('9' * 4300)|int|string|length }}"), "4300");
  EXPECT_EQ(render("{{ (10 ** 4300)|string }}"),
            "main.j2:1:17: error: Exceeds the limit (4300 digits) for integer string conversion; "
            "use sys.set_int_max_str_digits() to increase the limit");
  EXPECT_EQ(render("{{ 10 ** 10000000 }}"),
            "main.j2:1:7: error: an int result of about 9030000 digits, more than 10 x "
            "max_int_digits (limit max_int_digits = 4300)");
}

// --- exact numbers --------------------------------------------------------------------

TEST(Hostile, RangeIsExactBeyond64Bits) {
  EXPECT_EQ(render("{{ range(-2**63, 2**63-1)|length }}"),
            "main.j2:1:27: error: Python int too large to convert to C ssize_t");
  EXPECT_EQ(render("{{ range(0, 10**20, 3*10**19)|list }}"),
            "[0, 30000000000000000000, 60000000000000000000, 90000000000000000000]");
  EXPECT_EQ(render("{{ range(-2**63, 2**63-1, 2**62)|list }}"),
            "[-9223372036854775808, -4611686018427387904, 0, 4611686018427387904]");
  EXPECT_EQ(render("{{ range(2**64, 2**64+3)[1:] }}"),
            "range(18446744073709551617, 18446744073709551619)");
}

// --- delimiters ------------------------------------------------------------------------

TEST(Hostile, DelimitersMustBeNonEmptyAndDistinct) {
  auto problem = [](auto set) {
    EnvironmentOptions o;
    set(o);
    return delimiter_problem(o);
  };
  EXPECT_EQ(problem([](EnvironmentOptions&) {}), "");
  EXPECT_EQ(problem([](EnvironmentOptions& o) { o.variable_end = ""; }),
            "variable_end must not be empty");
  EXPECT_EQ(problem([](EnvironmentOptions& o) { o.block_start = "{{"; }),
            "variable_start and block_start must differ (both are '{{')");
  EnvironmentOptions same;
  same.comment_start = "{%";
  EXPECT_THROW(Environment{same}, std::invalid_argument);
}

}  // namespace

// Indexing a string that holds undecodable bytes (the fuzzer's find): each such byte is a
// character of its own, as offsets() counts them, whichever end it is counted from.
namespace {
TEST(Hostile, IndexingUndecodableBytes) {
  EXPECT_EQ(render({{"main.j2", "{{ 'a\xec" "c'[1] }}|{{ 'a\xec" "c'[-2] }}|{{ '\xff'[0] }}|"
                                "{{ 'x\xe2\x82'[-1] }}{{ 'x\xe2\x82'[2] }}|{{ 'ab\x80'[-1] }}|"
                                "{{ ('\xec' * 3)[1] ~ 'q'[0] }}"}}),
            "\xec|\xec|\xff|\x82\x82|\x80|\xecq");
}
}  // namespace
