#!/usr/bin/env python3
"""Write the seed corpus of a fuzz target, taken from the test suites.

Usage: fuzz/seeds.py TARGET OUTDIR

Each target's seeds come from the inputs the tests already hold (templates, data files,
matrices), so fuzzing starts from everything the suites know to be interesting. A new
target adds one entry to SEEDS.
"""

import glob
import hashlib
import json
import os
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def files(*patterns):
    """The files matching `patterns` (relative to the project root), in a stable order."""
    for pattern in patterns:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True)):
            with open(path, "rb") as f:
                yield f.read()


def cases():
    """Every case of the Jinja2 case suite (tests/cases/*.yml)."""
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "cases", "*.yml"))):
        if os.path.basename(path) == "known_differences.yml":
            continue
        with open(path, encoding="utf-8") as f:
            yield from yaml.safe_load(f) or []


def case_sources(case):
    tpl = case["template"]
    return [tpl] if isinstance(tpl, str) else list(tpl.values())


def templates():
    """Template sources: the case suite's, and the project's own templates (prefixed by the
    options byte template_fuzz reads: 0 for Jinja2's defaults, 0x17 for wfgen.yml's)."""
    for case in cases():
        for src in case_sources(case):
            yield b"\x00" + src.encode("utf-8")
    for path in sorted(glob.glob(os.path.join(ROOT, "templates", "**", "*.j2"), recursive=True)):
        with open(path, "rb") as f:
            yield b"\x17" + f.read()


def render_inputs():
    """A case's main template, a NUL, then its data as JSON."""
    for case in cases():
        src = case_sources(case)[0]
        data = json.dumps(case.get("data") or {}, sort_keys=True)
        yield src.encode("utf-8") + b"\x00" + data.encode("utf-8")


def json_documents():
    """The case suite's data, and the JSON files the tests and shared/ hold."""
    for case in cases():
        if case.get("data") is not None:
            yield json.dumps(case["data"], sort_keys=True).encode("utf-8")
        for extra in case.get("data_files") or []:
            if extra["name"].endswith(".json"):
                yield extra["text"].encode("utf-8")
    yield from files("tests/**/*.json", "../shared/conformance/**/*.json")


def yaml_documents():
    """Every YAML text the project and shared/ hold: matrices, the manifest, workflows."""
    yield from files("wfgen.yml", "matrices/**/*.yml", "tests/**/*.yml", "generated/**/*.yml",
                     "../shared/reference/**/*.yml")


def matrices():
    """The project's matrices, and the matrix files the tests write."""
    yield from files("matrices/**/*.yml", "tests/**/matrices/**/*.yml")


def workflows():
    """Real workflows (shared/reference) and every generated one."""
    yield from files("generated/**/*.yml", "../shared/reference/**/*.yml")


SEEDS = {
    "template_fuzz": templates,
    "render_fuzz": render_inputs,
    "json_fuzz": json_documents,
    "yaml_fuzz": yaml_documents,
    "matrix_fuzz": matrices,
    "lint_fuzz": workflows,
}


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in SEEDS:
        sys.exit(f"usage: {sys.argv[0]} TARGET OUTDIR (TARGET: {', '.join(SEEDS)})")
    target, outdir = sys.argv[1:]
    os.makedirs(outdir, exist_ok=True)
    count = 0
    for seed in SEEDS[target]():
        name = hashlib.sha1(seed).hexdigest()
        with open(os.path.join(outdir, name), "wb") as f:
            f.write(seed)
        count += 1
    print(f"{target}: {count} seeds in {outdir}")


if __name__ == "__main__":
    main()
