# Template cases for gen_builtin_cases.py (exec'd there). "S:" = StrictUndefined.

@suite("filters_string")
def _():
    return [
        '{{ "Hello"|upper }}|{{ "ÄbC ß"|lower }}|{{ "äbc"|upper }}|{{ 12|upper }}|{{ x|upper }}',
        'S:{{ x|upper }}',
        '{{ "hello WORLD"|capitalize }}|{{ ""|capitalize }}|{{ "élan VITAL"|capitalize }}',
        '{{ "hello-world foo"|title }}|{{ "hELLO wORLD (foo) [bar] <x>y {z}"|title }}|{{ "äbc ÿx"|title }}|{{ "  a  b"|title }}',
        '{{ "  x  "|trim }}|{{ "xxaxx"|trim("x") }}|{{ "\u3000 a\t\n"|trim }}|{{ "abcba"|trim("ab") }}',
        '{{ "abc"|center(10) }}|{{ "abc"|center(8) }}|{{ "abcd"|center(9) }}|{{ "abc"|center(2) }}|{{ "é"|center(4) }}',
        '{{ "x"|center }}',
        '{{ "aaa"|replace("a", "b", 2) }}|{{ "abc"|replace("", "-") }}|{{ "abc"|replace("", "-", 2) }}|{{ 123|replace(2, 5) }}|{{ "a.b.c"|replace(".", "::") }}',
        '{{ "  a\n\nb\n"|indent }}',
        '{{ "a\n\nb\n"|indent(2, true, true) }}',
        '{{ "a\r\nb"|indent("> ") }}|{{ ""|indent(first=true) }}|{{ "x\ny"|indent(width=0) }}|{{ "x\ny"|indent(-1) }}',
        '{{ "a\n  b\n\nc"|indent(3, first=true) }}',
        '{{ 42|indent }}',
        '{{ x|indent }}',
        '{{ "abc"|indent(2.5) }}',
        '{{ "hello world foo bar"|truncate(9) }}|{{ "hello world foo bar"|truncate(9, true) }}|{{ "hello world foo"|truncate(11) }}',
        '{{ "foo bar baz qux"|truncate(11, False, "...", 0) }}|{{ "foobarbazqux"|truncate(5, leeway=0) }}|{{ "foo bar baz"|truncate(7, end="~", leeway=0) }}',
        '{{ "ää ää ää ää ää ää"|truncate(8, leeway=0) }}|{{ x|truncate(3) }}|{{ [1,2]|truncate(3) }}',
        '{{ "abc"|truncate(2) }}',
        '{{ "abcdef"|truncate(4, leeway=-1) }}',
        '{{ "a b_c d-e 12 äö"|wordcount }}|{{ ""|wordcount }}|{{ x|wordcount }}|{{ 123|wordcount }}',
        '{{ "Hello, world! This is a long sentence to wrap around nicely."|wordwrap(10) }}',
        '{{ "a\nb c d e f"|wordwrap(3, wrapstring="|") }}',
        '{{ "averyveryverylongword short"|wordwrap(5) }}',
        '{{ "averyveryverylongword short"|wordwrap(5, false) }}',
        '{{ "foo-bar-baz-qux quux"|wordwrap(6) }}|{{ "foo-bar-baz-qux quux"|wordwrap(6, break_on_hyphens=false) }}',
        '{{ "a -- b --c well--known self-made x-y"|wordwrap(4) }}',
        '{{ "  leading spaces and   inner   runs  "|wordwrap(8) }}',
        '{{ "para one is here\n\npara two is there"|wordwrap(9) }}',
        '{{ ("word " * 30)|wordwrap }}',
        '{{ "abc"|wordwrap(0) }}',
        '{{ 5|string }}|{{ none|string }}|{{ [1, "a"]|string }}|{{ x|string }}|{{ 1.5|string }}|{{ true|string }}',
        'S:{{ x|string }}',
        '{{ "%s-%d"|format("a", 3) }}',
        '{{ "%(a)s"|format(a=1) }}',
        '{{ "%s %s"|format(1, b=2) }}',
    ]


