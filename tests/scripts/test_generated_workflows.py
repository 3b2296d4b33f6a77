#!/usr/bin/env python3
"""generated/ is what the sources make, equals the PyTorch references as data, and
validates against SchemaStore's workflow schema. Also: adding a perf target in a temp
copy gives a new file and a passing check.

    test_generated_workflows.py --wfgen BIN --root REPO --shared SHARED

Fails (never skips) when shared/ or the tools in it are missing.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

PERF = [
    "inductor-perf-test-nightly-aarch64.yml",
    "inductor-perf-test-nightly-x86.yml",
    "inductor-perf-test-nightly-a10g.yml",
    "inductor-perf-test-nightly-h100.yml",
    "inductor-perf-test-nightly.yml",
    "inductor-perf-test-nightly-rocm-mi300.yml",
    "inductor-perf-test-nightly-macos.yml",
]

NEW_TARGET = """
  - target: test-only
    workflow_name: inductor-perf-nightly-test-only
    crons: ["0 9 * * *"]
    inputs: {training: true, inference: true}
    builds:
      - id: build
        name: build
        with: {build-environment: linux-test-only, docker-image-name: ci-image:test-only}
        test_runner: linux.test.gpu
        suites:
          - {config: inductor_torchbench_perf_test_only, shards: 4}
        tests:
          - id: test
            name: test
            dashboard_tag: training-true-inference-true
            timeout_minutes: 720
"""


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wfgen", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--shared", required=True)
    a = ap.parse_args()
    failures = []

    def expect(cond, what, detail=""):
        print(("ok   " if cond else "FAIL ") + what)
        if not cond:
            failures.append(what)
            if detail:
                print(detail)

    tools = os.path.join(a.shared, "tools")
    refs = os.path.join(a.shared, "reference", "pytorch")
    for p in (os.path.join(tools, "yaml_equal.py"), os.path.join(tools, "validate_workflows.py"), refs):
        if not os.path.exists(p):
            print(f"FAIL missing {p}: shared/ is required for this test")
            return 1
    gen = os.path.join(a.root, "generated")
    workflows = os.path.join(gen, "pytorch", ".github", "workflows")

    # 1. The committed files are exactly what the sources make.
    r = run([a.wfgen, "check", "-C", a.root])
    expect(r.returncode == 0, "wfgen check passes on the repository", r.stdout[-3000:] + r.stderr)
    # On any number of threads: the same outputs, the same report.
    for jobs in ("1", "3"):
        rj = run([a.wfgen, "check", "-C", a.root, "-j", jobs])
        expect((rj.returncode, rj.stdout) == (r.returncode, r.stdout), f"check -j {jobs} reports the same",
               rj.stdout[-3000:] + rj.stderr)
    r0 = run([a.wfgen, "check", "-C", a.root, "-j", "0"])
    expect((r0.returncode, r0.stderr) == (2, "--jobs: Value 0 not in range 1 to 1024\n"
                                          "Run with --help for more information.\n"),
           "check -j 0 is a usage error", r0.stderr)

    # 2. Equal as data to the references.
    r = run([sys.executable, os.path.join(tools, "yaml_equal.py"), refs, workflows] + PERF)
    expect(r.returncode == 0 and "7 passed, 0 failed" in r.stdout, "seven perf nightlies equal the references",
           r.stdout)

    # 3. Every generated workflow validates against the schema.
    r = run([sys.executable, os.path.join(tools, "validate_workflows.py"), gen])
    expect(r.returncode == 0, "generated/ validates against github-workflow.json", r.stdout)
    expect(os.path.exists(os.path.join(gen, "wfgen", ".github", "workflows", "wfgen-check.yml")), "the lint job is generated")

    # 4. Adding a perf target is one matrix entry: new file, passing check.
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("wfgen.yml", "templates", "matrices", "generated"):
            src = os.path.join(a.root, name)
            (shutil.copytree if os.path.isdir(src) else shutil.copy)(src, os.path.join(tmp, name))
        with open(os.path.join(tmp, "matrices", "pytorch", "perf_nightly.yml"), "a", encoding="utf-8") as f:
            f.write(NEW_TARGET)
        r = run([a.wfgen, "check", "-C", tmp])
        expect(r.returncode == 1 and "inductor-perf-test-nightly-test-only.yml: missing" in r.stdout,
               "check reports the new target's file as missing", r.stdout + r.stderr)
        r = run([a.wfgen, "generate", "-C", tmp])
        new = os.path.join(tmp, "generated", "pytorch", ".github", "workflows", "inductor-perf-test-nightly-test-only.yml")
        expect(r.returncode == 0 and
               "created generated/pytorch/.github/workflows/inductor-perf-test-nightly-test-only.yml" in r.stdout,
               "generate creates the new target's workflow", r.stdout + r.stderr)
        expect(os.path.exists(new) and open(new).read().count("inductor_torchbench_perf_test_only") == 5,
               "the new workflow has four shards and the configs input")
        r = run([a.wfgen, "check", "-C", tmp])
        expect(r.returncode == 0, "check passes after generate", r.stdout + r.stderr)
        r = run([sys.executable, os.path.join(tools, "validate_workflows.py"), new])
        expect(r.returncode == 0, "the new workflow validates", r.stdout)
        # The other outputs did not move.
        r = run([sys.executable, os.path.join(tools, "yaml_equal.py"), refs, os.path.join(tmp, "generated", "pytorch", ".github", "workflows")] + PERF)
        expect(r.returncode == 0, "the seven references still match", r.stdout)

    print(f"{'FAILED' if failures else 'PASSED'}: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
