#!/usr/bin/env python3
"""scalar() of templates/common.yml.j2 quotes exactly the strings its rule names.

The macro runs its costly tests only where they can hold (the YAML words for five letters or
fewer, the number tests after a leading digit, '+', '.' or a character past '~'). Its rule,
written here in Python: a string is quoted ('...', quotes doubled) when it is empty, lowers to a
YAML 1.1 word (y and n, = and << included), starts with an indicator or a space, ends with ':' or
a space, holds ': ' or ' #', is digits once '.' and '-' are taken out once each, or starts with a
digit, '+' or '.' and is a number to Python's float() or int(v, 0) once every '_' is taken out
(YAML 1.1 reads 1__0 and 1_ as ints, and fails on 0x_), .inf or .nan, a YAML 1.1
sexagesimal (a ':') or date (four digits and '-'). A string that is not printable to Python
(str.isprintable(): control characters, U+0085, U+2028, U+2029, U+FEFF...) is written
double-quoted with Python's repr() escapes, which YAML shares (JSON's would split a character past
U+FFFF into two halves YAML does not join). Hand-picked edge cases (Unicode digits, letters
whose lower case is longer, Markup-free ASCII punctuation, every YAML number form) and seeded
random strings are rendered by wfgen and by Python's Jinja2; both must print what the rule says.
And what the rule prints must read back as the same string, as YAML 1.1 (PyYAML) and as YAML 1.2
(wfgen's reader, GitHub's version) read it. So must what text(), scalar()'s sibling for values that
may span lines (a literal block, or JSON), prints for each string and for multi-line ones.

Usage: test_scalar_quoting.py --wfgen BIN --root R [--shared S] [--seed N] [--count N]
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

import jinja2
import yaml

WORDS = ["true", "false", "null", "~", "yes", "no", "on", "off", "y", "n", "=", "<<"]
FIRST = "'\"{}[]*&!|>%@#`,?:- "

HAND_PICKED = [
    "", "a", "x", "false", "False", "fALSE", "yes", "Yes", "YES", "yEs", "no", "On", "OFF", "~", "null", "Null", "true1",
    "truer", "offset", "nope", "\u0130", "\u0130n", "K", "\u212a",  # İ lowers to 2 code points
    "12", "12.6", "3.10", "-1", "1-2", "1--2", "1..2", ".5", "5.", ".", "-", "-.", "1.2.3",
    "0x1F", "1e3", "cu126", "v1.2", "12a", "\u0663", "\u0663.\u0664", "\u00b2", "1\u00b2",
    "\u00e9", "\u00e9t\u00e9", "\u007f1", "a: b", "a:b", "a :", "a ", " a", "a #b", "a#b",
    "'q'", "\"q\"", "{x}", "[x]", "*x", "&x", "!x", "|x", ">x", "%x", "@x", "`x", ",x", "?x",
    ":x", "#x", "it's", "${{ github.sha }}", "manywheel", "/pytorch",
    "nvidia-cuda-nvrtc-cu12==12.6.77; platform_system == 'Linux'",
    "+1", "+1.5e+3", "1.0e3", "1E-3", "12e03", "0o17", "0O17", "0b101", "0x_1F", "007", "1_000",
    "1__0", "_1", "1_", ".inf", "-.Inf", "+.INF", ".nan", ".NaN", "inf", "nan", "Infinity", "1e",
    ".e3", "1:20", "190:20:30", "1:20.5", "2023-01-01", "2023-1-1", "2023-", "202-01", "3.13t",
    "2xlarge", "y", "Y", "n", "N", "=", "<<", "=x", "<<x", "<", "0x_", "0b__", "+0x_", "0x_1",
    "a\nb", "a\n", "\n", "a\r\nb", "a\rb", "\tx", "a\tb", "x\t", "a\x00b", "\x1b[0m", "a\x7fb",
    "a\x85b", "a\u2028b", "a\u2029", "\ufeffx", "it's\n<&>", "\x7f", "a\xa0b", "a\u200bb",
    "\U0001F680\u00a0Deploy", "\U0001F468\u200d\U0001F4BB", "\U0001F600\t", "\U000e0020", "it's \"\t\"",
    "\\\t'", "\U0001F600",
]

ALPHABET = list("ab yYnNoOtTrRuUeEfF0123456789.-:# '\"~{}[],?!|>%@`&*+x_i=<\\") + [
    "\u0663", "\u00b2", "\u00e9", "\u0130", "\u007f", "\u212a", "\n", "\t", "\x01", "\u2028",
    "\U0001F468", "\u200d", "\U000e0020", "\xa0"]


def reads_as_number(v):
    for read in (float, lambda s: int(s, 0)):
        try:
            read(v)
            return True
        except ValueError:
            pass
    return False


def double_quoted(v):
    """v double-quoted with repr()'s escapes (a single-quoted repr requoted)."""
    r = repr(v)
    if r[0] == "'":
        return '"' + r[1:-1].replace("\\'", "'").replace('"', '\\"') + '"'
    return r


def rule(v):
    """The macro's rule (every test, in order)."""
    if not v.isprintable():
        return double_quoted(v)
    quoted = (v == "" or v.lower() in WORDS or v[0] in FIRST or v[-1] in ": " or ": " in v
              or " #" in v or v.replace(".", "", 1).replace("-", "", 1).isdigit()
              or (v[0] in "0123456789+." and (
                  reads_as_number(v.replace("_", "")) or v.lower() in (".inf", "+.inf", ".nan") or ":" in v
                  or v.replace("_", "").lower() in ("0x", "0b", "+0x", "+0b")
                  or (v[:4].isdigit() and v[4:5] == "-"))))
    return "'" + v.replace("'", "''") + "'" if quoted else v