@suite("filters_html")
def _():
    return [
        '{{ "<a href=\'x\'>&\\"</a>"|e }}|{{ none|e }}|{{ x|escape }}|{{ 5|forceescape }}|{{ "<b>x</b>"|safe }}',
        '{{ "  <p>Hello <!-- c <x> -->  &amp; &lt;b&gt; &raquo; &#65;&#x42; &nbsp;x</p>\n y"|striptags }}',
        '{{ "a <b>bold</b> and <i>it</i>"|striptags }}|{{ "no tags"|striptags }}|{{ "<unclosed"|striptags }}',
        '{{ "a b/c?d=é&"|urlencode }}|{{ {"a b": "c/d", "x": 1}|urlencode }}|{{ [("a", 1), ("b", "c d")]|urlencode }}',
        '{{ 42|urlencode }}|{{ none|urlencode }}|{{ "~-_.!*\'()"|urlencode }}|{{ x|urlencode }}',
        '{{ {"class": "x<y", "id": none, "data-x": 1}|xmlattr }}|{{ {"class": "x"}|xmlattr(false) }}|{{ {}|xmlattr }}|{{ {"a": x}|xmlattr }}',
        '{{ {"a b": "x"}|xmlattr }}',
        '{{ {"a=": "x"}|xmlattr }}',
        '{{ "visit http://example.com/x?y=1, or www.foo.org."|urlize }}',
        '{{ "mail me@example.com or mailto:a@b.io (https://a.b/c)"|urlize }}',
        '{{ "see https://example.com/very/long/path"|urlize(15, true, target="_blank") }}',
        '{{ "<http://x.com> &lt;y.com&gt; example.net"|urlize }}',
        '{{ "ftp://host/file and tel:123"|urlize(extra_schemes=["ftp://", "tel:"]) }}',
        '{{ "http://127.0.0.1:8080/p and https://[::1]/"|urlize(rel="me") }}',
    ]


