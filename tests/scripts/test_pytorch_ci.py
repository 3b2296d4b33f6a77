#!/usr/bin/env python3
"""PyTorch's pull / trunk / periodic from matrices/pytorch/build_families.yml and
ci_workflows.yml: the edits a CI maintainer makes, in a temp copy of the project.

    test_pytorch_ci.py --wfgen BIN --root REPO --shared SHARED

- Adding a build family to pull is one entry: pull.yml gains exactly its build and test
  jobs; no other byte of generated/ changes; `check` names pull.yml until regenerated.
- Moving a family from pull to trunk is one edit: its jobs leave pull.yml and appear, equal,
  in trunk.yml; nothing else changes.
- Each bad input (unknown workflow, duplicate job id, shards < 1, needs on a job that does
  not exist, an input the reusable workflow does not declare, a missing required input)
  fails with its exact message at the exact file:line:col, and writes nothing.

After the edits, the copy's pull/trunk/periodic are also compared with ../shared's real
files, so the test fails (never skips) when shared/ is missing.
"""
import os
import shutil
import subprocess
import sys
import tempfile

import yaml

from script_support import Checks, copy_project, parse_args, snapshot

FAMILIES = "matrices/pytorch/build_families.yml"
WORKFLOWS = "matrices/pytorch/ci_workflows.yml"
OUT = "generated/pytorch/.github/workflows"
LABEL = "${{ needs.get-label-type.outputs.label-type }}"

NEW_FAMILY = """
  - name: linux-jammy-py3.12-gcc13
    docker_image: ci-image:pytorch-linux-jammy-py3.12-gcc13
    in:
      - workflow: pull
        tests: [{config: default, shards: 2, runner: linux.4xlarge}]
"""

# The onnx family's one run, as the matrix writes it.
ONNX_RUN = "      - workflow: pull\n        tests: [{config: default, shards: 2, runner: linux.c7i.2xlarge}]\n"


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)




def jobs(root, name):
    with open(os.path.join(root, OUT, name)) as f:
        return yaml.safe_load(f)["jobs"]


class Project:
    """A temp copy of the sources and generated/, edited one replacement at a time."""

    def __init__(self, src, wfgen):
        self.dir = tempfile.mkdtemp(prefix="wfgen-pytorch-ci-")
        copy_project(src, self.dir)
        self.wfgen = wfgen
        self.saved = {}

    def text(self, rel):
        with open(os.path.join(self.dir, rel)) as f:
            return f.read()

    def edit(self, rel, old, new):
        """Replaces the one occurrence of `old`; returns the offset of the new text."""
        text = self.text(rel)
        assert text.count(old) == 1, f"{rel}: {old!r} occurs {text.count(old)} times"
        self.saved.setdefault(rel, text)
        with open(os.path.join(self.dir, rel), "w") as f:
            f.write(text.replace(old, new))
        return text.index(old)

    def restore(self):
        for rel, text in self.saved.items():
            with open(os.path.join(self.dir, rel), "w") as f:
                f.write(text)
        self.saved = {}

    def position(self, rel, needle, start=0):
        """file:line:col of the first `needle` at or after offset `start`."""
        text = self.text(rel)
        i = text.index(needle, start)
        line = text.count("\n", 0, i) + 1
        col = i - (text.rfind("\n", 0, i) + 1) + 1
        return f"{rel}:{line}:{col}", line, col

    def wfgen_run(self, command):
        return run([self.wfgen, command, "-C", self.dir])


