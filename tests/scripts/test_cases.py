#!/usr/bin/env python3
# ctest-shards: 4
"""Run the table-driven Jinja2 conformance suite (tests/cases/*.yml) through `wfgen render`.

Every case's expected bytes come from Python's Jinja2 (tests/cases/refresh.py). A case passes when
`wfgen render` prints exactly those bytes and exits 0; an error case (`error: true`) passes when wfgen
exits 1 with nothing on stdout and a first stderr line `FILE:LINE:COL: error: MESSAGE` where MESSAGE is
Jinja2's (`jinja_error` without its exception type), FILE:LINE is where Jinja2 puts the error
(`error_template`, `error_line`) and COL is `error_col` (Jinja2 reports no column: refresh.py
--wfgen records wfgen's once its file and line agree with Jinja2's, so a column that moves fails).
The differences we keep on purpose (error wording, a few outputs) are listed, with the reason, in
tests/cases/known_differences.yml; for those the test asserts wfgen's own text (and that Jinja2's
still differs).

Usage: test_cases.py --wfgen BIN [--root REPO] [--shared DIR] [--filter SUBSTR] [--list-failures]
                     [--lenient-location] [--json OUT] [-j N] [--shard K/N]
Exits non-zero on any failure, and when the suite cannot run at all (missing binary or cases).
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml
from script_support import is_sanitized, memory_limit_prefix

ERROR_LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): error: (?P<message>.*)$")
TIMEOUT_SECONDS = 3
LIMIT = []  # prlimit prefix, set in main()






KNOWN_DIFFERENCES = "known_differences.yml"


def load_known_differences(cases_dir):
    """{case id: entry}: the error messages (and locations) we word differently from Jinja2, each
    with its reason."""
    with open(os.path.join(cases_dir, KNOWN_DIFFERENCES), encoding="utf-8") as f:
        entries = yaml.safe_load(f) or []
    known = {}
    for entry in entries:
        if not entry.get("reason") or not {"message", "location", "output"} & set(entry):
            raise SystemExit(f"{KNOWN_DIFFERENCES}: {entry.get('case')}: needs a reason and a "
                             "message, location or output")
        known[entry["case"]] = entry
    return known


def jinja_message(case):
    """Jinja2's str(exception), as recorded: `jinja_error` without the exception type."""
    return case["jinja_error"].split(": ", 1)[1] if ": " in case["jinja_error"] else ""


def load_cases(cases_dir):
    cases = []
    for fname in sorted(os.listdir(cases_dir)):
        if not fname.endswith(".yml") or fname == KNOWN_DIFFERENCES:
            continue
        with open(os.path.join(cases_dir, fname), encoding="utf-8") as f:
            for case in yaml.safe_load(f) or []:
                case["id"] = f"{fname[:-4]}/{case['name']}"
                cases.append(case)
    return cases


def case_templates(case):
    tpl = case["template"]
    if isinstance(tpl, str):
        return {"main.j2": tpl}, "main.j2"
    main = next((n for n in tpl if n == "main" or n.startswith("main.")), next(iter(tpl)))
    return tpl, main


def cli_args(wfgen, main_path, data_path, options):
    args = [wfgen, "render", main_path, "-d", data_path]
    # A case's options are the engine's (generator/jinja/options.h), by name: a switch is the
    # flag --NAME-WITH-DASHES, a delimiter --NAME-WITH-DASHES=VALUE (an unknown one is a usage
    # error of wfgen, so the case fails).
    for key, value in options.items():
        flag = "--" + key.replace("_", "-")
        if isinstance(value, bool):
            if value:
                args.append(flag)
        else:
            args.append(f"{flag}={value}")  # `=`: values may start with '-'
    return args


def short(data, limit=300):
    """repr of the first lines of bytes/str, for failure reports."""
    if isinstance(data, bytes):
        data = data.decode("utf-8", "replace")
    lines = data.split("\n")
    text = "\n".join(lines[:6])
    if len(text) > limit:
        text = text[:limit]
    suffix = f" ... (+{len(data) - len(text)} chars)" if len(text) < len(data) else ""
    return repr(text) + suffix