@suite("filters_sequence")
def _():
    return [
        '{{ none|default("x") }}|{{ ""|default("x", true) }}|{{ 0|d("y", boolean=true) }}|{{ x|default }}|{{ x|d(1) }}|{{ false|default(1) }}',
        'S:{{ x|default("s") }}|{{ x|d(none) }}',
        '{{ [1,2]|length }}|{{ "äb"|count }}|{{ {"a": 1}|length }}|{{ x|length }}|{{ ""|length }}',
        '{{ 5|length }}',
        'S:{{ x|length }}',
        '{{ "abc"|list }}|{{ {"a": 1}|list }}|{{ (1, 2)|list }}|{{ x|list }}|{{ []|list }}',
        '{{ 5|list }}',
        '{{ "abc"|first }}{{ "abc"|last }}{{ {"k": 1, "j": 2}|first }}{{ {"k": 1, "j": 2}|last }}|{{ []|first }}|{{ []|last }}|{{ x|first }}|{{ x|last }}',
        'S:{{ []|first }}',
        'S:{{ []|last }}',
        '{{ [1,2]|join }}|{{ [1,none,"x"]|join(", ") }}|{{ [{"a": 1}, {"a": 2}]|join("|", attribute="a") }}|{{ {"a": 1, "b": 2}|join(",") }}|{{ "abc"|join("-") }}|{{ x|join(",") }}',
        '{{ [[1, [2, 3]], [4, [5, 6]]]|join(",", attribute="1.0") }}|{{ [1, 2]|join(d="+") }}',
        '{{ "abc"|reverse }}|{{ {"a": 1, "b": 2}|reverse|list }}|{{ [1, 2, 3]|reverse|list }}|{{ "äöü"|reverse }}|{{ x|reverse|list }}',
        '{{ 5|reverse }}',
        '{{ {"a": 1, "b": [2]}|items|list }}|{{ x|items|list }}',
        'S:{{ x|items|list }}',
        '{{ [1]|items|list }}',
        '{{ {"a": 1}|attr("a") }}|{{ ""|attr("upper") is callable }}',
        '{{ {"b": 1, "A": 2, "a": 3}|dictsort }}|{{ {"b": 1, "A": 2, "a": 3}|dictsort(true) }}|{{ {"b": 1, "A": 2, "c": 0}|dictsort(by="value", reverse=true) }}',
        '{{ {"b": "Y", "a": "x", "c": "z"}|dictsort(false, "value") }}|{{ {}|dictsort }}',
        '{{ {"b": 1}|dictsort(by="x") }}',
        '{{ x|dictsort }}',
        '{{ ["b", "A", "a", "C"]|sort }}|{{ ["b", "A", "a", "C"]|sort(case_sensitive=true) }}|{{ ["b", "A", "a", "C"]|sort(true) }}',
        '{{ [{"n": "b", "a": 2}, {"n": "a", "a": 2}, {"n": "c", "a": 1}]|sort(attribute="a,n") }}',
        '{{ [[1, "x"], [0, "y"]]|sort(attribute="0") }}|{{ [3, 1.5, true, -2]|sort }}|{{ [(2, "a"), (1, "b"), (2, "A")]|sort }}',
        '{{ [{"n": "B"}, {"n": "a"}, {"n": "C"}]|sort(attribute="n", reverse=true)|map(attribute="n")|join }}',
        '{{ [1, "a"]|sort }}',
        '{{ [{"a": 1}, {"b": 2}]|sort(attribute="a") }}',
        '{{ [2, 1, "a", 3]|sort }}',
        '{{ ["b", 1, "a"]|sort(reverse=true) }}',
        '{{ [3, 2, 1, "x"]|sort }}',
        '{{ [{"a": 2}, {"a": 1}, [1], {"a": 3}]|sort(attribute="a", reverse=true) }}',
        '{{ [{"a": true}, {"a": "x"}, {"a": 1}]|groupby("a", default="zz") }}',
        '{{ [5, 3, 9, 1, 7, 2, 8, 3, 6, 4, 0, 3]|sort }}|{{ ["b", "A", "c", "B", "a"]|sort(reverse=true) }}|{{ [[2, "b"], [1, "z"], [2, "a"]]|sort(attribute="0", reverse=true) }}',
        '{{ ["foo", "bar", "foobar", "FooBar"]|unique|list }}|{{ ["foo", "FOO"]|unique(true)|list }}|{{ [1, 1.0, true, 2]|unique|list }}',
        '{{ [{"a": 1}, {"a": 1}, {"a": 2}]|unique(attribute="a")|list }}|{{ x|unique|list }}',
        '{{ [[1], [1]]|unique|list }}',
        '{{ ["b", "A", "c"]|min }}|{{ ["b", "A", "c"]|max }}|{{ ["b", "A", "c"]|max(true) }}|{{ ["B", "a"]|min(case_sensitive=true) }}|{{ []|max }}|{{ [{"a": 3}, {"a": 1}]|min(attribute="a") }}',
        '{{ [1, 3, 2]|max }}|{{ [2.5, 1, true]|min }}|{{ ["a", "A"]|min }}|{{ ["a", "A"]|max }}|{{ "hello"|max }}',
        'S:{{ []|min }}',
        '{{ [1, "a"]|max }}',
        '{{ [1, 2.5, true]|sum }}|{{ [[1], [2]]|sum(start=[]) }}|{{ [{"p": 1}, {"p": 2}]|sum(attribute="p") }}|{{ []|sum }}|{{ [1, 2]|sum(start=10) }}|{{ x|sum }}',
        '{{ [9223372036854775807, 1]|sum }}|{{ [0.1, 0.2]|sum }}',
        '{{ ["a"]|sum }}',
        '{{ ["a", "b"]|sum(start="") }}',
        '{{ [1, x]|sum }}',
        '{{ [1,2,3,4,5,6,7]|slice(3)|list }}|{{ [1,2,3,4,5,6,7]|slice(3, 0)|list }}|{{ []|slice(2)|list }}|{{ x|slice(2)|list }}|{{ [1,2]|slice(5)|list }}',
        '{{ [1]|slice(0)|list }}',
        '{{ [1,2,3,4,5]|batch(2)|list }}|{{ [1,2,3]|batch(2, "x")|list }}|{{ [1,2]|batch(0)|list }}|{{ []|batch(3)|list }}|{{ "abcde"|batch(2)|list }}',
        '{{ [{"c": "NY", "n": 1}, {"c": "ca", "n": 2}, {"c": "CA", "n": 3}]|groupby("c") }}',
        '{{ [{"c": "NY", "n": 1}, {"c": "ca", "n": 2}, {"c": "CA", "n": 3}]|groupby("c", case_sensitive=true) }}',
        '{{ [{"c": "NY", "n": 1}, {"n": 2}]|groupby("c", default="ZZ") }}|{{ []|groupby("a") }}|{{ x|groupby("a") }}',
        '{% for g in [{"c": 1, "v": "a"}, {"c": 2, "v": "b"}, {"c": 1, "v": "c"}]|groupby("c") %}{{ g.grouper }}={{ g.list|map(attribute="v")|join }};{% endfor %}',
        '{% for k, items in [{"a": {"b": 2}}, {"a": {"b": 1}}]|groupby("a.b") %}{{ k }}:{{ items|length }} {% endfor %}',
        '{{ [3, 1, 2]|random is number }}|{{ []|random }}|{{ "a"|random }}',
    ]


