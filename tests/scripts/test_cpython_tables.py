#!/usr/bin/env python3
"""The CPython expectation tables of the unit tests are what this Python says for their inputs:
runs tests/tools/cpython_tables.py --check (the script that regenerates them).

Usage: test_cpython_tables.py --wfgen BIN --root REPO --shared DIR   (only --root is used)
"""

import argparse
import os
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wfgen")
    ap.add_argument("--root", required=True)
    ap.add_argument("--shared")
    opts = ap.parse_args()
    if sys.version_info[:2] != (3, 11):
        print(f"FAIL: the tables are CPython 3.11's; this is Python {sys.version.split()[0]}")
        return 1
    script = os.path.join(opts.root, "tests", "tools", "cpython_tables.py")
    proc = subprocess.run([sys.executable, script, "--check"], capture_output=True, text=True)
    print(proc.stdout + proc.stderr, end="")
    print(f"cpython tables: {1 if proc.returncode == 0 else 0} passed, "
          f"{0 if proc.returncode == 0 else 1} failed")
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
