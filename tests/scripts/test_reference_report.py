#!/usr/bin/env python3
"""generated/ measured against every real reference in ../shared with the project's
yardstick, ../shared/tools/reference_report.py (outputs found by file name under
generated/<repo>/, compared as data, duplicate keys refused).

    test_reference_report.py --wfgen BIN --root REPO --shared SHARED

Every set in EQUAL must be complete (N/N). A set outside it is printed, not asserted:
it is work in progress, and moves into EQUAL the day it is complete.
Fails (never skips) when shared/ or the tool is missing.
"""
import argparse
import os
import re
import subprocess
import sys

EQUAL = {
    "pytorch-perf-nightlies": 7,
    "pytorch-binary-workflows": 12,
    "therock-pytorch-ci": 8,
    "pytorch-crcr-allowlist": 1,
    "downstream-receivers": 4,
    "pytorch-pull-trunk-periodic": 3,
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wfgen", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--shared", required=True)
    a = ap.parse_args()
    tool = os.path.join(a.shared, "tools", "reference_report.py")
    if not os.path.exists(tool):
        print(f"FAIL missing {tool}: shared/ is required for this test")
        return 1
    r = subprocess.run([sys.executable, tool, os.path.join(a.root, "generated"), "-v"],
                       capture_output=True, text=True)
    print(r.stdout + r.stderr)
    found = {m.group(1): (int(m.group(2)), int(m.group(3)))
             for m in re.finditer(r"^([\w-]+): (\d+)/(\d+) equal$", r.stdout, re.M)}
    failures = []
    for name, total in sorted(EQUAL.items()):
        got = found.get(name)
        ok = got == (total, total)
        print(("ok   " if ok else "FAIL ") + f"{name}: {got[0] if got else '?'}/{total} equal")
        if not ok:
            failures.append(name)
    print(f"{'FAILED' if failures else 'PASSED'}: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