@suite("filters_select")
def _():
    return [
        '{{ [1, 2, 3, 4]|select("odd")|list }}|{{ [1, 2, 3, 4]|reject("odd")|list }}|{{ [0, 1, "", "a", none]|select|list }}|{{ [0, 1, "", "a", none]|reject|list }}',
        '{{ [1, 2, 3, 6]|select("divisibleby", 3)|list }}|{{ [1, 5, 9]|select("lessthan", 6)|list }}|{{ ["a", "b"]|select("equalto", "b")|list }}|{{ [1, 2]|select(">", 1)|list }}',
        '{{ [1, "a", none, 2.5]|select("number")|list }}|{{ x|select("odd")|list }}|{{ []|select("nope")|list }}',
        '{% set users = [{"n": "a", "on": true, "e": none}, {"n": "b", "on": false, "e": "b@x"}] %}{{ users|selectattr("on")|map(attribute="n")|list }}|{{ users|rejectattr("on")|map(attribute="n")|list }}|{{ users|selectattr("e", "none")|map(attribute="n")|list }}|{{ users|rejectattr("e", "none")|map(attribute="n")|list }}',
        '{% set xs = [{"a": {"b": 1}}, {"a": {"b": 2}}, {"a": {}}] %}{{ xs|selectattr("a.b", "defined")|list|length }}|{{ xs|selectattr("a.b", "eq", 2)|list }}|{{ xs|selectattr("a.b", "in", [1, 2])|list|length }}',
        '{{ ["a", "B"]|map("upper")|list }}|{{ [1.26, 2.5]|map("round", 1)|list }}|{{ ["a b", "c d"]|map("replace", " ", "_")|list }}|{{ [[1], [2, 3]]|map("length")|list }}',
        '{{ [{"a": 1}, {"b": 2}]|map(attribute="a")|list }}|{{ [{"a": 1}, {"b": 2}]|map(attribute="a", default=0)|list }}|{{ [[1, 2], [3, 4]]|map(attribute="1")|list }}|{{ x|map("upper")|list }}',
        '{{ ["x", "y"]|map("default", "z")|list }}|{{ [3, 1]|map("string")|join("-") }}|{{ ["a"]|map("center", width=5)|list }}',
        '{{ [{"a": 1}]|map(attribute="a", x=1)|list }}',
        '{{ [1]|selectattr|list }}',
        '{{ [1]|select("nope")|list }}',
        '{{ [1]|map("nope")|list }}',
        'S:{{ x|map("upper")|list }}',
        'S:{{ [{"a": 1}]|map(attribute="b")|map("default", "d")|list }}',
    ]


