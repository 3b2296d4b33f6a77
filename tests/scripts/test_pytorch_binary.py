#!/usr/bin/env python3
"""PyTorch's binary workflows: one matrix entry adds a workflow, one axis value adds jobs to
exactly the workflows it should, and each mistake in the binary matrices is an error at its
file:line:col with nothing written. Every case edits a temporary copy of the project.

    test_pytorch_binary.py --wfgen BIN --root REPO --shared SHARED

Fails (never skips) when shared/ or its tools are missing.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

from script_support import Checks, copy_project, parse_args, snapshot

BUILDS = os.path.join("matrices", "pytorch", "binary_builds.yml")
WORKFLOWS = os.path.join("matrices", "pytorch", "binary_workflows.yml")
OUT = os.path.join("generated", "pytorch", ".github", "workflows")

checks = Checks()
expect = checks.expect


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)




def jobs_of(data):
    return yaml.safe_load(data)["jobs"]


class Copy:
    """A temporary copy of the project's sources and outputs."""

    def __init__(self, root):
        self.dir = tempfile.mkdtemp(prefix="wfgen-binary-")
        copy_project(root, self.dir)

    def read(self, rel):
        with open(os.path.join(self.dir, rel), encoding="utf-8") as f:
            return f.read()

    def write(self, rel, text):
        with open(os.path.join(self.dir, rel), "w", encoding="utf-8") as f:
            f.write(text)

    def append_entry(self, entry):
        """Adds `  - ENTRY` as the last workflow entry; returns (line, text) of it."""
        text = self.read(WORKFLOWS).rstrip("\n") + "\n"
        line = text.count("\n") + 1
        self.write(WORKFLOWS, text + "  - " + entry + "\n")
        return line, "  - " + entry

    def replace(self, rel, old, new):
        """Replaces the one occurrence of `old`; returns the 1-based line of it."""
        text = self.read(rel)
        assert text.count(old) == 1, f"{old!r} must occur once in {rel}"
        self.write(rel, text.replace(old, new))
        return text[:text.index(old)].count("\n") + 1

    def generate(self):
        return run([WFGEN, "generate", "-C", self.dir])

    def close(self):
        shutil.rmtree(self.dir)


def add_aarch64_libtorch(root, tools):
    """(a) One entry: a Linux aarch64 libtorch workflow appears, built from the configs the
    axes give linux-aarch64 libtorch, and nothing else changes."""
    c = Copy(root)
    try:
        before = snapshot(c.dir, "generated")
        builds = yaml.safe_load(c.read(BUILDS))
        c.append_entry("{os: linux-aarch64, package: libtorch}")
        r = c.generate()
        name = "generated-linux-aarch64-binary-libtorch-nightly.yml"
        rel = os.path.join("generated", "pytorch", ".github", "workflows", name)
        expect(r.returncode == 0 and f"created {rel}" in r.stdout and
               re.search(r"^wfgen generate: \d+ outputs, 1 change$", r.stdout, re.M),
               "(a) generate creates exactly the aarch64 libtorch workflow", r.stdout + r.stderr)
        after = snapshot(c.dir, "generated")
        expect(set(after) - set(before) == {rel}, "(a) one new file", sorted(set(after) ^ set(before)))
        changed = [p for p in before if after.get(p) != before[p]]
        expect(not changed, "(a) every other output is byte-identical", changed)
        if rel not in after:
            return
        # The axes imply: CPU and each CUDA version of the axis (aarch64 builds no ROCm/XPU),
        # release only (the entry names no build_variant), the one libtorch variant.
        variant = builds["axes"]["libtorch_variant"]["values"]
        expect(variant == ["shared-with-deps"], "(a) one libtorch variant on the axis", variant)
        cudas = builds["axes"]["cuda"]["values"]
        expected = ["libtorch-cpu-aarch64-shared-with-deps-release"] + [
            f"libtorch-cuda-aarch64-{v.replace('.', '_')}-shared-with-deps-release" for v in cudas]
        jobs = jobs_of(after[rel])
        builds_made = sorted(j[:-len("-build")] for j in jobs if j.endswith("-build"))
        expect(builds_made == sorted(expected), f"(a) its {len(expected)} build configs are the axes'",
               f"got {builds_made}")
        # CUDA on aarch64 is uploaded untested (no GPU runners); CPU is built, tested, uploaded.
        want_jobs = {"get-label-type"}
        for b in expected:
            want_jobs |= {b + "-build", b + "-upload"} | ({b + "-test"} if "-cpu-" in b else set())
        expect(set(jobs) == want_jobs, f"(a) {len(want_jobs)} jobs: build, upload, and test for CPU",
               sorted(set(jobs) ^ want_jobs))
        cuda = jobs[expected[1] + "-build"]["with"]
        expect(cuda["GPU_ARCH_TYPE"] == "cuda-aarch64" and cuda["GPU_ARCH_VERSION"] == cudas[0] + "-aarch64"
               and cuda["DOCKER_IMAGE"] == "libtorch-cxx11-builder" and cuda["runs_on"].startswith("linux.arm64")
               and cuda["LIBTORCH_CONFIG"] == "release" and "PYTORCH_EXTRA_INSTALL_REQUIREMENTS" not in cuda,
               "(a) a CUDA config builds on arm64 in the libtorch image", cuda)
        expect(jobs[expected[1] + "-upload"]["needs"] == expected[1] + "-build",
               "(a) an untested config uploads after its build")
        r = run([sys.executable, os.path.join(tools, "validate_workflows.py"), os.path.join(c.dir, rel)])
        expect(r.returncode == 0, "(a) the new workflow validates against the schema", r.stdout)
        r = run([WFGEN, "check", "-C", c.dir])
        expect(r.returncode == 0, "(a) check passes after generate", r.stdout + r.stderr)
    finally:
        c.close()


