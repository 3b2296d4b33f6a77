#!/usr/bin/env python3
"""TheRock's PyTorch CI (docs/therock.md): the GPU family table, the build_pytorch policy,
the one-line version update, and the errors bad input gets.

    test_therock.py --wfgen BIN --root REPO --shared SHARED

1. The GPU family table in matrices/therock/ holds exactly TheRock's data
   (../shared/reference/therock/amdgpu_family_matrix.data.yml), read back through a
   template in a temporary copy.
2. The policy's edges, read from the generated pytorch_ci_policy.json (what configure_ci.py
   reads) and the Markdown table.
3. Adding Python 3.14 and release/2.11 (one value on each axis) changes both release
   workflows as expected and nothing else.
4. Bad input: the exact message at file:line:col, exit 1, nothing written.

Fails (never skips) when shared/ is missing.
"""
import hashlib
import json
import os
import subprocess
import sys
import tempfile

import yaml

from script_support import Checks, copy_project, parse_args

POLICY_JSON = "generated/therock/build_tools/github_actions/pytorch_ci_policy.json"
POLICY_MD = "generated/therock/docs/development/pytorch_ci_policy.md"
WORKFLOWS = "generated/therock/.github/workflows"
RELEASES = ["release_portable_linux_pytorch_wheels.yml", "release_windows_pytorch_wheels.yml"]
VERSIONS = "matrices/therock/pytorch_versions.yml"
FAMILIES = "matrices/therock/amdgpu_families.yml"

# TheRock's amdgpu_family_matrix.py data, from our matrices: keys TheRock always writes,
# the others only when set.
DUMP_TEMPLATE = """\
{%- set out = {'all_build_variants': {}} -%}
{%- for v in build_variants -%}
  {%- set d = {'build_variant_label': v.name, 'build_variant_suffix': v.build_variant_suffix,
               'build_variant_cmake_preset': v.build_variant_cmake_preset} -%}
  {%- if v.expect_failure %}{% set _ = d.update({'expect_failure': true}) %}{% endif -%}
  {%- set _ = out['all_build_variants'].setdefault(v.platform, {}).update({v.name: d}) -%}
{%- endfor -%}
{%- for fam in rows -%}
  {%- set entry = out.setdefault('amdgpu_family_info_matrix_' ~ fam.trigger, {}).setdefault(fam.name, {}) -%}
  {%- for p in fam.platforms -%}
    {%- set d = {'family': fam.family} -%}
    {%- for k, v in p.items() if k not in ['platform', 'build_pytorch']
                              and (v or k in ['test-runs-on', 'fetch-gfx-targets', 'build_variants']) -%}
      {%- set _ = d.update({k: v}) -%}
    {%- endfor -%}
    {%- set _ = entry.update({p.platform: d}) -%}
  {%- endfor -%}
{%- endfor -%}
!{{ out | tojson }}
"""
DUMP_FAMILY = """
  - name: dump
    template: dump.json.j2
    matrix: matrices/therock/amdgpu_families.yml
    mode: all_rows
    tables: {build_variants: matrices/therock/build_variants.yml}
    output: dump/amdgpu_family_matrix.json
"""