@suite("filters_number")
def _():
    return [
        '{{ -5|abs }}|{{ true|abs }}|{{ -2.5|abs }}|{{ 3|abs }}|{{ -9223372036854775807|abs }}',
        '{{ "x"|abs }}',
        '{{ x|abs }}',
        '{{ "42"|int }}|{{ "0x1A"|int(0, 16) }}|{{ "0x1A"|int(0, 0) }}|{{ "010"|int(0, 0) }}|{{ " 1_000 "|int }}|{{ "1_000.5"|int }}|{{ "12.7e1"|int }}',
        '{{ "-0b101"|int(base=2) }}|{{ "abc"|int(base=36) }}|{{ "z"|int(-1, 37) }}|{{ 3.7|int }}|{{ -3.7|int }}|{{ none|int }}|{{ true|int }}|{{ [1]|int }}',
        '{{ "1e3"|int }}|{{ " 12 "|int }}|{{ "1 2"|int(-1) }}|{{ 1e20|int }}|{{ "99999999999999999999"|int }}|{{ "inf"|int }}|{{ "nan"|int(7) }}|{{ "0o17"|int(base=8) }}|{{ "ff"|int(base=16) }}|{{ "x"|int("d") }}',
        '{{ "1__0"|int(5) }}|{{ "_1"|int(5) }}|{{ "0x_f"|int(5, 16) }}|{{ "1_"|int(5) }}|{{ "+7"|int }}|{{ "-0"|int }}',
        '{{ x|int }}',
        '{{ 1|float }}|{{ true|float }}|{{ "1e3"|float }}|{{ [1]|float }}|{{ none|float(2) }}|{{ "  -4.5  "|float }}|{{ "1_0.5"|float }}|{{ "infinity"|float }}|{{ "-nan"|float }}|{{ "x"|float(none) }}|{{ "1e400"|float }}|{{ ".5"|float }}|{{ "5."|float }}|{{ "1_e5"|float }}',
        '{{ x|float }}',
        '{{ 42|round }}|{{ 42.55|round }}|{{ 42.55|round(1) }}|{{ 2.5|round }}|{{ 1234|round(-2) }}|{{ 1250|round(-2) }}|{{ 1350|round(-2) }}|{{ -1250|round(-2) }}',
        '{{ 42.55|round(1, "floor") }}|{{ 42.55|round(-1, "ceil") }}|{{ 42|round(1, "ceil") }}|{{ 2.675|round(2) }}|{{ -0.5|round }}|{{ 1.5|round }}|{{ 0.1|round(3, "floor") }}|{{ -1.5|round(0, "floor") }}|{{ 15|round(-1) }}|{{ 25|round(-1) }}|{{ true|round }}',
        '{{ 42|round(0, "x") }}',
        '{{ "x"|round }}',
        '{{ 1.0|round(1.5) }}',
        '{{ 0|filesizeformat }}|{{ 1|filesizeformat }}|{{ 999|filesizeformat }}|{{ 1000|filesizeformat }}|{{ 1500000|filesizeformat }}|{{ "2048"|filesizeformat(true) }}|{{ 1e30|filesizeformat }}|{{ -5|filesizeformat }}|{{ 1.5|filesizeformat }}|{{ 123456789012|filesizeformat(true) }}',
        '{{ "x"|filesizeformat }}',
        '{{ none|filesizeformat }}',
    ]