def add_python(root):
    """(b) One axis value: every wheel workflow gains the jobs of Python 3.15 and nothing
    else; libtorch workflows and the other outputs are byte-identical."""
    c = Copy(root)
    try:
        before = snapshot(c.dir, "generated")
        c.replace(BUILDS, '"3.14", "3.14t"]', '"3.14", "3.14t", "3.15"]')
        r = c.generate()
        expect(r.returncode == 0, "(b) generate accepts Python 3.15", r.stdout + r.stderr)
        after = snapshot(c.dir, "generated")
        expect(set(after) == set(before), "(b) no file appears or goes", sorted(set(after) ^ set(before)))
        wheels = [p for p in before if re.search(r"binary-(many)?wheel-nightly\.yml$", p)]
        expect(len(wheels) == 6, "(b) six wheel workflows", wheels)
        for p in before:
            if p in wheels:
                continue
            expect(after.get(p) == before[p], f"(b) {os.path.basename(p)} is byte-identical")
        py = re.compile(r"-py3_\d+t?-")
        for p in wheels:
            old, new = jobs_of(before[p]), jobs_of(after[p])
            name = os.path.basename(p)
            # The jobs of 3.15: those of any other Python, renamed; the old jobs stay as they were.
            want = {py.sub("-py3_15-", j) for j in old if py.search(j)} - set(old)
            expect(set(new) - set(old) == want and want, f"(b) {name} gains {len(want)} jobs, all of 3.15",
                   sorted((set(new) - set(old)) ^ want))
            expect(all(new.get(j) == old[j] for j in old), f"(b) {name}: the other jobs are unchanged")
            builds = [j for j in want if j.endswith("-build")]
            pythons = {(new[j].get("with") or new[j].get("env"))["DESIRED_PYTHON"] for j in builds}
            expect(pythons == {"3.15"}, f"(b) {name}: the new builds build Python 3.15", pythons)
    finally:
        c.close()


def where_entry_is(c, text):
    """(row, line) of the entry `text` already in the workflows matrix, first occurrence."""
    lines = c.read(WORKFLOWS).split("\n")
    return [l for l in lines if l.startswith("  - {")].index(text) + 1, lines.index(text) + 1