# Bad input: (what, file, old text, new text, first line of the error).
ERRORS = [
    ("a family in an unknown trigger table", FAMILIES,
     "  - name: gfx950\n    trigger: postsubmit\n", "  - name: gfx950\n    trigger: weekly\n",
     "matrices/therock/amdgpu_families.yml:82:14: error: field 'trigger': 'weekly' is not one of: "
     "presubmit, postsubmit, nightly"),
    ("a platform other than linux/windows", FAMILIES,
     "      - {platform: windows, bypass_tests_for_releases: true}\n",
     "      - {platform: macos, bypass_tests_for_releases: true}\n",
     "matrices/therock/amdgpu_families.yml:78:20: error: field 'platform': 'macos' is not one of the "
     "'platform' values of matrices/therock/build_variants.yml"),
    ("a build variant that does not exist", FAMILIES,
     "      - {platform: windows, bypass_tests_for_releases: true}\n",
     "      - {platform: windows, bypass_tests_for_releases: true, build_variants: [release, relase]}\n",
     "matrices/therock/amdgpu_families.yml:78:88: error: field 'build_variants': item 2: 'relase' is "
     "not one of the 'name' values of matrices/therock/build_variants.yml with platform 'windows' "
     "(did you mean 'release'?)"),
    ("a build variant of another platform", FAMILIES,
     "      - {platform: windows, bypass_tests_for_releases: true}\n",
     "      - {platform: windows, bypass_tests_for_releases: true, build_variants: [release, asan]}\n",
     "matrices/therock/amdgpu_families.yml:78:88: error: field 'build_variants': item 2: 'asan' is "
     "not one of the 'name' values of matrices/therock/build_variants.yml with platform 'windows'"),
    ("a malformed python version", VERSIONS,
     '"3.10", "3.11",', '"3.10", "3.11.2",',
     "matrices/therock/pytorch_versions.yml:23:28: error: field 'python_version': '3.11.2' does not "
     "match the pattern 3\\.[0-9]+"),
    ("a malformed pytorch ref", VERSIONS,
     "release/2.10, nightly]", "release/2.10, release-2.11, nightly]",
     "matrices/therock/pytorch_versions.yml:24:74: error: field 'pytorch_git_ref': 'release-2.11' "
     "does not match the pattern nightly|release/[0-9]+\\.[0-9]+"),
    ("an exclude that matches nothing", VERSIONS,
     "  - {platform: windows, pytorch_git_ref: release/2.8}\n",
     "  - {platform: windows, pytorch_git_ref: release/2.8}\n"
     "  - {platform: windows, pytorch_git_ref: release/2.6}\n",
     "matrices/therock/pytorch_versions.yml:30:5: error: exclude matches no combination of the axes"),
    ("a policy naming an unknown family", "matrices/therock/pytorch_ci_policy.yml",
     "push, families: [gfx94x]", "push, families: [gfx94]",
     "matrices/therock/pytorch_ci_policy.yml:33:30: error: field 'families': item 1: 'gfx94' is not "
     "one of the 'name' values of matrices/therock/amdgpu_families.yml (did you mean 'gfx94x'?)"),
]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def edit(path, old, new):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if text.count(old) != 1:
        raise AssertionError(f"{path}: expected one {old!r}")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new))


def tree(root):
    """path -> sha256 of every file under root."""
    out = {}
    for d, _, names in os.walk(root):
        for n in names:
            p = os.path.join(d, n)
            with open(p, "rb") as f:
                out[os.path.relpath(p, root)] = hashlib.sha256(f.read()).hexdigest()
    return out