def check_error(case, first_err, tdir, known):
    """(failure, location_failure) for an error case's first stderr line; None where it holds."""
    m = ERROR_LINE.match(first_err)
    if not m:
        return f"stderr first line not FILE:LINE:COL: error: ... : {short(first_err)}", None
    entry = known.get(case["id"], {})
    got_message = m.group("message").replace(tdir, "<dir>")
    want_message = entry.get("message", jinja_message(case))
    if "message" in entry and entry["message"] == jinja_message(case):
        return f"listed in {KNOWN_DIFFERENCES} but Jinja2 now says the same: remove the entry", None
    if got_message != want_message:
        return (f"message {got_message!r}\n      expected {want_message!r}"
                + (f" ({KNOWN_DIFFERENCES})" if "message" in entry else " (Jinja2's)")), None
    got_file = m.group("file").replace(tdir + os.sep, "")
    got = f"{got_file}:{m.group('line')}:{m.group('col')}"
    if "location" in entry:
        want = entry["location"]
    elif case.get("error_template") and case.get("error_line") and case.get("error_col"):
        want = f"{case['error_template']}:{case['error_line']}:{case['error_col']}"
    else:
        return None, (f"no location to compare: Jinja2 gave none and {KNOWN_DIFFERENCES} lists none"
                      if not case.get("error_line") else
                      "no error_col recorded (tests/cases/refresh.py --wfgen BIN)")
    if got != want:
        return None, f"location {got}, expected {want} ({case.get('jinja_error')})"
    return None, None


