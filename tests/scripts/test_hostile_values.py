#!/usr/bin/env python3
"""Matrix values YAML would misread reach the generated workflows as the same strings.

A copy of this project gets, in fields the templates print as whole values, strings that
plain YAML would cut at a comment (' #'), split at a mapping (': '), read as a number, a
boolean or a date, or fold at a line break, and one that needs escapes beside characters
past U+FFFF (an emoji joined by U+200D); `wfgen generate` must write them so that PyYAML
(YAML 1.1) and wfgen's own reader (YAML 1.2, GitHub's version) read back exactly the string
the matrix holds, and lint must find no error in the outputs.

Usage: test_hostile_values.py --wfgen BIN --root R --shared S
"""

import json
import os
import subprocess
import sys
import tempfile

import yaml

from script_support import copy_project, parse_args

# (matrix file, the text to replace, its replacement, output, where the value lands, value)
EDITS = [
    ("matrices/pytorch/build_families.yml",
     "  - name: linux-jammy-py3.10-gcc11\n    docker_image: &gcc11_image",
     "  - name: linux-jammy-py3.10-gcc11\n    build_environment: 'linux #1: x'\n"
     "    docker_image: &gcc11_image",
     "pytorch/.github/workflows/pull.yml",
     ["jobs", "linux-jammy-py3_10-gcc11-build", "with", "build-environment"], "linux #1: x"),
    ("matrices/pytorch/build_families.yml",
     "  - name: linux-jammy-py3.10-gcc11-no-ops\n",
     "  - name: linux-jammy-py3.10-gcc11-no-ops\n"
     "    build_environment: \"\\U0001F468\\u200d\\U0001F4BB\\tops\"\n",
     "pytorch/.github/workflows/pull.yml",
     ["jobs", "linux-jammy-py3_10-gcc11-no-ops", "with", "build-environment"],
     "\U0001F468\u200d\U0001F4BB\tops"),
    ("matrices/pytorch/perf_nightly.yml",
     "    workflow_name: inductor-perf-nightly-aarch64\n",
     "    workflow_name: '2023-01-01'\n",
     "pytorch/.github/workflows/inductor-perf-test-nightly-aarch64.yml", ["name"], "2023-01-01"),
    ("matrices/pytorch/perf_nightly.yml",
     "    opt_out_experiments: lf\n",
     "    opt_out_experiments: '+1'\n",
     "pytorch/.github/workflows/inductor-perf-test-nightly-aarch64.yml",
     ["jobs", "get-label-type", "with", "opt_out_experiments"], "+1"),
    ("matrices/pytorch/perf_nightly.yml",
     "        name: linux-jammy-aarch64-py3.10-inductor\n",
     "        name: \"y\"\n",
     "pytorch/.github/workflows/inductor-perf-test-nightly-aarch64.yml",
     ["jobs", "linux-jammy-aarch64-py3_10-inductor-build", "name"], "y"),
    ("matrices/pytorch/perf_nightly.yml",
     "          build-environment: linux-jammy-aarch64-py3.10\n",
     "          build-environment: \"a\\nb\\tc \"\n",
     "pytorch/.github/workflows/inductor-perf-test-nightly-aarch64.yml",
     ["jobs", "linux-jammy-aarch64-py3_10-inductor-build", "with", "build-environment"],
     "a\nb\tc "),
]


def dig(data, path):
    for key in path:
        data = data[key]
    return data


def main():
    args = parse_args()
    wfgen = os.path.abspath(args.wfgen)

    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        copy_project(args.root, tmp)
        for matrix, old, new, *_ in EDITS:
            path = os.path.join(tmp, matrix)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            if old not in text:
                print(f"{matrix} no longer holds {old!r}: update this test")
                return 1
            with open(path, "w", encoding="utf-8") as f:
                f.write(text.replace(old, new, 1))

        run = subprocess.run([wfgen, "generate"], cwd=tmp, capture_output=True, text=True,
                             check=False)
        if run.returncode != 0:
            print("wfgen generate failed:\n" + run.stderr)
            return 1

        for matrix, _, _, output, where, value in EDITS:
            path = os.path.join(tmp, "generated", output)
            with open(path, encoding="utf-8") as f:
                by_pyyaml = yaml.safe_load(f)
            read = subprocess.run([wfgen, "data", path], capture_output=True, text=True,
                                  check=True)
            by_wfgen = json.loads(read.stdout)
            for reader, data in (("PyYAML (YAML 1.1)", by_pyyaml), ("wfgen (YAML 1.2)", by_wfgen)):
                try:
                    got = dig(data, where)
                except (KeyError, TypeError):
                    got = "<missing>"
                if got != value:
                    print(f"{output} {'.'.join(where)}: {reader} reads {got!r}, the matrix "
                          f"({matrix}) holds {value!r}")
                    failures += 1
    print(f"{len(EDITS)} hostile values, {failures} misread")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