# (what, the entry added, the message after "FILE:LINE:COL: error: ", text the caret is at)
WORKFLOW_ERRORS = [
    ("an unknown os", "{os: linux-arm64, package: wheel}",
     "field 'os': 'linux-arm64' is not one of the 'os' values of matrices/pytorch/binary_builds.yml "
     "(did you mean 'linux-aarch64'?)", "linux-arm64"),
    ("an unknown package", "{os: linux, package: wheels}",
     "field 'package': 'wheels' is not one of the 'package' values of "
     "matrices/pytorch/binary_builds.yml (did you mean 'wheel'?)", "wheels"),
    ("an unknown accelerator", "{os: windows, package: wheel, accelerators: [cpu, cuda13]}",
     "field 'accelerators': item 2: 'cuda13' is not one of the 'accelerator' values of "
     "matrices/pytorch/binary_builds.yml (did you mean 'cuda'?)", "cuda13"),
    ("a workflow that selects no build config", "{os: linux-s390x, package: libtorch}",
     "the workflow builds nothing: no row of matrices/pytorch/binary_builds.yml has its os, "
     "package, build type, accelerators and Pythons", "{"),
    ("a build type for wheels", "{os: macos-arm64, package: wheel, build_variant: debug}",
     "build_variant is for libtorch workflows", "debug"),
    ("two entries writing one file", "{os: windows, package: wheel}",
     lambda c, text: "two rows write generated/pytorch/.github/workflows/"
     "generated-windows-binary-wheel-nightly.yml: this one and row {} of family 'binary-windows' "
     "(matrices/pytorch/binary_workflows.yml:{}:5)".format(*where_entry_is(c, text)), "{"),
]

# (what, a line of the build matrix, what it becomes, the message, text the caret is at)
BUILD_ERRORS = [
    ("an exclude that matches nothing", '  - {os: windows, cuda: "12.9"}', '  - {os: windows, cuda: "12.7"}',
     "exclude matches no combination of the axes", "{"),
    ("an include that matches nothing", "  - {accelerator: cuda, pip_marker:", "  - {accelerator: cdua, pip_marker:",
     "missing required field 'os' (this include item agrees with no combination of the axes, "
     "so it is a new row)", "{"),
    ("an accelerator outside the axis' domain", "  accelerator: [cpu, cuda, rocm, xpu]",
     "  accelerator: [cpu, cuda, rocm, xpu, tpu]",
     "field 'accelerator': 'tpu' is not one of: cpu, cuda, rocm, xpu (did you mean 'cpu'?)", "tpu"),
]


def expect_error(root, what, edit, message, caret_at):
    """In a copy, `edit(copy)` -> (file, line, text of the line) makes a mistake: generate
    must exit 1 with `message` at the caret (file:line:col) and write nothing. `message` may
    be a function of the copy and the line."""
    c = Copy(root)
    try:
        before = snapshot(c.dir, "generated")
        rel, line, text = edit(c)
        if callable(message):
            message = message(c, text)
        want = f"{rel}:{line}:{text.index(caret_at) + 1}: error: {message}"
        r = c.generate()
        expect(r.returncode == 1 and r.stderr.startswith(want + "\n"), f"error: {what}",
               f"want: {want}\ngot:  {r.stderr}")
        expect(snapshot(c.dir, "generated") == before, f"error: {what}: nothing written")
    finally:
        c.close()


def errors(root):
    """Each mistake in the binary matrices: the exact message at file:line:col."""
    for what, entry, message, caret_at in WORKFLOW_ERRORS:
        expect_error(root, what, lambda c, e=entry: (WORKFLOWS, *c.append_entry(e)), message, caret_at)
    for what, old, new, message, caret_at in BUILD_ERRORS:
        expect_error(root, what, lambda c, o=old, n=new: (BUILDS, c.replace(BUILDS, o, n), n),
                     message, caret_at)


def main():
    global WFGEN
    a = parse_args()
    WFGEN = a.wfgen
    tools = os.path.join(a.shared, "tools")
    if not os.path.exists(os.path.join(tools, "validate_workflows.py")):
        print(f"FAIL missing {tools}/validate_workflows.py: shared/ is required for this test")
        return 1
    add_aarch64_libtorch(a.root, tools)
    add_python(a.root)
    errors(a.root)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
