#!/usr/bin/env python3
"""scalar() of templates/common.yml.j2 quotes exactly the strings its rule names.

The macro runs its costly tests only where they can hold (the YAML words for five letters or
fewer, the number test after a leading digit, '.' or a character past '~'). Its rule, written
here in Python as the macro first wrote it: a string is quoted ('...', quotes doubled) when it is
empty, lowers to a YAML 1.1 word, starts with an indicator or a space, ends with ':' or a space,
holds ': ' or ' #', or is digits once '.' and '-' are taken out once each. Hand-picked edge cases
(Unicode digits, letters whose lower case is longer, Markup-free ASCII punctuation) and seeded
random strings are rendered by wfgen and by Python's Jinja2; both must print what the rule says.

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

WORDS = ["true", "false", "null", "~", "yes", "no", "on", "off"]
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
]

ALPHABET = list("ab yYnNoOtTrRuUeEfF0123456789.-:# '\"~{}[],?!|>%@`&*") + [
    "\u0663", "\u00b2", "\u00e9", "\u0130", "\u007f", "\u212a"]


def rule(v):
    """The macro's rule, as first written (every test, in order)."""
    quoted = (v == "" or v.lower() in WORDS or v[0] in FIRST or v[-1] in ": " or ": " in v
              or " #" in v or v.replace(".", "", 1).replace("-", "", 1).isdigit())
    return "'" + v.replace("'", "''") + "'" if quoted else v


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

    templates = os.path.join(args.root, "templates")
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(templates), variable_start_string="!{{",
                             variable_end_string="}}", trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
    by_jinja = env.from_string(TEMPLATE).render(values=values)

    with tempfile.TemporaryDirectory() as tmp:
        template = os.path.join(tmp, "scalars.j2")
        data = os.path.join(tmp, "values.json")
        with open(template, "w", encoding="utf-8") as f:
            f.write(TEMPLATE)
        with open(data, "w", encoding="utf-8") as f:
            json.dump({"values": values}, f)
        run = subprocess.run(
            [args.wfgen, "render", template, "-I", templates, "-d", data, "--variable-start", "!{{",
             "--trim-blocks", "--lstrip-blocks", "--keep-trailing-newline", "--strict-undefined"],
            capture_output=True, text=True, encoding="utf-8", check=False)
    if run.returncode != 0:
        print("wfgen render failed:\n" + run.stderr)
        return 1

    failures = 0
    for name, got in (("Jinja2", by_jinja), ("wfgen", run.stdout)):
        got_lines, want_lines = got.split("\n"), expected.split("\n")
        if len(got_lines) != len(want_lines):
            print(f"{name}: {len(got_lines)} lines, expected {len(want_lines)}")
            failures += 1
            continue
        for v, g, w in zip(values, got_lines, want_lines):
            if g != w:
                print(f"{name}: scalar({v!r}) printed {g!r}, the rule says {w!r}")
                failures += 1
    print(f"{len(values)} strings, {failures} mismatches (seed {args.seed})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