@suite("filters_json")
def _():
    return [
        '{{ {"b": 1, "a": "<x>"}|tojson }}|{{ [1, "a"]|tojson(indent=2) }}|{{ {"a": [1,2]}|tojson("--") }}',
        '{{ {"b": [1, 2.5, none, true, false], "a": {"x": "é<>&\'\\"\\\\\n\u2028😀"}, "c": [], "d": {}}|tojson(2) }}',
        '{{ [1, [2, {}]]|tojson(0) }}|{{ {1: 2, 2.5: "x", none: 3, true: 4}|tojson }}|{{ "str"|tojson }}|{{ 1e16|tojson }}|{{ (1, 2)|tojson }}',
        '{{ 12345678901234567890123|tojson }}|{{ -0.0|tojson }}|{{ 1.0|tojson }}|{{ none|tojson }}',
        '{{ {1: 2, "a": 3}|tojson }}',
        '{{ {(1,2): 2}|tojson }}',
        '{{ x|tojson }}',
        'S:{{ x|tojson }}',
        '{{ [{"b": 1}]|groupby("b")|tojson }}',
        '{{ {"b": 1, "a": [1, 2, {"z": 1, "y": 2}]}|pprint }}|{{ "x"|pprint }}|{{ x|pprint }}|{{ none|pprint }}|{{ (1,)|pprint }}|{{ [1, 2.5, "a\'b"]|pprint }}',
        'S:{{ x|pprint }}',
        '{{ {"key%02d"|format(1): "value" * 10, "another": ["item"] * 8, "n": {"deep": "x" * 70}}|pprint }}',
        '{{ ["a" * 30, "b" * 30, ("c" * 30, "d" * 30)]|pprint }}',
        '{{ ("word " * 40)|pprint }}',
        '{{ {"z": ("line one\\nline two " * 6)}|pprint }}',
        '{{ {1: "a", "b": 2, none: 3}|pprint }}',
    ]


@suite("builtin_tests")
def _():
    return [
        '{{ 3 is odd }}{{ -3 is odd }}{{ 3.0 is odd }}{{ -4 is even }}{{ 2.5 is even }}{{ true is odd }}{{ 0 is even }}',
        '{{ "a" is odd }}',
        '{{ [1] is odd }}',
        '{{ x is odd }}',
        '{{ 10 is divisibleby(3) }}{{ 9 is divisibleby(3) }}{{ 9.0 is divisibleby(1.5) }}{{ -9 is divisibleby(-3) }}{{ 7 is divisibleby(-1) }}',
        '{{ 5 is divisibleby(0) }}',
        '{{ 5.0 is divisibleby(0) }}',
        '{{ "upper" is filter }}{{ "nope" is filter }}{{ "odd" is test }}{{ 1 is filter }}{{ "==" is test }}{{ "d" is filter }}',
        '{{ "abc" is lower }}{{ "aBc" is lower }}{{ "123" is lower }}{{ "ABC1" is upper }}{{ 1 is lower }}{{ x is lower }}{{ "ÄB" is upper }}',
        '{{ 1 is number }}{{ true is number }}{{ 1.5 is integer }}{{ true is integer }}{{ 1 is float }}{{ 1.0 is float }}{{ 1 is integer }}{{ "1" is number }}',
        '{{ {} is mapping }}{{ [] is mapping }}{{ "a" is sequence }}{{ {} is sequence }}{{ 1 is sequence }}{{ x is sequence }}',
        'S:{{ x is sequence }}|{{ x is callable }}|{{ x is defined }}|{{ x is undefined }}|{{ x is none }}|{{ x is string }}|{{ x is mapping }}',
        '{{ none is sameas none }}{{ 1 is sameas 1 }}{{ 1000 is sameas 1000 }}{{ true is sameas true }}{{ [] is sameas [] }}{{ 1 is sameas true }}{{ x is sameas x }}',
        '{% set l = [1] %}{{ l is sameas l }}',
        '{{ "a" is in "abc" }}{{ 1 is in [1,2] }}{{ "k" is in {"k": 1} }}{{ 3 is in [1, 2] }}{{ 1.0 is in [1] }}{{ x is in [1] }}',
        '{{ 1 is in x }}',
        '{{ 1 is in "abc" }}',
        '{{ 1 is in 5 }}',
        '{{ 1 is eq 1.0 }}{{ 1 is ne 2 }}{{ 2 is gt 1 }}{{ 2 is ge 2 }}{{ 1 is lt 2 }}{{ 1 is le 0 }}{{ "a" is lessthan "b" }}{{ 2 is greaterthan 3 }}{{ "a" is equalto "a" }}',
        '{{ 1 is gt "a" }}',
        '{{ x is gt 1 }}',
        '{{ x is eq 1 }}{{ x is ne 1 }}',
        '{{ range is callable }}{{ "x" is callable }}{{ joiner() is callable }}{{ x is callable }}{{ "".upper is callable }}',
        '{{ true is boolean }}{{ 1 is boolean }}{{ false is false }}{{ 0 is false }}{{ true is true }}{{ 1 is true }}',
        '{{ "x" is escaped }}{{ 1 is escaped }}',
        '{{ 1 is iterable }}{{ "a" is iterable }}{{ range(2) is iterable }}{{ {} is iterable }}{{ x is iterable }}',
        'S:{{ x is iterable }}',
        '{{ none is none }}{{ x is undefined }}{{ 1 is string }}{{ "" is string }}{{ x is defined }}{{ 0 is defined }}',
        '{{ [1, 2, 3]|select("in", [2, 3])|list }}|{{ [1, 2, 3]|reject("ge", 2)|list }}',
    ]


