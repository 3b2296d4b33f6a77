#!/usr/bin/env python3
"""CRCR: one table of downstream repos (matrices/crcr/downstream.yml) makes PyTorch's
allowlist and every downstream repo's receivers.

    test_crcr.py --wfgen BIN --root REPO --shared SHARED

- Onboarding is one entry: in a temporary copy, a new L1 repo joins the allowlist and
  gets the guide's receiver; no other file changes.
- Promotion L1 -> L3 is one edited line: the allowlist moves the repo under its label and
  its receiver takes the L3 shape (label-gated jobs reporting to the relay's callback).
- Every rule of the table is an error at its file:line:col, and nothing is written.
- Security: no receiver of wfgen's shape (all but Ascend's, a recorded finding) expands
  github.event inside a `run:` script, and each checks PyTorch out by SHA; Ascend's
  findings are exactly those docs/crcr.md lists.

Fails (never skips) when shared/ is missing.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

from script_support import snapshot

MATRIX = os.path.join("matrices", "crcr", "downstream.yml")
ALLOWLIST = os.path.join("generated", "pytorch", ".github", "allowlist.yml")
DOWNSTREAM = os.path.join("generated", "downstream")
ASCEND = os.path.join(DOWNSTREAM, "Ascend", "pytorch", ".github", "workflows", "pytorch_ci_trigger.yml")
RBLN_ROW = "  - {repo: RBLN-SW/torch-rbln, level: 1}\n"

failures = []


def expect(cond, what, detail=""):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)
        if detail:
            print(detail)


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def load(path):
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)




def copy_project(src, dst):
    for name in ("wfgen.yml", "templates", "matrices", "generated"):
        s = os.path.join(src, name)
        (shutil.copytree if os.path.isdir(s) else shutil.copy)(s, os.path.join(dst, name))


def edit(text, old, new):
    assert text.count(old) == 1, f"{old!r} must occur once in {MATRIX}"
    return text.replace(old, new)


def position(text, anchor):
    """1-based line:col where `anchor` (unique in text) starts, or where its '»' is."""
    context = anchor.replace("»", "")
    assert text.count(context) == 1, f"anchor {context!r} must occur once"
    i = text.index(context) + max(anchor.find("»"), 0)
    line = text.count("\n", 0, i) + 1
    return f"{line}:{i - (text.rfind(chr(10), 0, i) + 1) + 1}"


# -- security scan ------------------------------------------------------------------

EXPR = re.compile(r"\$\{\{(.*?)\}\}", re.S)


def run_findings(path):
    """(file line, expression) of every ${{ }} inside a `run:` script that reads
    github.event (the relay's client_payload, or the whole event that holds it)."""
    doc = yaml.compose(read(path))
    found = []
    jobs = next(v for k, v in doc.value if k.value == "jobs")
    for _, job in jobs.value:
        steps = next((v for k, v in job.value if k.value == "steps"), None)
        for step in steps.value if steps else []:
            for k, v in step.value:
                if k.value != "run":
                    continue
                first = v.start_mark.line + (2 if v.style in ("|", ">") else 1)
                for m in EXPR.finditer(v.value):
                    if "github.event" in m.group(1):
                        found.append((first + v.value.count("\n", 0, m.start()), m.group(0)))
    return found


def pytorch_checkouts(wf):
    """The `ref:` of every step checking out pytorch/pytorch."""
    refs = []
    for job in wf.get("jobs", {}).values():
        for step in job.get("steps", []):
            w = step.get("with") or {}
            if str(step.get("uses", "")).startswith("actions/checkout") and w.get("repository") == "pytorch/pytorch":
                refs.append(w.get("ref"))
    return refs


def by_sha(ref):
    """A ref that can only be a commit SHA: each `||` alternative ends in .sha or .after."""
    m = re.fullmatch(r"\$\{\{(.*)\}\}", (ref or "").strip(), re.S)
    if not m:
        return False
    alternatives = [a.strip() for a in m.group(1).split("||")]
    return all(re.search(r"(\.head\.sha|\.payload\.after)$", a) for a in alternatives)


def security(root):
    scanned, checkouts = 0, 0
    for d, _, names in os.walk(os.path.join(root, DOWNSTREAM)):
        for n in sorted(names):
            path = os.path.join(d, n)
            rel = os.path.relpath(path, root)
            if rel == ASCEND:
                continue
            scanned += 1
            expect(run_findings(path) == [], f"{rel}: no run script expands github.event",
                   repr(run_findings(path)))
            refs = pytorch_checkouts(load(path))
            checkouts += len(refs)
            expect(all(by_sha(r) for r in refs), f"{rel}: its {len(refs)} PyTorch checkout(s) by SHA", repr(refs))
    expect(scanned == 7 and checkouts == 5,
           "the scan covered the guide's and the data-described receivers (7 files, 5 PyTorch checkouts)",
           f"{scanned} files, {checkouts} checkouts")

    # Ascend's receiver is the recorded exception: its findings are exactly those documented.
    found = run_findings(os.path.join(root, ASCEND))
    expect(len(found) == 6, "Ascend's receiver expands the payload in run: 6 expressions", repr(found))
    docs = read(os.path.join(root, "docs", "crcr.md"))
    documented = set(re.findall(r"^\| (\d+) \| [^|]+ \| `(\$\{\{.*?\}\})` \|", docs, re.M))
    expect(documented == {(str(line), e) for line, e in found},
           "docs/crcr.md lists each of Ascend's expressions at its line of the generated file",
           f"documented {sorted(documented)}\nfound {found}")
    matrix = load(os.path.join(root, MATRIX))
    ascend = next(r for r in matrix["entries"] if r["repo"] == "Ascend/pytorch")
    known = ascend["receivers"][0]["known_findings"]
    rules = [f["rule"] for f in known]
    expect(rules == ["template-injection"], "Ascend's row records the finding as template-injection", repr(rules))
    # ... and wfgen.yml waives it for that file with the same reason, so lint lists it as waived.
    waivers = load(os.path.join(root, "wfgen.yml"))["lint"]["waivers"]
    waiver = [w for w in waivers if w["rule"] == "template-injection" and w.get("file") == ASCEND.replace(os.sep, "/")]
    expect(len(waiver) == 1 and waiver[0]["reason"] == known[0]["reason"],
           "wfgen.yml waives Ascend's template-injection with the reason its row records", repr(waiver))


def lint_waived(wfgen, root):
    """`wfgen lint` over the project: Ascend's template-injection findings are listed as
    waived warnings with the row's reason, and no other receiver has one."""
    r = run([wfgen, "lint", "--format", "json", "-C", root])
    report = json.loads(r.stdout)
    injections = [f for f in report["findings"] if f["rule"] == "template-injection"]
    reason = next(x for x in load(os.path.join(root, MATRIX))["entries"]
                  if x["repo"] == "Ascend/pytorch")["receivers"][0]["known_findings"][0]["reason"]
    expect(r.returncode == 0 and len(injections) == 6
           and all(f["file"] == ASCEND.replace(os.sep, "/") and f["waived"]
                   and f["severity"] == "warning" and f["waiver_reason"] == reason for f in injections),
           "wfgen lint: Ascend's 6 template-injection findings (the 4 echoed fields, the "
           "client_payload heredoc and the whole-event heredoc) are waived warnings with the row's reason",
           "\n".join(f"{f['file']}:{f['line']}:{f['col']} waived={f['waived']}" for f in injections))


# -- one entry, one edit ------------------------------------------------------------

def generate(wfgen, root):
    r = run([wfgen, "generate", "-C", root])
    return r.returncode, r.stdout + r.stderr


def one_edit(wfgen, root, tmp, old, new, what, outputs):
    """In a copy of the project at tmp, replaces `old` by `new` in the table and generates:
    exactly the table and `outputs` must change. Returns the allowlist before and after."""
    copy_project(root, tmp)
    before = snapshot(tmp)
    path = os.path.join(tmp, MATRIX)
    write(path, edit(read(path), old, new))
    rc, out = generate(wfgen, tmp)
    expect(rc == 0, f"{what}: generate succeeds", out)
    after = snapshot(tmp)
    changed = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
    expect(changed == sorted([MATRIX] + outputs), f"{what}: only {', '.join(outputs)} change", repr(changed))
    return yaml.safe_load(before[ALLOWLIST]), load(os.path.join(tmp, ALLOWLIST))


def onboarding(wfgen, root, shared):
    new = "generated/downstream/example-org/pytorch-npu/.github/workflows/pytorch_ci.yml"
    with tempfile.TemporaryDirectory() as tmp:
        old, cur = one_edit(wfgen, root, tmp, RBLN_ROW, RBLN_ROW + "  - {repo: example-org/pytorch-npu, level: 1}\n",
                            "onboarding", [ALLOWLIST, new])
        expect(cur == {**old, "L1": old["L1"] + ["example-org/pytorch-npu"]},
               "onboarding: the allowlist gains the repo at the end of L1", repr(cur))
        sys.path.insert(0, os.path.join(shared, "tools"))
        import yaml_equal
        problems = yaml_equal.compare(os.path.join(shared, "reference", "crcr", "doc_pytorch_ci.yml"),
                                      os.path.join(tmp, new))
        expect(problems == [], "onboarding: its receiver is the guide's pytorch_ci.yml", "\n".join(problems))
        r = run([wfgen, "check", "-C", tmp])
        expect(r.returncode == 0, "onboarding: check passes after generate", r.stdout + r.stderr)


def promotion(wfgen, root, shared):
    promoted = "  - {repo: RBLN-SW/torch-rbln, level: 3, label: rbln, oncall: [rbln-oncall]}\n"
    expect(RBLN_ROW.count("\n") == promoted.count("\n") == 1, "promotion: one line of the table changes")
    receiver = "generated/downstream/RBLN-SW/torch-rbln/.github/workflows/pytorch_ci.yml"
    with tempfile.TemporaryDirectory() as tmp:
        old, cur = one_edit(wfgen, root, tmp, RBLN_ROW, promoted, "promotion", [ALLOWLIST, receiver])
        expect(cur == {**old, "L1": [r for r in old["L1"] if r != "RBLN-SW/torch-rbln"],
                       "L3": {"rbln": {"RBLN-SW/torch-rbln": ["rbln-oncall"]}, **old["L3"]}},
               "promotion: the allowlist moves the repo from L1 to L3 under its label", repr(cur))

        wf = load(os.path.join(tmp, receiver))
        jobs = wf["jobs"]
        gate = "contains(github.event.client_payload.payload.pull_request.labels.*.name, 'ciflow/crcr/rbln')"
        expect(wf["permissions"] == {"contents": "read", "id-token": "write"},
               "promotion: the receiver may authenticate to the callback (id-token: write)", repr(wf["permissions"]))
        expect(list(jobs) == ["cancel-workflow", "ci"] and gate in jobs["ci"]["if"],
               "promotion: its job runs on PRs labeled ciflow/crcr/rbln (or landed without it)", repr(jobs))
        steps = jobs["ci"]["steps"]
        callback = "pytorch/test-infra/.github/actions/cross-repo-ci-relay-callback@main"
        expect(steps[0] == {"uses": callback, "with": {"status": "in_progress"}} and
               steps[-1] == {"if": "always()", "uses": callback,
                             "with": {"status": "completed", "conclusion": "${{ job.status }}"}},
               "promotion: the job reports in_progress, then its result, to the relay", repr(steps))
        expect([s.get("name") for s in steps[1:-1]] ==
               ["Checkout downstream repo", "Checkout PyTorch at triggered commit", "Build and test"],
               "promotion: the guide's steps stay between the two reports", repr(steps))
        r = run([sys.executable, os.path.join(shared, "tools", "validate_workflows.py"), os.path.join(tmp, receiver)])
        expect(r.returncode == 0, "promotion: the L3 receiver validates against the schema", r.stdout)


DESCRIBED = """\
  - repo: example-org/pytorch-npu
    level: 2
    receivers:
      - jobs:
          - id: test
            runs_on: linux-npu
            env:
              PR_NUMBER: ${{ github.event.client_payload.payload.pull_request.number }}
            steps:
              - {name: Build, run: ./ci/build.sh pytorch}
              - {name: Test, run: ./ci/test.sh "$PR_NUMBER"}
"""


def described(wfgen, root, shared):
    """docs/crcr.md's example: a receiver described by data hands payload values to its
    scripts through env:, and the scan finds nothing in it."""
    docs = read(os.path.join(root, "docs", "crcr.md"))
    expect(DESCRIBED in docs, "described: the example is docs/crcr.md's")
    rel = "generated/downstream/example-org/pytorch-npu/.github/workflows/pytorch_ci.yml"
    with tempfile.TemporaryDirectory() as tmp:
        one_edit(wfgen, root, tmp, RBLN_ROW, RBLN_ROW + DESCRIBED, "described", [ALLOWLIST, rel])
        new = os.path.join(tmp, rel)
        job = load(new)["jobs"]["test"]
        expect(job["runs-on"] == "linux-npu" and job["env"] == {
            "PR_NUMBER": "${{ github.event.client_payload.payload.pull_request.number }}"},
            "described: the job's runner and env are the row's", repr(job))
        expect([s.get("name") for s in job["steps"]] ==
               [None, "Checkout downstream repo", "Checkout PyTorch at triggered commit", "Build", "Test", None],
               "described: its steps sit between the L2 callback's two reports", repr(job["steps"]))
        expect(run_findings(new) == [] and all(by_sha(r) for r in pytorch_checkouts(load(new))),
               "described: no run script expands github.event; PyTorch by SHA")
        r = run([sys.executable, os.path.join(shared, "tools", "validate_workflows.py"), new])
        expect(r.returncode == 0, "described: the receiver validates against the schema", r.stdout)


# -- rules --------------------------------------------------------------------------

# (what, old text, new text, anchor of the error in the new text, message[, anchor of
# {first}: where a value that must be unique was first used])
RULES = [
    ("a repo appears once across all levels", RBLN_ROW,
     RBLN_ROW + "  - {repo: NVIDIA/pytorch-windows-ci, level: 2}\n",
     "NVIDIA/pytorch-windows-ci, level: 2",
     "field 'repo' must be unique: 'NVIDIA/pytorch-windows-ci' is already used at {first}",
     "NVIDIA/pytorch-windows-ci, level: 1"),
    ("OWNER/REPO has a slash", "RBLN-SW/torch-rbln", "RBLN-SW-torch-rbln", "RBLN-SW-torch-rbln",
     "field 'repo': 'RBLN-SW-torch-rbln' does not match the pattern {pattern}"),
    ("an owner has no leading hyphen", "RBLN-SW/torch-rbln", "-RBLN/torch-rbln", "-RBLN/torch-rbln",
     "field 'repo': '-RBLN/torch-rbln' does not match the pattern {pattern}"),
    ("an owner has no double hyphen", "RBLN-SW/torch-rbln", "RBLN--SW/torch-rbln", "RBLN--SW/torch-rbln",
     "field 'repo': 'RBLN--SW/torch-rbln' does not match the pattern {pattern}"),
    ("an owner has at most 39 characters", "RBLN-SW/torch-rbln", "r" * 40 + "/torch-rbln", "r" * 40,
     "field 'repo': '" + "r" * 40 + "/torch-rbln' does not match the pattern {pattern}"),
    ("a repository name has no space", "RBLN-SW/torch-rbln", "RBLN-SW/torch rbln", "RBLN-SW/torch rbln",
     "field 'repo': 'RBLN-SW/torch rbln' does not match the pattern {pattern}"),
    ("a repository name is not '..'", "RBLN-SW/torch-rbln", "RBLN-SW/..", "RBLN-SW/..",
     "field 'repo': 'RBLN-SW/..' does not match the pattern {pattern}"),
    ("a repository name does not end in .wiki", "RBLN-SW/torch-rbln", "RBLN-SW/torch.wiki", "RBLN-SW/torch.wiki",
     "field 'repo': 'RBLN-SW/torch.wiki' does not match the pattern {pattern}"),
    ("a level is at least 1", RBLN_ROW, "  - {repo: RBLN-SW/torch-rbln, level: 0}\n", "level: »0}",
     "field 'level': 0 is below the minimum 1"),
    ("a level is at most 4", RBLN_ROW, "  - {repo: RBLN-SW/torch-rbln, level: 5}\n", "level: »5}",
     "field 'level': 5 is above the maximum 4"),
    ("an L3 repo has a label", "    label: crcr-test\n", "", "repo: pytorch/crcr-test",
     "an L3 repo needs a label (PyTorch PRs opt into its check run with ciflow/crcr/<label>)"),
    ("a label is valid in ciflow/crcr/<label>", "label: crcr-test\n", "label: ciflow/crcr/crcr-test\n",
     "ciflow/crcr/crcr-test",
     "field 'label': 'ciflow/crcr/crcr-test' does not match the pattern {label_pattern}"),
    ("a label has no '..'", "label: crcr-test\n", "label: crcr..test\n", "crcr..test",
     "field 'label': 'crcr..test' does not match the pattern {label_pattern}"),
    ("ciflow/crcr/<label> fits GitHub's 50 characters", "label: crcr-test\n", "label: " + "x" * 39 + "\n", "x" * 39,
     "field 'label': has 39 characters, more than 38"),
    ("only an L3 repo has a label", RBLN_ROW, "  - {repo: RBLN-SW/torch-rbln, level: 4, label: rbln, oncall: [a]}\n",
     "rbln, oncall", "only an L3 repo has a label (L4 runs on every PR; L1 and L2 have no check run)"),
    ("an L3 repo has at least one on-call", "oncall: [atalman, can-gaa-hou, fffrog, jewelkm89, KarhouTam, subinz1]",
     "oncall: []", "[]\n    note", "an L3 repo needs at least one on-call (a GitHub login)"),
    ("an L4 repo has on-calls", RBLN_ROW, "  - {repo: RBLN-SW/torch-rbln, level: 4}\n",
     "{repo: RBLN-SW/torch-rbln, level: 4}", "an L4 repo needs its on-calls (GitHub logins)"),
    ("only L3 and L4 repos have on-calls", RBLN_ROW, "  - {repo: RBLN-SW/torch-rbln, level: 2, oncall: [a]}\n",
     "[a]}", "only L3 and L4 repos have on-calls in the allowlist"),
    ("an on-call is a GitHub login (no @)", "oncall: [atalman,", "oncall: ['@atalman',", "'@atalman'",
     "field 'oncall': item 1: '@atalman' does not match the pattern [A-Za-z0-9]+(-[A-Za-z0-9]+)*"),
    ("an on-call is a GitHub login (no trailing hyphen)", " fffrog,", " fffrog-,", "fffrog-",
     "field 'oncall': item 3: 'fffrog-' does not match the pattern [A-Za-z0-9]+(-[A-Za-z0-9]+)*"),
    ("an on-call has at most 39 characters", " fffrog,", " " + "f" * 40 + ",", "f" * 40,
     "field 'oncall': item 3: has 40 characters, more than 39"),
    ("a receiver listens to what the relay sends", RBLN_ROW,
     "  - {repo: RBLN-SW/torch-rbln, level: 1, receivers: [{types: [pull_request, workflow_dispatch]}]}\n",
     "workflow_dispatch", "field 'types': item 2: 'workflow_dispatch' is not one of: pull_request, push"),
    ("a receiver listens to something", RBLN_ROW,
     "  - {repo: RBLN-SW/torch-rbln, level: 1, receivers: [{types: []}]}\n",
     "[]}]", "field 'types': has 0 items, fewer than 1"),
    ("an L3 or L4 receiver listens to pull_request", "        title: CRCR L4\n        types: [pull_request]",
     "        title: CRCR L4\n        types: [push]", "- file: crcr-l3-ci.yml",
     "an L3 or L4 receiver must listen to pull_request (its check run is for PRs)"),
    ("an L1 repo reports nothing back", RBLN_ROW,
     "  - {repo: RBLN-SW/torch-rbln, level: 1, receivers: [{jobs: [{id: ci, callback: status}]}]}\n",
     "[{jobs", "an L1 repo reports nothing back (its jobs' callback must be none)"),
    ("a run script gets payload values through env:", RBLN_ROW,
     "  - {repo: RBLN-SW/torch-rbln, level: 1, receivers: [{jobs: [{id: ci, steps: "
     "[{run: 'echo ${{ github.event.client_payload.payload.pull_request.title }}'}]}]}]}\n",
     "jobs: »[{id: ci, steps", "a run script expands github.event (the relay's payload comes from another repository's "
     "pull request): pass the value through `env:`"),
    ("a known finding is a real one", RBLN_ROW,
     "  - {repo: RBLN-SW/torch-rbln, level: 1, receivers: [{known_findings: [{rule: template-injection, reason: x}]}]}\n",
     "[{rule", "a template-injection finding is recorded, but no run script expands github.event"),
    ("a label gate needs a label", RBLN_ROW, "  - {repo: RBLN-SW/torch-rbln, level: 1, receivers: [{gate: label}]}\n",
     "[{gate", "a receiver gated on a label needs one (its own `label`, or the repo's)"),
    ("two receivers of a repo are two files", RBLN_ROW,
     "  - {repo: RBLN-SW/torch-rbln, level: 1, receivers: [{}, {}]}\n", "[{}, »{}]",
     "field 'file' must be unique: 'pytorch_ci.yml' is already used at {first}", "[»{}, {}]"),
]


def rules(wfgen, root):
    with tempfile.TemporaryDirectory() as tmp:
        copy_project(root, tmp)
        path = os.path.join(tmp, MATRIX)
        original = read(path)
        spec = yaml.safe_load(original)["fields"]
        before = snapshot(tmp)
        wants = []
        for what, old, new, anchor, message, *first in RULES:
            text = edit(original, old, new)
            write(path, text)
            r = run([wfgen, "generate", "-C", tmp])
            first = "line {}, column {}".format(*position(text, first[0]).split(":")) if first else ""
            want = f"{MATRIX}:{position(text, anchor)}: error: " + message.format(
                first=first, pattern=spec["repo"]["pattern"], label_pattern=spec["label"]["pattern"])
            wants.append(want)
            got = r.stderr.split("\n", 1)[0]
            write(path, original)
            expect(r.returncode == 1 and got == want, f"rule: {what}", f"want {want}\ngot  {got}\n{r.stderr}")
            expect(snapshot(tmp) == before, f"rule: {what}: nothing written")
    quoted = re.findall(r"^" + re.escape(MATRIX) + r":\d+:\d+: error: .*$", read(os.path.join(root, "docs", "crcr.md")), re.M)
    expect(quoted and all(q in wants for q in quoted), "the errors docs/crcr.md quotes are the table's", repr(quoted))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wfgen", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--shared", required=True)
    a = ap.parse_args()
    needed = [os.path.join(a.shared, "tools", "yaml_equal.py"), os.path.join(a.shared, "tools", "validate_workflows.py"),
              os.path.join(a.shared, "reference", "crcr", "doc_pytorch_ci.yml")]
    for p in needed:
        if not os.path.exists(p):
            print(f"FAIL missing {p}: shared/ is required for this test")
            return 1
    security(a.root)
    lint_waived(a.wfgen, a.root)
    onboarding(a.wfgen, a.root, a.shared)
    promotion(a.wfgen, a.root, a.shared)
    described(a.wfgen, a.root, a.shared)
    rules(a.wfgen, a.root)
    print(f"{'FAILED' if failures else 'PASSED'}: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
