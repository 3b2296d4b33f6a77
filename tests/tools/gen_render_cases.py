#!/usr/bin/env python3
"""Writes tests/jinja/render_cases.inc: engine unit cases whose expected output is
Jinja2's own (run with Python's jinja2 installed). Each case: name, templates (the
first is rendered), JSON data, options, and expected output or an error marker."""
import json, os, sys
import jinja2

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "jinja", "render_cases.inc")

# (name, templates dict or str, data, options)
CASES = [
    ("text_only", "plain text\n", {}, {}),
    ("trailing_newline_dropped", "a\n", {}, {}),
    ("trailing_newline_kept", "a\n", {}, {"keep_trailing_newline": True}),
    ("crlf_normalised", "a\r\nb\rc\n", {}, {"keep_trailing_newline": True}),
    ("var", "{{ x }}", {"x": "v"}, {}),
    ("strip_left", "a  \n  {{- x }}", {"x": 1}, {}),
    ("strip_right", "{{ x -}}  \n  b", {"x": 1}, {}),
    ("block_strip", "a\n  {%- if true -%}\n  b\n  {%- endif %}\nc", {}, {}),
    ("trim_blocks", "{% if true %}\nyes\n{% endif %}\nend", {}, {"trim_blocks": True}),
    ("lstrip_blocks", "  {% if true %}\n  x\n  {% endif %}\n", {}, {"lstrip_blocks": True, "trim_blocks": True}),
    ("lstrip_plus", "  {%+ if true %}x{% endif %}", {}, {"lstrip_blocks": True}),
    ("trim_plus", "{% if true +%}\nx{% endif %}", {}, {"trim_blocks": True}),
    ("comment", "a{# hidden #}b{#- x -#}  c", {}, {}),
    ("comment_trim", "a\n{# c #}\nb", {}, {"trim_blocks": True}),
    ("raw", "{% raw %}{{ x }}{% endraw %}", {}, {}),
    ("raw_strip", "a {%- raw -%} {{ y }} {%- endraw -%} b", {}, {}),
    ("custom_delims", "<< x >> <% if x %>t<% endif %> {{ x }}", {"x": 1},
     {"variable_start_string": "<<", "variable_end_string": ">>", "block_start_string": "<%", "block_end_string": "%>"}),
    ("pytorch_delims", "!{{ x }} ${{ github.sha }}", {"x": 2}, {"variable_start_string": "!{{"}),
    ("print_values", "{{ none }} {{ true }} {{ 1.0 }} {{ 1e-05 }} {{ 1e16 }} {{ 123456789012345678901234 }} {{ 2**64 }}", {}, {}),
    ("print_containers", "{{ [1, 'a', \"b'c\", none] }} {{ {'k': (1,), 'j': ()} }} {{ (1, 2) }}", {}, {}),
    ("print_tuple_expr", "{{ 1, 2 }}", {}, {}),
    ("string_escapes", "{{ 'a\\tb\\n' ~ \"\\x41\\u00e9\" }}|{{ ['\\n', 'é'] }}", {}, {}),
    ("arith", "{{ 7 // 2 }} {{ -7 // 2 }} {{ 7 % -3 }} {{ 7 / 2 }} {{ 2 ** 10 }} {{ 2 ** -1 }} {{ 1.5 * 2 }} {{ -2 ** 2 }}", {}, {}),
    ("arith_big", "{{ 9223372036854775807 + 1 }} {{ -9223372036854775808 - 1 }} {{ 3 ** 50 // 7 }}", {}, {}),
    ("float_ops", "{{ 0.1 + 0.2 }} {{ 1 / 3 }} {{ 5.0 // 2 }} {{ -5.5 % 2 }} {{ 10 / 4 }}", {}, {}),
    ("concat", "{{ 1 ~ 'a' ~ none ~ [1] }}", {}, {}),
    ("string_ops", "{{ 'ab' * 3 }} {{ 'a' + 'b' }} {{ [1] + [2] }} {{ 'x' in 'xyz' }} {{ 2 not in [1] }}", {}, {}),
    ("compare_chain", "{{ 1 < 2 < 3 }} {{ 1 < 3 < 2 }} {{ 1 == 1.0 }} {{ 'a' < 'b' }} {{ [1, 2] < [1, 3] }}", {}, {}),
    ("logic", "{{ 0 or 'x' }} {{ 1 and 'y' }} {{ not 0 }} {{ none or [] }} {{ 'a' if false }}|{{ 'a' if 0 else 'b' }}", {}, {}),
    ("precedence", "{{ 1 + 2 * 3 }} {{ (1 + 2) * 3 }} {{ 2 ** 3 ** 2 }} {{ not 1 == 2 }} {{ -1|abs }}", {}, {}),
    ("attr_item", "{{ d.a }} {{ d['a'] }} {{ d.missing }}|{{ l[0] }} {{ l[-1] }} {{ l.0 }} {{ s[1] }}", {"d": {"a": 1}, "l": [1, 2], "s": "xyz"}, {}),
    ("dict_method_wins", "{{ d.items()|list }}|{{ d['items'] }}|{{ d.keys is callable }}", {"d": {"items": 5, "keys": 1}}, {}),
    ("slices", "{{ l[1:] }} {{ l[:-1] }} {{ l[::-1] }} {{ l[::2] }} {{ s[1:3] }} {{ s[::-1] }} {{ l[5:] }}", {"l": [1, 2, 3, 4], "s": "héllo"}, {}),
    ("methods", "{{ 'a,b'.split(',') }} {{ ' x '.strip() }} {{ 'ab'.upper() }} {{ d.get('x', 3) }} {{ d.keys()|list }} {{ 'a-b'.replace('-', '_') }}", {"d": {"k": 1}}, {}),
    ("if_elif", "{% for x in [1,2,3] %}{% if x == 1 %}one{% elif x == 2 %}two{% else %}many{% endif %} {% endfor %}", {}, {}),
    ("for_loop_attrs", "{% for x in 'abc' %}{{ loop.index }}{{ loop.index0 }}{{ loop.revindex }}{{ loop.revindex0 }}{{ loop.first }}{{ loop.last }}{{ loop.length }} {% endfor %}", {}, {}),
    ("for_else", "{% for x in [] %}x{% else %}empty{% endfor %}", {}, {}),
    ("for_filter", "{% for x in range(10) if x is odd %}{{ x }}{{ loop.last }} {% endfor %}", {}, {}),
    ("for_unpack", "{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}", {"d": {"b": 1, "a": 2}}, {}),
    ("for_dict_keys", "{% for k in d %}{{ k }}{% endfor %}", {"d": {"b": 1, "a": 2}}, {}),
    ("loop_cycle_changed", "{% for x in [1,1,2] %}{{ loop.cycle('a','b') }}{{ loop.changed(x) }} {% endfor %}", {}, {}),
    ("loop_prev_next", "{% for x in [1,2,3] %}{{ loop.previtem is defined }}{{ loop.nextitem|default('-') }} {% endfor %}", {}, {}),
    ("loop_nested_depth", "{% for a in [1] %}{% for b in [2] %}{{ loop.depth }}{{ loop.index }}{% endfor %}{% endfor %}", {}, {}),
    ("loop_recursive", "{% for n in tree recursive %}[{{ n.name }}{{ loop.depth }}{% if n.kids %}{{ loop(n.kids) }}{% endif %}]{% endfor %}",
     {"tree": [{"name": "a", "kids": [{"name": "b", "kids": []}]}, {"name": "c"}]}, {}),
    ("scope_for_set", "{% set x = 1 %}{% for i in [1,2] %}{{ x }}{% set x = i * 10 %}{{ x }}{% endfor %}{{ x }}", {}, {}),
    ("scope_if_set", "{% if true %}{% set y = 5 %}{% endif %}{{ y }}", {}, {}),
    ("scope_loop_var_not_leaking", "{% for i in [1] %}{% endfor %}{{ i is defined }}", {}, {}),
    ("namespace", "{% set ns = namespace(total=0) %}{% for i in [1,2,3] %}{% set ns.total = ns.total + i %}{% endfor %}{{ ns.total }}", {}, {}),
    ("set_tuple", "{% set a, b = 1, 2 %}{{ b }}{{ a }}", {}, {}),
    ("set_block", "{% set x %}A{{ 1 }}B{% endset %}[{{ x }}]{% set y | upper %}low{% endset %}{{ y }}", {}, {}),
    ("with", "{% set a = 1 %}{% with a = 2, b = a %}{{ a }}{{ b }}{% endwith %}{{ a }}", {}, {}),
    ("macro_defaults", "{% macro m(a, b=a ~ '!', c=none) %}{{ a }}{{ b }}{{ c }}{% endmacro %}{{ m(1) }}|{{ m(1, c=3) }}|{{ m(b=2, a=1) }}", {}, {}),
    ("macro_varargs_kwargs", "{% macro m(a) %}{{ a }}{{ varargs }}{{ kwargs }}{% endmacro %}{{ m(1, 2, 3, x=4) }}", {}, {}),
    ("macro_missing_param", "{% macro m(a, b) %}[{{ b }}]{% endmacro %}{{ m(1) }}", {}, {}),
    ("macro_closure", "{% set g = 'outer' %}{% macro m() %}{{ g }}{% endmacro %}{% set g = 'late' %}{{ m() }}", {}, {}),
    ("macro_recursion", "{% macro f(n) %}{% if n > 0 %}{{ n }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(3) }}", {}, {}),
    ("caller", "{% macro box() %}<{{ caller() }}>{% endmacro %}{% call box() %}in{% endcall %}", {}, {}),
    ("caller_args", "{% macro each(xs) %}{% for x in xs %}{{ caller(x) }}{% endfor %}{% endmacro %}{% call(v) each([1,2]) %}({{ v }}){% endcall %}", {}, {}),
    ("macro_attrs", "{% macro m(a, b) %}{% endmacro %}{{ m.name }} {{ m.arguments }}", {}, {}),
    ("filter_block", "{% filter upper %}abc{{ 'd' }}{% endfilter %}", {}, {}),
    ("include", {"main": "A{% include 'inc' %}B", "inc": "[{{ x }}]"}, {"x": 1}, {}),
    ("include_loop_vars", {"main": "{% for i in [1,2] %}{% include 'inc' %}{% endfor %}", "inc": "{{ i }}"}, {}, {}),
    ("include_without_context", {"main": "{% include 'inc' without context %}", "inc": "[{{ x }}]"}, {"x": 1}, {}),
    ("include_ignore_missing", {"main": "a{% include 'nope' ignore missing %}b"}, {}, {}),
    ("include_list", {"main": "{% include ['nope', 'inc'] %}", "inc": "found"}, {}, {}),
    ("import_as", {"main": "{% import 'lib' as lib %}{{ lib.hello('w') }}{{ lib.v }}", "lib": "{% set v = 3 %}{% macro hello(n) %}hi {{ n }}{% endmacro %}"}, {}, {}),
    ("from_import", {"main": "{% from 'lib' import hello as h, v %}{{ h('x') }}{{ v }}", "lib": "{% set v = 3 %}{% macro hello(n) %}hi {{ n }}{% endmacro %}"}, {}, {}),
    ("import_no_context", {"main": "{% import 'lib' as lib %}{{ lib.f() }}", "lib": "{% macro f() %}{{ x|default('none') }}{% endmacro %}"}, {"x": 1}, {}),
    ("import_with_context", {"main": "{% import 'lib' as lib with context %}{{ lib.f() }}", "lib": "{% macro f() %}{{ x|default('none') }}{% endmacro %}"}, {"x": 1}, {}),
    ("extends", {"main": "{% extends 'base' %}{% block b %}child {{ super() }}{% endblock %}", "base": "<{% block b %}base{% endblock %}>"}, {}, {}),
    ("extends_three", {"main": "{% extends 'mid' %}{% block b %}C{{ super() }}{% endblock %}", "mid": "{% extends 'base' %}{% block b %}M{{ super() }}{% endblock %}", "base": "[{% block b %}B{% endblock %}]"}, {}, {}),
    ("extends_self", {"main": "{% extends 'base' %}{% block t %}T{% endblock %}", "base": "{% block t %}{% endblock %}|{{ self.t() }}"}, {}, {}),
    ("extends_set_before", {"main": "{% extends 'base' %}{% set v = 'child' %}", "base": "{{ v }}"}, {}, {}),
    ("block_scoped", {"main": "{% for i in [1,2] %}{% block b scoped %}{{ i }}{% endblock %}{% endfor %}"}, {}, {}),
    ("block_unscoped", {"main": "{% for i in [1,2] %}{% block b %}{{ i }}{% endblock %}{% endfor %}"}, {}, {}),
    ("undefined_lenient", "[{{ missing }}]{{ missing is defined }}{{ missing|default('d') }}{% for x in missing %}x{% endfor %}", {}, {}),
    ("test_syntax", "{{ 4 is divisibleby 2 }} {{ 3 is not odd }} {{ x is none }} {{ 'a' is string }}", {"x": None}, {}),
    ("globals", "{{ range(3)|list }} {{ dict(a=1) }} {{ range(5, 0, -2)|list }}", {}, {}),
    ("dict_literal_in_var", "{{ {'a': {'b': 1}} }}", {}, {}),
    ("string_concat_literals", "{{ 'a' 'b' \"c\" }}", {}, {}),
    ("int_literals", "{{ 0x1F }} {{ 0b101 }} {{ 0o17 }} {{ 1_000 }} {{ 1.5e3 }} {{ 1_0.5 }}", {}, {}),
    ("unicode", "{{ s|length }} {{ s[0] }} {{ s.upper() }} {{ [s] }}", {"s": "éa"}, {}),
    # errors: Jinja2 raises
    ("err_syntax", "{% if x %}", {}, {}),
    ("err_unknown_tag", "{% frobnicate %}", {}, {}),
    ("err_unknown_filter", "{{ x|nope }}", {}, {}),
    ("err_strict", "{{ missing }}", {}, {"undefined": "strict"}),
    ("err_strict_if", "{% if missing %}x{% endif %}", {}, {"undefined": "strict"}),
    ("strict_defined_ok", "{{ missing is defined }}{{ missing|default('d') }}", {}, {"undefined": "strict"}),
    ("err_attr_of_undefined", "{{ missing.attr }}", {}, {}),
    ("err_type", "{{ 1 + 'a' }}", {}, {}),
    ("err_zero_div", "{{ 1 // 0 }}", {}, {}),
    ("err_macro_args", "{% macro m(a) %}{% endmacro %}{{ m(1, 2) }}", {}, {}),
    ("err_include_missing", {"main": "{% include 'nope' %}"}, {}, {}),
    ("unknown_filter_in_if_ok", "{% if false %}{{ x|nope }}{% endif %}ok", {}, {}),
    ("err_unknown_filter_in_if_taken", "{% if true %}{{ x|nope }}{% endif %}", {}, {}),
    ("err_extends_twice", {"main": "{% extends 'b' %}{% extends 'b' %}", "b": "x"}, {}, {}),
]