@suite("globals")
def _():
    return [
        '{{ range(3) }}|{{ range(1, 10, 3) }}|{{ range(5, 0, -2)|list }}|{{ range(0) }}|{{ range(3)|length }}|{{ range(-3) }}|{{ range(3)|join(",") }}|{{ range(10, 0, -3)|list }}',
        '{% for i in range(2, 5) %}{{ i }}{{ loop.index }} {% endfor %}|{{ range(3)|sum }}|{{ range(4)|reverse|list }}|{{ range(3)|map("string")|join }}',
        '{{ range(1, 2, 0) }}',
        '{{ range("a") }}',
        '{{ range() }}',
        '{{ range(1,2,3,4) }}',
        '{{ range(stop=3) }}',
        '{{ range(1.5) }}',
        '{{ dict(a=1, b="x") }}|{{ dict() }}|{{ dict({"a": 1}, b=2) }}|{{ dict([("k", 1)]) }}|{{ dict(a=1).a }}',
        '{% set c = cycler("a", "b") %}{{ c.next() }}{{ c.next() }}{{ c.current }}{{ c.next() }}{{ c.reset() }}{{ c.next() }}',
        '{% set c = cycler(1, 2, 3) %}{% for i in range(5) %}{{ c.next() }}{% endfor %}',
        '{{ cycler() }}',
        '{% set j = joiner() %}{{ j() }}x{{ j() }}y{{ j() }}|{% set k = joiner("|") %}{{ k() }}{{ k() }}',
        '{% set ns = namespace(a=1) %}{% set ns.b = 2 %}{{ ns.a }}{{ ns.b }}{{ ns }}|{{ ns.c }}|{{ namespace({"x": 1}, y=2) }}|{{ namespace() }}',
        '{% set ns = namespace(found=false) %}{% for i in [1, 2, 3] %}{% if i == 2 %}{% set ns.found = true %}{% endif %}{% endfor %}{{ ns.found }}',
        '{% set ns = namespace(total=0) %}{% for i in range(4) %}{% set ns.total = ns.total + i %}{% endfor %}{{ ns.total }}',
        'S:{% set ns = namespace(a=1) %}{{ ns.c }}',
        '{{ lipsum(0) }}',
    ]


