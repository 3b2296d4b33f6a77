#!/usr/bin/env python3
"""SchemaStore's workflow schema as the oracle of `wfgen lint`:

  * every file the schema rejects (bad corpus, references, generated outputs), wfgen
    rejects too;
  * every file of tests/lint/corpus/bad is rejected by wfgen with the rule its first line
    names, and most of them are rejected by the schema as well (the rest are mistakes the
    schema cannot see: duplicate keys, merge keys, bad crons, GitHub's limits...);
  * the good corpus, every generated output and every real workflow of shared/reference
    give no error. The `*.inputs.yml` files there are interface excerpts of reusable
    workflows (their jobs are cut out), not workflows.

    test_lint_schema_oracle.py --wfgen BIN --root REPO --shared SHARED

Fails (never skips) when shared/, jsonschema or PyYAML is missing.
"""
import argparse
import glob
import importlib.util
import json
import os
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wfgen", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--shared", required=True)
    a = ap.parse_args()
    tool = os.path.join(a.shared, "tools", "validate_workflows.py")
    if not os.path.exists(tool):
        print(f"FAIL missing {tool}: shared/ is required for this test")
        return 1
    spec = importlib.util.spec_from_file_location("validate_workflows", tool)
    vw = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(vw)  # its YAML 1.2 loader and file discovery: one oracle
    import jsonschema
    import yaml
    with open(vw.SCHEMA, encoding="utf-8") as f:
        validator = jsonschema.Draft7Validator(json.load(f))

    def schema_rejects(path):
        try:
            with open(path, encoding="utf-8") as f:
                doc = yaml.load(f, Loader=vw.Yaml12Loader)
        except yaml.YAMLError:
            return True
        return any(True for _ in validator.iter_errors(doc))

    def wfgen(path):
        r = subprocess.run([a.wfgen, "lint", "--format", "json", path], capture_output=True, text=True)
        if r.returncode not in (0, 1):
            raise SystemExit(f"wfgen lint {path} exited {r.returncode}: {r.stderr}")
        report = json.loads(r.stdout)
        errors = [f for f in report["findings"] if f["severity"] == "error" and not f["waived"]]
        return r.returncode, errors

    failures = []

    def expect(cond, what):
        print(("ok   " if cond else "FAIL ") + what)
        if not cond:
            failures.append(what)

    corpus = os.path.join(a.root, "tests", "lint", "corpus")
    bad = sorted(glob.glob(os.path.join(corpus, "bad", "*.yml")))
    good = sorted(glob.glob(os.path.join(corpus, "good", "*.yml")))
    reference = sorted(vw.files([os.path.join(a.shared, "reference")]))
    generated = sorted(vw.files([os.path.join(a.root, "generated")]))
    expect(len(bad) >= 60 and len(good) >= 4 and len(reference) >= 25 and len(generated) >= 8,
           f"corpus: {len(bad)} bad, {len(good)} good, {len(reference)} reference, {len(generated)} generated")

    schema_rejected = 0
    for path in bad:
        with open(path, encoding="utf-8") as f:
            expected_rule = f.readline().split()[2]
        rc, errors = wfgen(path)
        rejected = schema_rejects(path)
        schema_rejected += rejected
        rules = sorted({e["rule"] for e in errors})
        expect(rc == 1 and expected_rule in rules,
               f"bad/{os.path.basename(path)}: wfgen rejects it ({expected_rule}; got {rules})"
               + (" [schema rejects it too]" if rejected else " [beyond the schema]"))
    expect(schema_rejected >= 50, f"the schema rejects {schema_rejected} of the {len(bad)} bad files")

    for path in good + generated + reference:
        rejected = schema_rejects(path)
        rc, errors = wfgen(path)
        name = os.path.relpath(path, os.path.dirname(a.root) if path.startswith(a.root) else a.shared)
        if rejected:
            expect(rc == 1, f"{name}: the schema rejects it, so does wfgen")
        interface_excerpt = path.endswith(".inputs.yml")
        if not interface_excerpt:
            detail = "; ".join(f"{e['line']}:{e['col']} {e['message']}" for e in errors[:3])
            expect(rc == 0 and not errors, f"{name}: no error" + (f" ({detail})" if detail else ""))
        else:
            expect(rc == 1, f"{name}: an interface excerpt, not a workflow: wfgen says so "
                            f"({'; '.join(e['message'] for e in errors)})")

    print(f"{'FAILED' if failures else 'PASSED'}: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