def render(templates, data, opts):
    if isinstance(templates, str):
        templates = {"main": templates}
    kw = dict(opts)
    strict = kw.pop("undefined", None) == "strict"
    env = jinja2.Environment(loader=jinja2.DictLoader(templates),
                             undefined=jinja2.StrictUndefined if strict else jinja2.Undefined, **kw)
    return env.get_template(next(iter(templates))).render(data)


def cxx_string(s):
    return json.dumps(s, ensure_ascii=False)  # a JSON string is a valid C++ string literal here


def main():
    lines = ["// Generated by tests/tools/gen_render_cases.py from Jinja2 " + jinja2.__version__ + ": do not edit.\n"]
    for name, templates, data, opts in CASES:
        if isinstance(templates, str):
            templates = {"main": templates}
        try:
            expected, error = render(templates, data, opts), False
        except Exception:
            expected, error = "", True
        lines.append("{%s, %s, %s, %s, %s, %s},\n" % (
            cxx_string(name), cxx_string(json.dumps(templates)), cxx_string(json.dumps(data)),
            cxx_string(json.dumps(opts)), cxx_string(expected), "true" if error else "false"))
    with open(OUT, "w", encoding="utf-8") as f:
        f.writelines(lines)
    print(f"wrote {len(CASES)} cases to {OUT}")


if __name__ == "__main__":
    sys.exit(main())