@suite("filters_args")
def _():
    # Keyword arguments, argument errors and cases real workflow templates use.
    return [
        '{{ "x"|center(width=3, fill=1) }}',
        '{{ [3,1]|sort(reverse=true, foo=1) }}',
        '{{ "a"|replace("a") }}',
        '{{ [1]|batch }}',
        '{{ [1]|slice }}',
        '{{ [1]|groupby }}',
        '{{ "abc"|truncate(length=2, end="") }}|{{ "abc def ghi"|truncate(length=5, killwords=true, end="", leeway=0) }}',
        '{{ [1, 2]|join(d=", ") }}|{{ {"b": 2, "a": 1}|dictsort(reverse=true) }}|{{ [2, 1]|sort(reverse=false) }}',
        '{{ "a\nb"|indent(width=2, first=true, blank=true) }}|{{ "a\n\nb"|indent(first=false, blank=true, width="\t") }}',
        '{{ 3.14159|round(precision=2) }}|{{ 3.14159|round(2, method="ceil") }}|{{ "12"|int(default=5, base=8) }}|{{ "zz"|float(default=1.5) }}',
        '{{ [1, 2, 3]|select("gt", 1)|map("string")|join(",") }}|{{ ["a", "b"]|map("upper")|join }}',
        '{{ {"python": ["3.9", "3.10"], "os": "linux"}|tojson }}',
        '{%- set matrix = [{"python": "3.10", "cuda": "12.1", "os": "linux"}, {"python": "3.9", "cuda": "11.8", "os": "linux"}, {"python": "3.10", "cuda": "11.8", "os": "windows"}] -%}'
        '{% for os, rows in matrix|groupby("os") %}{{ os }}: {{ rows|map(attribute="python")|unique|sort|join(" ") }} [{{ rows|map(attribute="cuda")|max }}]\n{% endfor %}'
        '{{ matrix|selectattr("os", "equalto", "linux")|map(attribute="cuda")|list|tojson }}\n'
        '{{ matrix|rejectattr("python", "in", ["3.9"])|list|length }}\n'
        '{{ matrix|sort(attribute="cuda,python")|map(attribute="python")|join(",") }}\n'
        '{{ matrix|map(attribute="python")|map("replace", ".", "")|list }}\n'
        '{{ (matrix|first).items()|list }}\n'
        '{{ matrix|sum(attribute="python", start="")|default("n/a") if false else matrix|length }}',
        '{% set d = {"b": {"x": 1}, "a": {"x": 2}} %}{% for k, v in d|dictsort %}{{ k }}={{ v.x }};{% endfor %}{% for k, v in d|items %}{{ k }}{% endfor %}|{{ d|dictsort(by="value") }}',
        '{{ "  Some Title  "|trim|lower|replace(" ", "-") }}|{{ "build"|center(11)|replace(" ", ".") }}|{{ "%-8s|%5.2f|%03d"|format("ab", 3.14159, 7) }}',
        '{{ "linux-x86_64-cuda12.1"|truncate(10, true, "") }}|{{ "a-b_c d"|title }}|{{ "ÉCOLE ÉTÉ"|capitalize }}|{{ "straße"|upper }}',
        '{{ "ǆemal ǅx"|capitalize }}|{{ "ßa ǆb"|title }}|{{ "ǅ" is upper }}|{{ "ǅa" is lower }}|{{ "ΣΑΣ"|lower }}|{{ "ﬁne"|upper }}',
        '{{ "héllo wörld ünïcode wrapping"|wordwrap(7) }}|{{ "x²y³ ab"|wordcount }}|{{ "١٢٣"|int }}',
        '{{ namespace(a=1)|tojson }}',
        '{{ "ab"|round(1, "floor") }}',
        '{{ none|round(-1, "ceil") }}',
        '{{ [1]|indent }}',
        '{{ 3|random }}',
        '{{ ["x", none, "", 0, false, [], "y"]|select|list }}|{{ ["x", none, "y"]|reject("none")|list }}|{{ [1, 2, 3, 4, 5, 6]|batch(4, 0)|list }}',
    ]
