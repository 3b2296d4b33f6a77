#!/usr/bin/env python3
"""PyTorch conformance through the CLI: the 17 cases of SHARED/conformance/pytorch/cases.json.

Each case renders `templates/<template>` with `contexts/<case>.json` using the environment in
cases.json (PyTorch: `!{{` variable start, StrictUndefined) via `wfgen render`, with `-I templates`,
and must print exactly the bytes of `expected/<case>`. Fails (never skips) when the shared folder
or the binary is missing.

Usage: test_conformance_cli.py --wfgen BIN --shared SHARED [--root REPO] [--filter SUBSTR]
"""

import argparse
import difflib
import hashlib
import json
import os
import shutil
import subprocess
import sys
from script_support import memory_limit_prefix

# cases.json environment key -> (CLI flag, Jinja2 default: the flag is passed only when it differs)
STRING_OPTIONS = {
    "variable_start_string": ("--variable-start", "{{"),
    "variable_end_string": ("--variable-end", "}}"),
    "block_start_string": ("--block-start", "{%"),
    "block_end_string": ("--block-end", "%}"),
    "comment_start_string": ("--comment-start", "{#"),
    "comment_end_string": ("--comment-end", "#}"),
}
BOOL_OPTIONS = {
    "trim_blocks": "--trim-blocks",
    "lstrip_blocks": "--lstrip-blocks",
    "keep_trailing_newline": "--keep-trailing-newline",
}




def environment_flags(env):
    flags = []
    for key, (flag, default) in STRING_OPTIONS.items():
        if env.get(key, default) != default:
            flags.append(f"{flag}={env[key]}")
    for key, flag in BOOL_OPTIONS.items():
        if env.get(key):
            flags.append(flag)
    undefined = env.get("undefined", "Undefined")
    if undefined == "StrictUndefined":
        flags.append("--strict-undefined")
    elif undefined != "Undefined":
        raise SystemExit(f"FAIL: unsupported undefined kind in cases.json: {undefined}")
    return flags


def first_difference(expected, actual):
    exp_lines = expected.decode("utf-8", "replace").splitlines(keepends=True)
    act_lines = actual.decode("utf-8", "replace").splitlines(keepends=True)
    diff = list(difflib.unified_diff(exp_lines, act_lines, "expected", "wfgen", n=2))
    return "".join(diff[:30]) if diff else "(no line difference: trailing bytes differ)"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wfgen", required=True)
    ap.add_argument("--shared", required=True)
    ap.add_argument("--root")
    ap.add_argument("--filter", default="")
    opts = ap.parse_args()

    wfgen = os.path.abspath(opts.wfgen)
    base = os.path.join(os.path.abspath(opts.shared), "conformance", "pytorch")
    cases_path = os.path.join(base, "cases.json")
    if not os.path.isfile(cases_path):
        print(f"FAIL: conformance cases missing: {cases_path}")
        return 1
    if not (os.path.isfile(wfgen) and os.access(wfgen, os.X_OK)):
        print(f"FAIL: wfgen binary not found or not executable: {wfgen}")
        return 1
    with open(cases_path, encoding="utf-8") as f:
        spec = json.load(f)
    flags = environment_flags(spec["environment"])
    cases = [c for c in spec["cases"] if opts.filter in c["name"]]
    if not cases:
        print("FAIL: no conformance cases selected")
        return 1

    templates = os.path.join(base, "templates")
    limit = memory_limit_prefix(wfgen)
    failed = 0
    for case in cases:
        with open(os.path.join(base, case["expected"]), "rb") as f:
            expected = f.read()
        if "sha256" in case and hashlib.sha256(expected).hexdigest() != case["sha256"]:
            print(f"FAIL {case['name']}: expected file does not match its sha256 in cases.json")
            failed += 1
            continue
        args = [wfgen, "render", os.path.join(templates, case["template"]),
                "-d", os.path.join(base, case["context"]), "-I", templates] + flags
        try:
            proc = subprocess.run(limit + args, capture_output=True, timeout=60)
        except subprocess.TimeoutExpired:
            print(f"FAIL {case['name']}: timeout")
            failed += 1
            continue
        if proc.returncode != 0:
            err = proc.stderr.decode("utf-8", "replace").strip()
            print(f"FAIL {case['name']}: exit {proc.returncode}\n  {err[:600]}")
            failed += 1
        elif proc.stdout != expected:
            print(f"FAIL {case['name']}: output differs ({len(proc.stdout)} bytes, expected "
                  f"{len(expected)})\n{first_difference(expected, proc.stdout)}")
            failed += 1
        else:
            print(f"ok   {case['name']} ({len(expected)} bytes)")
    print(f"conformance: {len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