def main():
    a = parse_args()
    tools = os.path.join(a.shared, "tools")
    refs = os.path.join(a.shared, "reference", "pytorch")
    for p in (os.path.join(tools, "yaml_equal.py"), refs):
        if not os.path.exists(p):
            print(f"FAIL missing {p}: shared/ is required for this test")
            return 1
    checks = Checks()
    expect = checks.expect
    p = Project(a.root, a.wfgen)
    try:
        before = snapshot(p.dir, "generated")
        pull_before = jobs(p.dir, "pull.yml")

        # 1. Adding a build family to pull is one entry.
        p.edit(FAMILIES, p.text(FAMILIES), p.text(FAMILIES) + NEW_FAMILY)
        r = p.wfgen_run("check")
        expect(r.returncode == 1 and f"{OUT}/pull.yml: out of date" in r.stdout
               and "wfgen check: 1 file(s) out of date" in r.stdout,
               "check names pull.yml, and only it, as out of date", r.stdout[-2000:] + r.stderr)
        r = p.wfgen_run("generate")
        expect(r.returncode == 0 and r.stdout.startswith(f"updated {OUT}/pull.yml\nwfgen generate: ")
               and r.stdout.endswith(" outputs, 1 change\n"),
               "generate updates pull.yml alone", r.stdout + r.stderr)
        after = snapshot(p.dir, "generated")
        changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
        expect(changed == [f"{OUT}/pull.yml"], "no other file of generated/ changes", str(changed))
        pull_after = jobs(p.dir, "pull.yml")
        added = sorted(set(pull_after) - set(pull_before))
        expect(added == ["linux-jammy-py3_12-gcc13-build", "linux-jammy-py3_12-gcc13-test"],
               "pull.yml gains the family's build and test jobs", str(added))
        expect(all(pull_after[k] == v for k, v in pull_before.items()) and
               len(pull_after) == len(pull_before) + 2, "pull.yml's other jobs are unchanged")
        runner = LABEL + "linux.4xlarge"
        expect(pull_after.get("linux-jammy-py3_12-gcc13-build") == {
            "name": "linux-jammy-py3.12-gcc13",
            "uses": "./.github/workflows/_linux-build.yml",
            "needs": "get-label-type",
            "with": {
                "runner_prefix": LABEL,
                "build-environment": "linux-jammy-py3.12-gcc13",
                "docker-image-name": "ci-image:pytorch-linux-jammy-py3.12-gcc13",
                "test-matrix": "{ include: [\n"
                               f'  {{ config: "default", shard: 1, num_shards: 2, runner: "{runner}" }},\n'
                               f'  {{ config: "default", shard: 2, num_shards: 2, runner: "{runner}" }},\n'
                               "]}\n",
            },
            "secrets": "inherit",
        }, "the build job: _linux-build.yml after get-label-type, two sharded configs",
            yaml.safe_dump(pull_after.get("linux-jammy-py3_12-gcc13-build")))
        build = "needs.linux-jammy-py3_12-gcc13-build.outputs"
        expect(pull_after.get("linux-jammy-py3_12-gcc13-test") == {
            "name": "linux-jammy-py3.12-gcc13",
            "uses": "./.github/workflows/_linux-test.yml",
            "needs": ["linux-jammy-py3_12-gcc13-build", "target-determination"],
            "with": {
                "build-environment": "linux-jammy-py3.12-gcc13",
                "docker-image": "${{ " + build + ".docker-image }}",
                "test-matrix": "${{ " + build + ".test-matrix }}",
            },
            "secrets": "inherit",
        }, "the test job: _linux-test.yml on the build's image and test-matrix",
            yaml.safe_dump(pull_after.get("linux-jammy-py3_12-gcc13-test")))
        r = p.wfgen_run("check")
        expect(r.returncode == 0, "check passes once regenerated", r.stdout + r.stderr)
        p.restore()
        r = p.wfgen_run("generate")
        expect(r.returncode == 0 and snapshot(p.dir, "generated") == before,
               "removing the entry gives back the committed files", r.stdout + r.stderr)

        # 2. Moving a family from pull to trunk is one edit.
        p.edit(FAMILIES, ONNX_RUN, ONNX_RUN.replace("workflow: pull", "workflow: trunk"))
        trunk_before = jobs(p.dir, "trunk.yml")
        r = p.wfgen_run("generate")
        after = snapshot(p.dir, "generated")
        changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
        expect(r.returncode == 0 and changed == [f"{OUT}/pull.yml", f"{OUT}/trunk.yml"],
               "moving onnx to trunk changes pull.yml and trunk.yml only", r.stdout + r.stderr + str(changed))
        pull_moved, trunk_moved = jobs(p.dir, "pull.yml"), jobs(p.dir, "trunk.yml")
        moved = ["linux-jammy-py3_10-clang12-onnx-build", "linux-jammy-py3_10-clang12-onnx-test"]
        expect(sorted(set(pull_before) - set(pull_moved)) == moved and
               sorted(set(trunk_moved) - set(trunk_before)) == moved and
               all(trunk_moved[k] == pull_before[k] for k in moved),
               "its two jobs leave pull.yml and appear unchanged in trunk.yml")
        p.restore()
        p.wfgen_run("generate")

        # 3. Bad input: the exact message at the exact position, and nothing written.
        def bad(what, rel, old, new, needle, message, after=None, first=None):
            """Edits `old` into `new` in `rel`. The error is at `needle`, the first one after the
            edit or after the text `after`; `first` (a needle, a text before it) is where the
            message's "line {}, column {}" point."""
            start = p.edit(rel, old, new)
            where, _, _ = p.position(rel, needle, p.text(rel).index(after) if after else start)
            if first:
                message = message.format(*p.position(rel, first[0], p.text(rel).index(first[1]))[1:])
            r = p.wfgen_run("generate")
            line = r.stderr.split("\n", 1)[0]
            expect(r.returncode == 1 and line == f"{where}: error: {message}"
                   and r.stderr.endswith("wfgen generate: nothing was written\n")
                   and snapshot(p.dir, "generated") == before,
                   f"{what}: {where}: {message}", r.stdout + r.stderr)
            p.restore()

        bad("a family naming an unknown workflow", FAMILIES, ONNX_RUN, ONNX_RUN.replace("pull", "pul"),
            "pul\n", "field 'workflow': 'pul' is not one of the 'name' values of "
            f"{WORKFLOWS} (did you mean 'pull'?)")
        bad("two families making the same job id in one workflow", FAMILIES,
            "  - name: linux-jammy-py3.13-clang12\n", "  - name: linux-jammy-py3.10-clang12\n",
            "workflow: pull", "derived field 'job_ids' must be unique among rows with the same "
            "workflow: 'linux-jammy-py3_10-clang12-build' is already used at line {}, column {}",
            first=("workflow: pull", "  - name: linux-jammy-py3.10-clang12\n"))
        bad("a shard count below 1", FAMILIES, "{config: dynamo_wrapped, shards: 3}",
            "{config: dynamo_wrapped, shards: 0}", "0}", "`shards` must be an int >= 1")
        bad("needs on a job that does not exist", WORKFLOWS, "needs: [llm-td]", "needs: [llm-dt]",
            "llm-dt", "field 'needs': item 1: 'llm-dt' is not one of the 'id' values of this table's "
            "rows (did you mean 'llm-td'?)")
        bad("a job on another family's build that is not in the workflow", FAMILIES,
            "wheel_from: win-vs2022-cuda12.8-py3", "wheel_from: win-vs2022-cuda12.8",
            "workflow: trunk", "derived field 'wheels_from': item 1: 'win-vs2022-cuda12.8' is not "
            "one of the 'name' values of this table's rows with workflow 'trunk' (did you mean "
            "'win-vs2022-cuda12.8-py3'?)", after="  - name: linux-jammy-cuda12.8-py3.10-gcc11\n")
        bad("an input _linux-build.yml does not declare", FAMILIES, "build: {sync-tag: asan-build}",
            "build: {sync-tags: asan-build}", "sync-tags", "field 'build': key 'sync-tags': "
            "'sync-tags' is not one of the keys of /on/workflow_call/inputs in "
            "matrices/pytorch/interfaces/_linux-build.yml (did you mean 'sync-tag'?)")
        bad("an input _linux-test.yml does not declare, in one workflow's settings", FAMILIES,
            "test: {timeout-minutes: 360}", "test: {timeout: 360}", "timeout", "field 'test': key "
            "'timeout': 'timeout' is not one of the keys of /on/workflow_call/inputs in "
            "matrices/pytorch/interfaces/_linux-test.yml")
        bad("a missing required input (docker-image-name)", FAMILIES,
            "    docker_image: ci-image:pytorch-linux-jammy-py3-clang12-onnx\n", "",
            "linux-jammy-py3.10-clang12-onnx", "a _linux-build.yml family needs a docker_image: "
            "it is the required input docker-image-name",
            after="  - name: linux-jammy-py3.10-clang12-onnx\n")
        bad("an input the template makes, given in build:", FAMILIES, "build: {sync-tag: asan-build}",
            "build: {sync-tag: asan-build, runner: linux.4xlarge}", "{sync-tag: asan-build, runner",
            "build-environment, docker-image-name, runner, runner_prefix and test-matrix are made "
            "from the family's fields, not given in `build:`")

        # The copy, back to the repository's sources, still equals the real files.
        r = run([sys.executable, os.path.join(tools, "yaml_equal.py"), refs, os.path.join(p.dir, OUT),
                 "pull.yml", "trunk.yml", "periodic.yml"])
        expect(r.returncode == 0, "pull/trunk/periodic equal ../shared's as data", r.stdout)
    finally:
        shutil.rmtree(p.dir, ignore_errors=True)

    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