def main():
    a = parse_args()
    checks = Checks()
    expect = checks.expect

    data_file = os.path.join(a.shared, "reference", "therock", "amdgpu_family_matrix.data.yml")
    validate = os.path.join(a.shared, "tools", "validate_workflows.py")
    for p in (data_file, validate):
        if not os.path.exists(p):
            print(f"FAIL missing {p}: shared/ is required for this test")
            return 1

    # 1. The GPU family table is TheRock's, fact for fact.
    with tempfile.TemporaryDirectory() as tmp:
        copy_project(a.root, tmp)
        with open(os.path.join(tmp, "wfgen.yml"), "a", encoding="utf-8") as f:
            f.write(DUMP_FAMILY)
        with open(os.path.join(tmp, "templates", "dump.json.j2"), "w", encoding="utf-8") as f:
            f.write(DUMP_TEMPLATE)
        r = run([a.wfgen, "generate", "-C", tmp])
        expect(r.returncode == 0, "the family table renders through a template", r.stdout + r.stderr)
        if r.returncode == 0:
            with open(os.path.join(tmp, "generated", "dump", "amdgpu_family_matrix.json")) as f:
                ours = json.load(f)
            with open(data_file) as f:
                theirs = yaml.safe_load(f)
            expect(ours == theirs, "matrices/therock/ hold exactly TheRock's amdgpu_family_matrix data",
                   json.dumps(ours, indent=1, sort_keys=True)[:3000])

    # 2. The policy, as configure_ci.py reads it.
    with open(os.path.join(a.root, POLICY_JSON)) as f:
        policy = json.load(f)
    expect(sorted(policy) == ["pull_request", "push", "schedule", "workflow_dispatch"],
           "the policy covers the four events", str(sorted(policy)))
    pr = policy["pull_request"]
    expect(pr["default"] == {"linux": {}, "windows": {}}, "a pull request without the label builds no PyTorch",
           str(pr["default"]))
    expect(pr["labels"]["build:pytorch"] == {"linux": {"gfx94x": ["release", "asan"]}, "windows": {}},
           "with build:pytorch: gfx94x only", str(pr["labels"]))
    expect(policy["push"]["default"] == {"linux": {"gfx94x": ["release", "asan"]}, "windows": {}},
           "a push to a long-lived branch: gfx94x only", str(policy["push"]))
    nightly = policy["schedule"]["default"]
    expect("gfx90x" not in nightly["windows"] and nightly["linux"].get("gfx90x") == ["release"],
           "gfx90X is out on Windows only (expect_pytorch_failure)", str(nightly))
    expect("gfx101x" not in nightly["linux"] and nightly["windows"].get("gfx101x") == ["release"],
           "gfx101X is out on Linux only (expect_pytorch_failure)", str(nightly))
    expect(len(nightly["linux"]) == 10 and len(nightly["windows"]) == 8,
           "the nightly run builds every other family (10 on Linux, 8 on Windows)", str(nightly))
    expect(all("tsan" not in v for sel in (nightly["linux"], nightly["windows"]) for v in sel.values()),
           "no tsan build (the variant is expected to fail)")
    expect(policy["workflow_dispatch"]["default"] == nightly,
           "a manual run defaults to every eligible family")
    with open(os.path.join(a.root, POLICY_MD)) as f:
        md = f.read()
    expect(md.startswith("<!-- @generated by wfgen from templates/therock/pytorch_ci_policy.md.j2"),
           "the Markdown table carries the marker as an HTML comment")
    expect("| gfx90x (gfx90X-dcgpu) | nightly | windows | release | no: expect_pytorch_failure | - | - | - | - | - |"
           in md, "the table shows why gfx90X on Windows is out", md[-2500:])
    expect("| gfx94x (gfx94X-dcgpu) | presubmit | linux | release, asan, tsan | release, asan | - | release, asan "
           "| release, asan | release, asan | release, asan |" in md, "the table shows gfx94X per trigger")

    # The docs quote the policy's rows as they are.
    with open(os.path.join(a.root, "matrices", "therock", "pytorch_ci_policy.yml")) as f:
        rows = f.read().split("\nentries:\n", 1)[1]
    with open(os.path.join(a.root, "docs", "therock.md")) as f:
        expect("```yaml\n" + rows + "```\n" in f.read(), "docs/therock.md quotes the policy rows as they are")

    # 3. The one-line update: Python 3.14 and release/2.11.
    with tempfile.TemporaryDirectory() as tmp:
        copy_project(a.root, tmp)
        versions = os.path.join(tmp, VERSIONS)
        edit(versions, '"3.12", "3.13"]', '"3.12", "3.13", "3.14"]')
        edit(versions, "release/2.10, nightly]", "release/2.10, release/2.11, nightly]")
        before = tree(os.path.join(tmp, "generated"))
        r = run([a.wfgen, "generate", "-C", tmp])
        changed = sorted(line.split()[-1] for line in r.stdout.splitlines() if line.startswith("updated "))
        expect(r.returncode == 0 and changed == [f"{WORKFLOWS}/{n}" for n in sorted(RELEASES)],
               "the new versions update the two release workflows and nothing else", r.stdout + r.stderr)
        after = tree(os.path.join(tmp, "generated"))
        moved = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
        expect(moved == sorted(os.path.join("therock", ".github", "workflows", n) for n in RELEASES),
               "no other file under generated/ moved", str(moved))
        old_refs = ["release/2.7", "release/2.8", "release/2.9", "release/2.10", "nightly"]
        for name, refs in zip(RELEASES, [old_refs, old_refs[2:]]):
            with open(os.path.join(tmp, WORKFLOWS, name)) as f:
                matrix = yaml.safe_load(f)["jobs"]["release"]["strategy"]["matrix"]
            new_refs = refs[:-1] + ["release/2.11", "nightly"]
            expect(matrix == {"python_version": ["3.10", "3.11", "3.12", "3.13", "3.14"], "pytorch_git_ref": new_refs},
                   f"{name}: Python 3.14 and release/2.11 added, no exclude", str(matrix))
        r = run([sys.executable, validate, os.path.join(tmp, WORKFLOWS)])
        expect(r.returncode == 0, "the updated workflows validate", r.stdout)
        r = run([a.wfgen, "check", "-C", tmp])
        expect(r.returncode == 0, "check passes after generate", r.stdout + r.stderr)

    # 4. Bad input: positioned, exit 1, nothing written (each copy also carries a valid
    # change, which would rewrite the release workflows).
    for what, path, old, new, message in ERRORS:
        with tempfile.TemporaryDirectory() as tmp:
            copy_project(a.root, tmp)
            edit(os.path.join(tmp, VERSIONS), '"3.12", "3.13"]', '"3.12", "3.13", "3.14"]')
            edit(os.path.join(tmp, path), old, new)
            before = tree(os.path.join(tmp, "generated"))
            r = run([a.wfgen, "generate", "-C", tmp])
            first = r.stderr.split("\n", 1)[0]
            expect(r.returncode == 1 and first == message, f"error: {what}",
                   f"  expected: {message}\n  got:      {first}\n{r.stderr}")
            expect(r.stderr.rstrip().endswith("wfgen generate: nothing was written")
                   and tree(os.path.join(tmp, "generated")) == before, f"  ... and nothing was written")

    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