def render_with_wfgen(wfgen, case):
    """Runs `wfgen render` on a case in a fresh directory: (CompletedProcess, template dir);
    raises subprocess.TimeoutExpired."""
    files, main = case_templates(case)
    with tempfile.TemporaryDirectory(prefix="wfgen-case-") as tmp:
        tdir = os.path.join(tmp, "t")
        for rel, src in files.items():
            path = os.path.join(tdir, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(src.encode("utf-8"))
        data_path = os.path.join(tmp, "data.json")
        with open(data_path, "w", encoding="utf-8") as f:
            json.dump(case.get("data") or {}, f)
        args = cli_args(wfgen, os.path.join(tdir, main), data_path, case.get("options") or {})
        for n, entry in enumerate(case.get("data_files") or []):
            extra = os.path.join(tmp, f"d{n}", entry["name"])
            os.makedirs(os.path.dirname(extra))
            with open(extra, "wb") as f:
                f.write(entry["text"].encode("utf-8"))
            args += ["-d", extra]
        for rel in case.get("include_dirs") or []:
            args += ["-I", os.path.join(tdir, rel)]
        return subprocess.run(LIMIT + args, capture_output=True, timeout=TIMEOUT_SECONDS), tdir


def run_case(wfgen, case, known):
    """Returns (status, detail, warning): status 'pass' or 'fail'; warning: a location failure."""
    try:
        proc, tdir = render_with_wfgen(wfgen, case)
    except subprocess.TimeoutExpired:
        return "fail", f"timeout after {TIMEOUT_SECONDS}s", None
    out, err, rc = proc.stdout, proc.stderr.decode("utf-8", "replace"), proc.returncode
    first_err = err.split("\n", 1)[0]
    if rc < 0 or rc > 2:
        if rc == -6 or b"bad_alloc" in proc.stderr:
            return "fail", f"out of memory (>1 GB) or abort (exit {rc}); stderr: {short(err)}", None
        return "fail", f"crashed (exit {rc}); stderr: {short(err)}", None
    if case.get("error"):
        if rc != 1:
            return "fail", (f"expected an error ({case.get('jinja_error')}), got exit {rc}, "
                            f"stdout {short(out)}"), None
        if out:
            return "fail", f"error exit but stdout not empty: {short(out)}", None
        failure, location = check_error(case, first_err, tdir, known)
        if failure:
            return "fail", failure, None
        return "pass", None, location
    expected_text = case["expected"]
    if "output" in known.get(case["id"], {}):
        if known[case["id"]]["output"] == expected_text:
            return "fail", f"listed in {KNOWN_DIFFERENCES} but Jinja2 now gives the same output", None
        expected_text = known[case["id"]]["output"]
    if rc != 0:
        return "fail", f"exit {rc}, expected {short(expected_text)}; stderr: {short(first_err)}", None
    expected = expected_text.encode("utf-8")
    if out != expected:
        return "fail", f"expected {short(expected)}\n      actual   {short(out)}", None
    return "pass", None, None


def contract_checks(wfgen):
    """The CLI contract beyond rendering: exit codes, data loading errors, -o. -> [(id, detail)]"""
    failures = []
    with tempfile.TemporaryDirectory(prefix="wfgen-cli-") as tmp:
        def write(name, text):
            path = os.path.join(tmp, name)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            return path

        tpl = write("t.j2", "v={{ v }}\n")
        good = write("good.json", '{"v": 1}')
        out = os.path.join(tmp, "out.txt")
        checks = [  # (id, args, expected exit code, expected stdout or None)
            ("cli/usage_no_template", ["render"], 2, None),
            ("cli/usage_unknown_option", ["render", tpl, "--bogus"], 2, None),
            ("cli/missing_template_file", ["render", os.path.join(tmp, "nope.j2")], 1, b""),
            ("cli/missing_data_file", ["render", tpl, "-d", os.path.join(tmp, "no.json")], 1, b""),
            ("cli/malformed_json", ["render", tpl, "-d", write("bad.json", '{"v": ')], 1, b""),
            ("cli/malformed_yaml", ["render", tpl, "-d", write("bad.yml", "v: [1, 2\n")], 1, b""),
            ("cli/render_ok", ["render", tpl, "-d", good], 0, b"v=1"),
            ("cli/output_file", ["render", tpl, "-d", good, "-o", out], 0, b""),
        ]
        for cid, args, want_rc, want_out in checks:
            try:
                p = subprocess.run(LIMIT + [wfgen] + args, capture_output=True,
                               timeout=TIMEOUT_SECONDS)
            except subprocess.TimeoutExpired:
                failures.append((cid, "timeout"))
                continue
            if p.returncode != want_rc:
                failures.append((cid, f"exit {p.returncode}, expected {want_rc}; stderr "
                                      f"{short(p.stderr)}"))
            elif want_out is not None and p.stdout != want_out:
                failures.append((cid, f"stdout {short(p.stdout)}, expected {short(want_out)}"))
            elif want_rc != 0 and not p.stderr.strip():
                failures.append((cid, "no message on stderr"))
        written = open(out, "rb").read() if os.path.exists(out) else None
        if written != b"v=1":
            failures.append(("cli/output_file_content", f"-o wrote {written!r}, expected b'v=1'"))
    return len(checks) + 1, failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wfgen", required=True)
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    ap.add_argument("--shared", default=None)
    ap.add_argument("--filter", default="", help="only cases whose file/name contains SUBSTR")
    ap.add_argument("--list-failures", action="store_true", help="print only failing case ids")
    ap.add_argument("--lenient-location", action="store_true",
                    help="report a differing error location as a warning, not a failure")
    ap.add_argument("--json", help="write per-case results to this file")
    ap.add_argument("-j", type=int, default=max(2, os.cpu_count() or 2))
    ap.add_argument("--shard", default="1/1",
                    help="K/N: only every N-th case from the K-th (ctest runs the N shards "
                         "side by side); the CLI contract checks run in shard 1")
    opts = ap.parse_args()
    try:
        shard, shards = (int(x) for x in opts.shard.split("/"))
        if not 1 <= shard <= shards:
            raise ValueError
    except ValueError:
        print(f"FAIL: --shard {opts.shard!r}: expected K/N with 1 <= K <= N")
        return 1

    cases_dir = os.path.join(opts.root, "tests", "cases")
    wfgen = os.path.abspath(opts.wfgen)
    if not (os.path.isfile(wfgen) and os.access(wfgen, os.X_OK)):
        print(f"FAIL: wfgen binary not found or not executable: {wfgen}")
        return 1
    if not os.path.isdir(cases_dir):
        print(f"FAIL: cases directory missing: {cases_dir}")
        return 1
    global LIMIT, TIMEOUT_SECONDS
    LIMIT = memory_limit_prefix(wfgen)
    if is_sanitized(wfgen):  # sanitizers run several times slower: catch hangs, not slowness
        TIMEOUT_SECONDS *= 5
    cases = [c for c in load_cases(cases_dir) if opts.filter in c["id"]][shard - 1::shards]
    if not cases:
        print(f"FAIL: no cases found in {cases_dir} (filter {opts.filter!r})")
        return 1

    known = load_known_differences(cases_dir)
    unknown = set(known) - {c["id"] for c in load_cases(cases_dir)}
    if unknown:
        print(f"FAIL: {KNOWN_DIFFERENCES} lists cases that do not exist: {sorted(unknown)}")
        return 1
    with concurrent.futures.ThreadPoolExecutor(max_workers=opts.j) as pool:
        results = list(pool.map(lambda c: run_case(wfgen, c, known), cases))

    failures = [(c, d) for c, (s, d, _) in zip(cases, results) if s == "fail"]
    n_contract, contract_failures = ((0, []) if opts.filter or shard != 1
                                     else contract_checks(wfgen))
    failures += [({"id": cid, "template": ""}, detail) for cid, detail in contract_failures]
    warnings = [(c, w) for c, (_, _, w) in zip(cases, results) if w]
    if not opts.lenient_location:
        failures += warnings
        warnings = []
    if opts.json:
        with open(opts.json, "w", encoding="utf-8") as f:
            json.dump([{"id": c["id"], "status": s, "detail": d, "warning": w}
                       for c, (s, d, w) in zip(cases, results)], f, indent=1)
    if opts.list_failures:
        for case, _ in failures:
            print(case["id"])
    else:
        for case, detail in failures:
            print(f"FAIL {case['id']}\n      template {short(json.dumps(case['template']), 200)}")
            print(f"      {detail}")
        for case, warning in warnings:
            print(f"WARN {case['id']}: {warning}")
    passed = len(cases) + n_contract - len(failures)
    print(f"cases: {passed} passed, {len(failures)} failed"
          + (f", {len(warnings)} location warnings" if warnings else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