def read_back(wfgen, text, tmp):
    """The document as YAML 1.1 (PyYAML) and as YAML 1.2 (`wfgen data`) read it; None where a
    reader refuses it."""
    try:
        by_pyyaml = yaml.safe_load(text)
    except (yaml.YAMLError, ValueError):  # a constructor's error too (0x_ as an int)
        by_pyyaml = None
    path = os.path.join(tmp, "printed.yml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    run = subprocess.run([wfgen, "data", path], capture_output=True, text=True,
                         encoding="utf-8", check=False)
    by_wfgen = json.loads(run.stdout) if run.returncode == 0 else None
    return by_pyyaml, by_wfgen


def render_with_wfgen(wfgen, templates, source, values, tmp):
    """`source` rendered by `wfgen render` with `values`, or None (said) when it fails. Read
    as bytes: text mode would turn a '\r' into '\n'."""
    template = os.path.join(tmp, "main.j2")
    data = os.path.join(tmp, "values.json")
    with open(template, "w", encoding="utf-8") as f:
        f.write(source)
    with open(data, "w", encoding="utf-8") as f:
        json.dump({"values": values}, f)
    run = subprocess.run(
        [wfgen, "render", template, "-I", templates, "-d", data, "--variable-start", "!{{",
         "--trim-blocks", "--lstrip-blocks", "--keep-trailing-newline", "--strict-undefined"],
        capture_output=True, check=False)
    if run.returncode != 0:
        print("wfgen render failed:\n" + run.stderr.decode("utf-8", "replace"))
        return None
    return run.stdout.decode("utf-8")


def misread(macro, values, reads):
    """How many of `values` the two readers (PyYAML's and wfgen's reads of what `macro` printed
    for each, as k0, k1...) read back as something else; a refused document counts once."""
    failures = 0
    for name, read in zip(("PyYAML (YAML 1.1)", "wfgen data (YAML 1.2)"), reads):
        if read is None:
            print(f"{macro}(): {name} refused what it printed")
            failures += 1
            continue
        for i, v in enumerate(values):
            if read[f"k{i}"] != v:
                print(f"{macro}({v!r}): {name} read back {read[f'k{i}']!r}")
                failures += 1
    return failures


MULTI_LINE = [
    "a\nb", "a\n", "a\n\n", "a\nb\n", "a\nb\n\n", " a\nb", "\na", "a\n\tb", "\ta\nb", "a\r\nb",
    "a\nb\x01", "a\n\u2028b", "a\nb  ", "a\n  b", "- a\nb", "a: b\nc", "a\n#b", "'a\nb'", "a\n\x7f",
    "${{ x }}\nrun: y", "it's\n<&>", "echo \"\U0001F468\u200d\U0001F4BB done\"\necho ok\n",
    " \U0001F600\nx", "\U0001F600\n\U000e0020",
]

TEXT_TEMPLATE = ('{% from "common.yml.j2" import text %}\n'
                 "{% for v in values %}\n"
                 "k!{{ loop.index0 }}: !{{ text(v, 2) }}\n"
                 "{% endfor %}\n")

TEMPLATE = ('{% from "common.yml.j2" import scalar %}\n'
            "{% for v in values %}\n"
            "!{{ scalar(v) }}\n"
            "{% endfor %}\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wfgen", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--shared")
    ap.add_argument("--seed", type=int, default=20261129)
    ap.add_argument("--count", type=int, default=3000)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    values = list(HAND_PICKED)
    for _ in range(args.count):
        values.append("".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 7))))
    expected = "".join(rule(v) + "\n" for v in values)
    assert "\n" not in "".join(rule(v) for v in values)  # one printed scalar a line

    templates = os.path.join(args.root, "templates")
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(templates), variable_start_string="!{{",
                             variable_end_string="}}", trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
    by_jinja = env.from_string(TEMPLATE).render(values=values)

    with tempfile.TemporaryDirectory() as tmp:
        by_wfgen_render = render_with_wfgen(args.wfgen, templates, TEMPLATE, values, tmp)
        if by_wfgen_render is None:
            return 1
        printed = "".join(f"k{i}: {rule(v)}\n" for i, v in enumerate(values))
        by_pyyaml, by_wfgen = read_back(args.wfgen, printed, tmp)
        # text(): wfgen prints what Jinja2 prints, and YAML reads it back.
        texts = values + MULTI_LINE
        by_jinja_text = env.from_string(TEXT_TEMPLATE).render(values=texts)
        by_wfgen_text = render_with_wfgen(args.wfgen, templates, TEXT_TEMPLATE, texts, tmp)
        text_reads = read_back(args.wfgen, by_jinja_text, tmp)

    failures = 0
    for name, got in (("Jinja2", by_jinja), ("wfgen", by_wfgen_render)):
        got_lines, want_lines = got.split("\n"), expected.split("\n")
        if len(got_lines) != len(want_lines):
            print(f"{name}: {len(got_lines)} lines, expected {len(want_lines)}")
            failures += 1
            continue
        for v, g, w in zip(values, got_lines, want_lines):
            if g != w:
                print(f"{name}: scalar({v!r}) printed {g!r}, the rule says {w!r}")
                failures += 1
    failures += misread("scalar", values, (by_pyyaml, by_wfgen))
    if by_wfgen_text != by_jinja_text:
        print("text(): wfgen's output differs from Jinja2's")
        failures += 1
    failures += misread("text", texts, text_reads)
    print(f"{len(values)} strings, {failures} mismatches (seed {args.seed})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
